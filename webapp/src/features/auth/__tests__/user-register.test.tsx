import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/server';
import { loadNamespaces, setLanguage } from '../../../lib/i18n';
import { UserRegister } from '../components/user-register';

type Body = Record<string, unknown>;
const ok = (data: unknown = null, msg = '') => HttpResponse.json({ code: 1, msg, time: 0, data });

/** The API of the registration screen: `registerCaptcha` as the server says; requests recorded. */
function api(registerCaptcha: boolean) {
  const sent: Body[] = [];
  const registered: Body[] = [];
  server.use(
    http.get('*/srv/api/user/checkIn', () => ok({ loginCaptcha: true, registerCaptcha, registerType: 'email' })),
    http.post('*/srv/api/Ems/send', async ({ request }) => {
      sent.push((await request.json()) as Body);
      return ok(null, '验证码已发送');
    }),
    http.post('*/srv/api/user/checkIn', async ({ request }) => {
      registered.push((await request.json()) as Body);
      return ok({ userInfo: { id: 3, username: 'alice', token: 'T', refresh_token: '' }, routePath: '/user' }, '注册成功');
    }),
  );
  return { sent, registered };
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/user/reg', Component: UserRegister },
      { path: '/user/loading', element: <p>member center</p> },
    ],
    { initialEntries: ['/user/reg'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const form = () => screen.getByTestId('user-register');
const field = (label: string) => within(form()).getByLabelText(label, { exact: true });

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await within(await screen.findByTestId('user-register')).findByLabelText('电子邮箱', { exact: true });
  await user.type(field('账号'), 'alice');
  await user.type(field('密码'), 'First_pass1');
  await user.type(field('电子邮箱'), 'alice@example.com');
}

beforeEach(async () => {
  await setLanguage('zh-cn');
  await loadNamespaces('zh-cn', ['user/reg']);
});

describe('member registration', { timeout: 60_000 }, () => {
  it('asks for the captcha once: it goes with the code, and the registration sends none when the server needs none', async () => {
    const { sent, registered } = api(false);
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await fillAccount(user);
    await user.type(field('图形验证码'), 'abcd');
    await user.click(within(form()).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ email: 'alice@example.com', event: 'user_register', extras: { captchaInfo: 'abcd' } });
    // The captcha was used up by the code: it is not asked again.
    await waitFor(() => expect(within(form()).queryByLabelText('图形验证码', { exact: true })).toBeNull());
    await user.type(field('验证码'), '123456');
    await user.click(within(form()).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(registered).toHaveLength(1));
    expect(registered[0]).toMatchObject({ tab: 'register', username: 'alice', email: 'alice@example.com', captcha: '123456' });
    expect(registered[0]).not.toHaveProperty('captchaInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/loading'));
  });

  it('keeps the captcha for the registration when the server asks for it there too', async () => {
    const { registered } = api(true);
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillAccount(user);
    await user.type(field('图形验证码'), 'abcd');
    await user.click(within(form()).getByRole('button', { name: '获取验证码' }));
    // A new picture for the registration: the field is there again, empty.
    await waitFor(() => expect(field('图形验证码')).toHaveValue(''));
    await user.type(field('图形验证码'), 'wxyz');
    await user.type(field('验证码'), '123456');
    await user.click(within(form()).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(registered).toHaveLength(1));
    expect(registered[0]).toMatchObject({ captcha: '123456', captchaInfo: 'wxyz' });
  });

  it('does not mark the code field before a code was sent; submitting says to send one first', async () => {
    const { sent, registered } = api(false);
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillAccount(user);
    await user.type(field('图形验证码'), 'abcd');
    await user.click(within(form()).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('请先点击“获取验证码”，再填写收到的验证码');
    expect(field('验证码')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).queryByText('请输入验证码')).toBeNull();
    expect(registered).toHaveLength(0);

    // Once a code was sent, an empty code field is an error.
    await user.click(within(form()).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    expect(await within(form()).findByText('请输入验证码')).toBeInTheDocument();
    expect(field('验证码')).toHaveAttribute('aria-invalid', 'true');
    expect(registered).toHaveLength(0);
  });

  it('requires consent to the terms and the privacy policy, which link to their pages', async () => {
    const { sent, registered } = api(false);
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillAccount(user);
    expect(within(form()).getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/terms/');
    expect(within(form()).getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy/');
    await user.type(field('图形验证码'), 'abcd');
    await user.click(within(form()).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.type(field('验证码'), '123456');
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    expect(await within(form()).findByText('请阅读并同意用户协议和隐私政策')).toBeInTheDocument();
    expect(registered).toHaveLength(0);
    await user.click(within(form()).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form()).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(registered).toHaveLength(1));
  });

  it('shows a field hint until the field has an error, not both', async () => {
    api(false);
    const user = userEvent.setup({ delay: null });
    renderForm();
    const hint = '3 到 15 位，以字母开头，可包含字母、数字和下划线';
    expect(await within(await screen.findByTestId('user-register')).findByText(hint)).toBeInTheDocument();
    await user.type(field('账号'), 'ab');
    await user.tab();
    expect(await within(form()).findByText('账号须为 3 到 15 位，以字母开头，只能包含字母、数字和下划线')).toBeInTheDocument();
    expect(within(form()).queryByText(hint)).toBeNull();
    await user.type(field('账号'), 'c');
    await waitFor(() => expect(within(form()).getByText(hint)).toBeInTheDocument());
  });
});
