import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/server';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { attachNavigationEffects } from '../navigation';
import { applyTitle, watchTitle } from '../../lib/page-title';
import { i18n } from '../../lib/i18n';
import { adminSession, memberSession } from '../../lib/auth-tokens';
import { api } from '../../lib/request';
import { resetAdminState } from '../../lib/admin-store';
import { LANGUAGE } from '../../lib/storage-keys';
import { setSiteConfig } from '../../lib/site';

/** GET /admin/index/index answering with a super admin holding `menus`; `paths`: every page of the back office. */
// What a screen of the app needs to appear: its lazy chunks load and it draws. On a two-core machine
// running the Python suites beside this one that has taken over 8 s (a fresh-clone run, 2026-11-29),
// so each wait allows 20 s and each test a minute.
const LOADED = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const adminIndexHandler = (menus: unknown[], group_arr: number[], paths: string[] = []) =>
  http.get('*/srv/admin/index/index', () =>
    HttpResponse.json({
      code: 1,
      msg: '',
      time: 0,
      data: {
        adminInfo: { id: 1, username: 'admin', nickname: 'Admin', avatar: '', super: true, group_arr },
        menus,
        siteConfig: {},
        terminal: {},
        paths,
      },
    }),
  );

let unwatch = () => undefined as void;

