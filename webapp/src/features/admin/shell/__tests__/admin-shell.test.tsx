import { useContext } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RoutePathContext } from '../../../../components/permission';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../testing/server';
import { menuNode } from '../../../../testing/menu-node';
import { refreshBadges, resetAdminState, setFullScreen, setMenus, type MenuNode } from '../../../../lib/admin-store';
import { adminSession } from '../../../../lib/auth-tokens';
import { setUnsaved, unsavedAmong } from '../../../../lib/unsaved';
import { i18n } from '../../../../lib/i18n';
import { applyTitle, watchTitle } from '../../../../lib/page-title';
import { TAB_VIEW_CONFIG } from '../../../../lib/storage-keys';
import { AdminShell, type AdminPages } from '../admin-shell';

/** Ten menu pages: 页面1 … 页面10 (Page 1 … Page 10 in English) at /admin/p1 … /admin/p10. */
const PAGE_COUNT = 10;
const menus = (lang: 'zh-cn' | 'en'): MenuNode[] =>
  Array.from({ length: PAGE_COUNT }, (_, i) =>
    menuNode({
      id: i + 1,
      title: lang === 'en' ? `Page ${i + 1}` : `页面${i + 1}`,
      name: `p${i + 1}`,
      path: `p${i + 1}`,
      component: 'page',
      icon: 'DashboardOutlined',
    }),
  );

/** Every tab shows the same page component: it names the tab it belongs to. */
function Page() {
  return <p>page body {useContext(RoutePathContext)}</p>;
}
const pages: AdminPages = { page: Page };

/** matchMedia of a screen `width` px wide (antd's breakpoints and the phone query read it). */
function screenWidth(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'min' ? width >= Number(px) : width <= Number(px),
    );
  const jsdomMatchMedia = window.matchMedia; // src/testing/setup's stand-in: never matches
  vi.stubGlobal('matchMedia', (query: string) => ({ ...jsdomMatchMedia(query), matches: matches(query) }));
}

let unwatch: () => void = () => undefined;

