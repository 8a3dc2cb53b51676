import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../../lib/i18n';
import { browser } from '../../../lib/browser';
import { NotFound, RETURN_AFTER_SECONDS } from '../components/not-found';
import { NoPower } from '../components/no-power';

beforeAll(async () => {
  await loadNamespaces('zh-cn', ['404', '401']);
  await loadNamespaces('en', ['404', '401']);
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('zh-cn');
});

function renderAt(Component: () => React.ReactNode, withPrevious = true) {
  const router = createMemoryRouter(
    [
      { path: '/prev', element: <p>previous page</p> },
      { path: '/404', Component },
      { path: '/401', Component },
    ],
    withPrevious ? { initialEntries: ['/prev', '/404'], initialIndex: 1 } : { initialEntries: ['/404'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('404 screen (SPEC §2)', () => {
  it('explains, focuses its heading and counts down visibly, then returns to the previous page', async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage('en');
    const router = renderAt(NotFound);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Sorry, this page has run into a problem');
    expect(heading).toHaveFocus();
    expect(screen.getByText(/reporting the problem and will return to the previous page automatically/)).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent(`in ${RETURN_AFTER_SECONDS} seconds`);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent(`in ${RETURN_AFTER_SECONDS - 1} seconds`);
    expect(router.state.location.pathname).toBe('/404');
    for (let i = 1; i < RETURN_AFTER_SECONDS; i += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/prev'));
  });

  it('"Back to previous page" goes back at once; "Return to home page" loads the site home in the language shown', async () => {
    await i18n.changeLanguage('en');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const router = renderAt(NotFound);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Return to home page' }));
    // English is shown: the public site's English home (issue 9).
    expect(assign).toHaveBeenCalledWith('/en/');
    await user.click(screen.getByRole('button', { name: 'Back to previous page' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/prev'));
  });

  it('with no history goes home when the countdown ends', async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    vi.spyOn(browser, 'hasHistory').mockReturnValue(false);
    renderAt(NotFound, false);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('抱歉，您访问的页面出了点问题');
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('5 秒后自动返回上一页');
    for (let i = 0; i < RETURN_AFTER_SECONDS; i += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('401 screen (SPEC §2)', () => {
  it('says there is no permission or the file is invalid, and to contact the administrator (both languages)', async () => {
    const router = createMemoryRouter([{ path: '/401', Component: NoPower }], { initialEntries: ['/401'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText(/没有访问该页面的权限，或该文件已失效.*联系网站管理员/)).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(
      screen.getByText(/no permission to access this page, or the file is invalid\. Please contact the site administrator/),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to home page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to previous page' })).toBeInTheDocument();
  });
});