function renderApp(path: string) {
  unwatch = watchTitle();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  api.configure({ fetch: (input, init) => fetch(new URL(String(input), window.location.origin), init) });
  attachNavigationEffects(router, {
    progress: { start: () => undefined, done: () => undefined, isStarted: () => false },
    overlay: { show: () => undefined, hide: () => undefined },
    setTitle: (key) => applyTitle(key),
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(async () => {
  unwatch();
  await act(async () => {
    await i18n.changeLanguage('zh-cn');
  });
  setSiteConfig({ siteName: '' });
});

describe('the app', () => {
  it('/admin without a token ends on the admin login form, with a heading and no captcha', async () => {
    const router = renderApp('/admin');
    const form = await screen.findByTestId('admin-login', {}, LOADED);
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(screen.getByRole('heading', { level: 1, name: '后台管理登录' })).toBeInTheDocument();
    expect(form).toHaveAccessibleName('后台管理登录');
    expect(within(form).getByLabelText('用户名')).toBeInTheDocument();
    expect(within(form).getByLabelText('密码')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: '保持登录' })).toBeInTheDocument();
    expect(screen.queryByTestId('captcha-field')).toBeNull();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(document.title).toBe('管理员登录 - 城市运营公司');
  });

  it('shows the captcha field when the server says captcha is on', async () => {
    server.use(http.get('*/srv/admin/index/login', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { captcha: true } })));
    renderApp('/admin/login');
    expect(await screen.findByTestId('captcha-field', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByLabelText('验证码')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '验证码图片' }).getAttribute('src')).toMatch(/^\/srv\/api\/common\/captcha\?id=/);
  });

  it('validates, shows the server message on error, then logs in and opens the back office', async () => {
    let body: Record<string, unknown> = {};
    let fail = true;
    server.use(
      http.post('*/srv/admin/index/login', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        if (fail) return HttpResponse.json({ code: 0, msg: '用户名或密码错误', time: 0, data: null });
        return HttpResponse.json({
          code: 1,
          msg: '登录成功',
          time: 0,
          data: { userInfo: { id: 1, username: 'admin', nickname: 'Admin', token: 'T', refresh_token: 'R' } },
        });
      }),
    );
    const user = userEvent.setup();
    const router = renderApp('/admin/login?to=' + encodeURIComponent(JSON.stringify({ path: '/admin/x', query: {} })));
    const form = await screen.findByTestId('admin-login', {}, LOADED);
    await user.type(within(form).getByLabelText('用户名'), '1bad');
    await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
    expect(await within(form).findByText(/账号须为 3 到 15 位/)).toBeInTheDocument();
    // Each field validates on its own (asynchronously): wait for the second message too.
    expect(await within(form).findByText('请输入密码')).toBeInTheDocument();
    expect(within(form).getByLabelText('用户名')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('用户名'));
    await user.type(within(form).getByLabelText('用户名'), 'admin');
    await user.type(within(form).getByLabelText('密码'), 'secret123');
    await user.click(within(form).getByRole('checkbox', { name: '保持登录' }));
    await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
    expect(await within(form).findByText('用户名或密码错误')).toBeInTheDocument();
    expect(body).toEqual({ username: 'admin', password: 'secret123', keep: true });

    fail = false;
    server.use(adminIndexHandler([], []));
    await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
    expect(adminSession.get()).toMatchObject({ token: 'T', refreshToken: 'R', username: 'admin' });
    // The loading route fetches the admin's menus; /admin/x is no page of the back office, so it
    // shows the 404 page inside the shell (issue 9), at its own address.
    expect(await screen.findByRole('heading', { level: 1, name: '抱歉，您访问的页面出了点问题' }, LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/x');
    expect(screen.getByRole('tablist', { name: '已打开的页面' })).toBeInTheDocument();
  });

  describe('back-office addresses (issue 9)', () => {
    const dashboard = {
      id: 1,
      pid: 0,
      type: 'menu',
      title: '控制台',
      name: 'dashboard',
      path: 'dashboard',
      icon: '',
      menu_type: 'tab',
      url: '',
      component: 'dashboard',
      keepalive: false,
    };
    const signedIn = () => {
      adminSession.set({ id: 1, username: 'admin', nickname: 'Admin', token: 'T' });
      server.use(
        adminIndexHandler([dashboard], [1], ['auth/admin', 'business/news', 'dashboard', 'user/user']),
        http.get('*/srv/admin/dashboard/index', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: {} })),
      );
    };
    afterEach(() => adminSession.clear());

    it('a mistyped address shows the 404 page inside the shell, not 401', async () => {
      signedIn();
      const router = renderApp('/admin/nope');
      expect(await screen.findByRole('heading', { level: 1, name: '抱歉，您访问的页面出了点问题' }, LOADED)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/nope');
      expect(screen.queryByText('401')).toBeNull();
      // Inside the shell (jsdom is phone-sized: the menu is in the drawer): its tab strip is there,
      // and only one main landmark.
      expect(screen.getByRole('tablist', { name: '已打开的页面' })).toBeInTheDocument();
      expect(screen.getAllByRole('main')).toHaveLength(1);
    });

    it('a page of the back office the admin is not granted still goes to 401', async () => {
      signedIn();
      const router = renderApp('/admin/auth/group');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'), LOADED);
    });

    it('a page the app draws from data (a designed table) the admin is not granted goes to 401 too (issue 32 #14)', async () => {
      resetAdminState(); // the menus and paths are those this admin's index answers
      signedIn();
      const router = renderApp('/admin/business/news');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'), LOADED);
      // …while a mistyped one beside it is still the 404 inside the shell.
      await act(async () => {
        await router.navigate('/admin/business/newz');
      });
      expect(await screen.findByRole('heading', { level: 1, name: '抱歉，您访问的页面出了点问题' }, LOADED)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/business/newz');
    }, 40_000);
  });

  it('the member center shell is titled member center', async () => {
    memberSession.set({ id: 5, token: 'U', nickname: '小王' });
    renderApp('/user');
    expect(await screen.findByRole('heading', { level: 1, name: '会员中心' }, LOADED)).toBeInTheDocument();
    // The menu shows once the member's granted pages are known (GET /api/user/index).
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '余额记录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });

  it('/user/reg: title in both languages, language switch persisted, validators in the form', async () => {
    const user = userEvent.setup();
    renderApp('/user/reg');
    const form = await screen.findByTestId('user-register', {}, LOADED);
    expect(document.title).toBe('会员注册 - 城市运营公司');
    await user.type(await within(form).findByLabelText('手机号'), '123');
    await user.tab();
    expect(await within(form).findByText('请输入正确的手机号')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    await vi.waitFor(() => expect(document.title).toBe('Member registration - City Operations Company'), LOADED);
    expect(localStorage.getItem(LANGUAGE)).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Member registration' })).toBeInTheDocument();
    // The shown error is re-rendered in the new language (asynchronously: the form re-validates).
    expect(await within(form).findByText('Please enter the correct mobile number', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    // The verification type comes from GET /api/user/checkIn (mobile here); the captcha is always asked.
    expect(within(form).queryByLabelText('E-mail')).toBeNull();
    expect(within(form).getByRole('button', { name: "Can't read it? Show another" })).toBeInTheDocument();

    act(() => setSiteConfig({ siteName: 'Metro Ops' }));
    expect(document.title).toBe('Member registration - Metro Ops');
  });
});