function renderShell(path: string) {
  unwatch = watchTitle();
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminShell pages={pages} />,
        children: [{ path: '*', element: null }],
      },
      { path: '/admin/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const tabs = () => within(screen.getByRole('tablist', { name: '已打开的页面' })).getAllByRole('tab');
/** The tabs' titles (rc-tabs adds a hidden "Tab 1 of 3" to the focused one). */
const tabTitles = () => tabs().map((tab) => tab.textContent!.replace(/Tab \d+ of \d+/, ''));

/** On a wide screen, the shell opened at `first` (its page shown), then the pages `more` opened as tabs. */
async function openTabs(first: string, ...more: string[]) {
  screenWidth(1440);
  const router = renderShell(first);
  await screen.findByText(`page body ${first}`);
  for (const path of more) await act(() => router.navigate(path));
  await vi.waitFor(() => expect(tabs()).toHaveLength(1 + more.length));
  return router;
}

async function openAll(router: ReturnType<typeof renderShell>) {
  for (let i = 1; i <= PAGE_COUNT; i += 1) {
    await act(() => router.navigate(`/admin/p${i}`));
  }
  await vi.waitFor(() => expect(tabs()).toHaveLength(PAGE_COUNT));
}

beforeEach(() => {
  adminSession.set({ id: 7, username: 'admin', nickname: 'Admin', token: 'T' });
  server.use(
    http.get('*/srv/admin/index/index', ({ request }) =>
      HttpResponse.json({
        code: 1,
        msg: '',
        time: 0,
        data: {
          adminInfo: { id: 7, username: 'admin', nickname: 'Admin' },
          menus: menus(request.headers.get('think-lang') === 'en' ? 'en' : 'zh-cn'),
        },
      }),
    ),
  );
  setMenus(menus('zh-cn'));
  applyTitle('general:route.adminLoading');
});

afterEach(async () => {
  unwatch();
  vi.unstubAllGlobals();
  await act(async () => {
    await i18n.changeLanguage('zh-cn');
  });
  resetAdminState();
  setFullScreen(false);
  adminSession.clear();
});

// Rendering the shell with antd in jsdom is slow on a busy machine.
describe('the back-office shell', { timeout: 60_000 }, () => {
  it('holds ten tabs in one strip: the last opened is selected and shown, the browser title names it', async () => {
    screenWidth(1440);
    const router = renderShell('/admin/p1');
    expect(await screen.findByText('page body /admin/p1')).toBeVisible();
    expect(document.title).toBe('页面1 - 城市运营公司');
    await openAll(router);

    const selected = tabs().filter((tab) => tab.getAttribute('aria-selected') === 'true');
    expect(selected.map((tab) => tab.textContent)).toEqual(['页面10']);
    expect(selected[0]).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('page body /admin/p10')).toBeVisible();
    // Pages already shown stay mounted (hidden) so they keep their state.
    expect(screen.getByText('page body /admin/p1')).not.toBeVisible();
    expect(document.title).toBe('页面10 - 城市运营公司');
    // The tablist holds only tabs: the "more" button and each "×" are for the mouse (with a tooltip),
    // hidden from screen readers and out of the Tab order; each tab says how to close it by keyboard.
    // (jsdom lays nothing out, so nothing overflows and the "more" button stays hidden here.)
    const more = document.querySelector('.ant-tabs-nav-more')!;
    expect(more).toHaveAttribute('aria-hidden', 'true');
    expect(more).toHaveAttribute('title', '更多已打开的页面');
    const closeThird = document.querySelector('[data-node-key="/admin/p3"] .ant-tabs-tab-remove')!;
    expect(closeThird).toHaveAttribute('aria-hidden', 'true');
    expect(closeThird).toHaveAttribute('tabindex', '-1');
    expect(closeThird).toHaveAttribute('title', '关闭“页面3”');
    expect(within(screen.getByRole('tablist')).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('tab', { name: '页面3' })).toHaveAccessibleDescription('按 Delete 键关闭此页，按 Shift+F10 打开更多操作');
    await userEvent.setup().click(closeThird);
    await vi.waitFor(() => expect(tabs()).toHaveLength(PAGE_COUNT - 1));
    expect(screen.queryByRole('tab', { name: '页面3' })).toBeNull();

    // Back to a tab: the title follows.
    await userEvent.setup().click(screen.getByRole('tab', { name: '页面4' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/p4'));
    expect(document.title).toBe('页面4 - 城市运营公司');
  });

  it('asks before closing a tab whose page has unsaved changes (lib/unsaved)', async () => {
    screenWidth(1440);
    const router = renderShell('/admin/p1');
    await act(() => router.navigate('/admin/p2'));
    await vi.waitFor(() => expect(tabs()).toHaveLength(2));
    setUnsaved('/admin/p2', true);
    const user = userEvent.setup();
    const close = () => user.click(document.querySelector('[data-node-key="/admin/p2"] .ant-tabs-tab-remove')!);
    await close();
    expect(await screen.findByRole('dialog', { name: '有未保存的修改' })).toHaveTextContent('关闭或刷新后这些修改会丢失');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(tabs()).toHaveLength(2);
    await close();
    // (jsdom never ends antd's closing animation: the cancelled dialog is still in the document.)
    await user.click((await screen.findAllByRole('button', { name: '放弃修改' })).at(-1)!);
    await vi.waitFor(() => expect(tabs()).toHaveLength(1));
    expect(unsavedAmong(['/admin/p2'])).toEqual([]);
    // Without unsaved changes a tab closes at once.
    await act(() => router.navigate('/admin/p3'));
    await vi.waitFor(() => expect(tabs()).toHaveLength(2));
    await user.click(document.querySelector('[data-node-key="/admin/p3"] .ant-tabs-tab-remove')!);
    await vi.waitFor(() => expect(tabs()).toHaveLength(1));
  });

  it('keeps the open tabs for this admin: saved as they change, restored when the menus load again', async () => {
    await openTabs('/admin/p2', '/admin/p5', '/admin/p9?id=3');

    const saved = JSON.parse(localStorage.getItem(TAB_VIEW_CONFIG)!);
    expect(saved.tabs.map((tab: { path: string }) => tab.path)).toEqual(['/admin/p2', '/admin/p5', '/admin/p9']);
    expect(saved.active).toBe('/admin/p9');
    expect(saved.owner).toBe('7');

    // A reload: the page and the store start again, the saved config stays; the loading route stores
    // the menus, then opens the address.
    cleanup();
    const stored = localStorage.getItem(TAB_VIEW_CONFIG)!;
    resetAdminState();
    localStorage.setItem(TAB_VIEW_CONFIG, stored);
    setMenus(menus('zh-cn'));
    const reloaded = renderShell('/admin/p5');
    expect(await screen.findByText('page body /admin/p5')).toBeVisible();
    expect(tabTitles()).toEqual(['页面2', '页面5', '页面9']);
    expect(screen.getByRole('tab', { name: '页面5' })).toHaveAttribute('aria-selected', 'true');
    // Restored tabs load their page only when shown; the query string came back with the tab.
    expect(screen.queryByText('page body /admin/p2')).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: '页面9' }));
    await vi.waitFor(() => expect(reloaded.state.location.pathname + reloaded.state.location.search).toBe('/admin/p9?id=3'));
    expect(screen.getByText('page body /admin/p9')).toBeVisible();
  });

  it('is used by keyboard: Tab reaches the selected tab, arrows move along the strip, Enter opens, Delete closes', async () => {
    const user = userEvent.setup();
    const router = await openTabs('/admin/p1', '/admin/p2', '/admin/p3');

    const selected = screen.getByRole('tab', { name: '页面3' });
    for (let i = 0; i < 30 && document.activeElement !== selected; i += 1) await user.tab();
    expect(selected).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '页面2' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/p1'));
    expect(screen.getByRole('tab', { name: '页面1' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('page body /admin/p1')).toBeVisible();

    await user.keyboard('{Delete}');
    await vi.waitFor(() => expect(tabTitles()).toEqual(['页面2', '页面3']));

    // The tab's menu (Shift+F10 is a contextmenu event on the focused tab) takes the focus.
    const second = screen.getByRole('tab', { name: '页面2' });
    second.focus();
    fireEvent.contextMenu(second);
    const closeOthers = await screen.findByRole('menuitem', { name: '关闭其他' });
    const menu = closeOthers.closest('[role="menu"]')!;
    await vi.waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.click(closeOthers);
    await vi.waitFor(() => expect(tabTitles()).toEqual(['页面2']));
    expect(router.state.location.pathname).toBe('/admin/p2');
  });

  it('labels "close all" in both languages; closing all keeps the home tab', async () => {
    const user = userEvent.setup();
    const router = await openTabs('/admin/p1', '/admin/p4');

    await user.click(screen.getByRole('button', { name: '关闭全部' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/p1'));
    expect(tabTitles()).toEqual(['页面1']);

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(await screen.findByRole('button', { name: 'Close all' })).toBeInTheDocument();
    // The menus come again in English: tab and browser title follow.
    expect(await screen.findByRole('tab', { name: 'Page 1' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Page 1 - City Operations Company'));
  });

  it('on a phone: the menu is a drawer and the tools are behind one "Tools" button', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    renderShell('/admin/p1');
    await screen.findByText('page body /admin/p1');
    expect(screen.queryByRole('navigation', { name: '后台菜单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭全部' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '工具' }));
    const tools = await screen.findByRole('dialog', { name: '工具' });
    for (const name of ['关闭全部', '刷新', '全屏', '布局设置', '清理缓存', 'English']) {
      expect(within(tools).getByRole('button', { name })).toBeVisible();
    }
    expect(within(tools).getByRole('switch', { name: '深色模式' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const nav = await screen.findByRole('navigation', { name: '后台菜单' });
    expect(within(nav).getByText('页面2')).toBeVisible();
  });

  it('full screen hides menu and header and shows a labelled way out', async () => {
    screenWidth(1440);
    const user = userEvent.setup();
    renderShell('/admin/p1');
    await screen.findByText('page body /admin/p1');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(screen.queryByRole('navigation', { name: '后台菜单' })).toBeNull();
    const exit = screen.getByRole('button', { name: '退出全屏' });
    expect(exit).toHaveTextContent('退出全屏');
    expect(screen.getByRole('tab', { name: '页面1' })).toBeInTheDocument();
    await user.click(exit);
    expect(screen.getByRole('navigation', { name: '后台菜单' })).toBeInTheDocument();
  });

  it('shows the count of pending items beside a menu (new enquiries…) and reads it again when a page asks', async () => {
    screenWidth(1440);
    let pending = 3;
    server.use(
      http.get('*/srv/admin/index/badges', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { badges: { p3: pending } } })),
    );
    renderShell('/admin/p1');
    const item = await screen.findByRole('menuitem', { name: /^页面3\s*（3 条待处理）$/ });
    expect(within(item).getByText('3', { selector: 'sup *' })).toBeVisible();
    pending = 0; // an enquiry was handled: the page asks the shell to read the counts again
    act(() => refreshBadges());
    expect(await screen.findByRole('menuitem', { name: '页面3' })).toBeVisible();
    expect(document.querySelector('[data-badge]')).toBeNull();
  });

  it("shows the admin's avatar picture, else the first letter of the name", async () => {
    screenWidth(1440);
    renderShell('/admin/p1');
    await screen.findByText('page body /admin/p1');
    const account = screen.getByTestId('admin-menu');
    expect(account).toHaveTextContent('Admin');
    expect(account.querySelector('img')).toBeNull();
    expect(within(account).getByText('A')).toBeVisible();
  });

  it('shows the picture when the admin has one', async () => {
    screenWidth(1440);
    adminSession.update({ avatar: '/storage/avatar/20260101/a.png' });
    renderShell('/admin/p1');
    await screen.findByText('page body /admin/p1');
    expect(screen.getByTestId('admin-menu').querySelector('img')).toHaveAttribute('src', '/storage/avatar/20260101/a.png');
  });
});
