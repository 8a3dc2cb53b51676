import { afterEach, describe, expect, it } from 'vitest';
import { getAdminState, openTab, resetAdminState, setMenus } from '../admin-store';
import { parseStoredTabs, type TabRoute } from '../admin-tabs';
import { adminSession } from '../auth-tokens';
import { TAB_VIEW_CONFIG } from '../storage-keys';
import { menuNode } from '../../testing/menu-node';

const MENUS = [
  menuNode({ id: 1, title: '控制台', name: 'dashboard', path: 'dashboard', component: 'dashboard' }),
  menuNode({ id: 2, title: '管理员管理', name: 'auth/admin', path: 'auth/admin' }),
  menuNode({ id: 3, title: '附件管理', name: 'routine/attachment', path: 'routine/attachment' }),
];

const tab = (path: string, title = path): TabRoute => ({ path, title, query: {}, params: {}, meta: { addtab: true } });

/** The admin `id` works with the three pages open, then the page is reloaded (the store starts again,
 * local storage stays) and the loading route stores `menus` for whoever is logged in then. */
function reloadAfterWork(id: number, loggedInAfter: number, menus = MENUS) {
  adminSession.set({ id, username: 'a', token: 'T' });
  setMenus(MENUS);
  openTab(tab('/admin/dashboard', '控制台'));
  openTab(tab('/admin/routine/attachment', '附件管理'));
  openTab({ ...tab('/admin/auth/admin', '管理员管理'), query: { page: '2' } });
  const saved = localStorage.getItem(TAB_VIEW_CONFIG)!;
  resetAdminState();
  localStorage.setItem(TAB_VIEW_CONFIG, saved);
  adminSession.set({ id: loggedInAfter, username: 'b', token: 'T' });
  setMenus(menus);
  return getAdminState().tabs;
}

afterEach(() => {
  resetAdminState();
  adminSession.clear();
});

describe('open tabs across reloads (tab view config)', () => {
  it('come back for the same admin, in order, with their query and the active one', () => {
    const tabs = reloadAfterWork(1, 1);
    expect(tabs.tabs.map((t) => t.path)).toEqual(['/admin/dashboard', '/admin/routine/attachment', '/admin/auth/admin']);
    expect(tabs.tabs[2].query).toEqual({ page: '2' });
    expect(tabs.active).toBe('/admin/auth/admin');
  });

  it('are not handed to another admin on the same browser', () => {
    expect(reloadAfterWork(1, 2).tabs).toEqual([]);
  });

  it('lose the pages the menus no longer have, and take the titles of the menus now', () => {
    const menus = [MENUS[0], { ...MENUS[2], title: 'Attachments' }];
    const tabs = reloadAfterWork(1, 1, menus);
    expect(tabs.tabs.map((t) => [t.path, t.title])).toEqual([
      ['/admin/dashboard', '控制台'],
      ['/admin/routine/attachment', 'Attachments'],
    ]);
    expect(tabs.active).toBe('/admin/routine/attachment');
  });

  it('are forgotten on logout, keeping the full-screen flag', () => {
    adminSession.set({ id: 1, username: 'a', token: 'T' });
    setMenus(MENUS);
    openTab(tab('/admin/dashboard'));
    localStorage.setItem(TAB_VIEW_CONFIG, JSON.stringify({ ...JSON.parse(localStorage.getItem(TAB_VIEW_CONFIG)!), fullScreen: true }));
    resetAdminState();
    expect(JSON.parse(localStorage.getItem(TAB_VIEW_CONFIG)!)).toMatchObject({ tabs: [], active: null, fullScreen: true });
    setMenus(MENUS);
    expect(getAdminState().tabs.tabs).toEqual([]);
  });

  it('are read back defensively: junk is dropped, never trusted', () => {
    expect(parseStoredTabs(null)).toEqual({ tabs: [], active: null });
    expect(parseStoredTabs({ tabs: 'x' })).toEqual({ tabs: [], active: null });
    const parsed = parseStoredTabs({
      tabs: [
        tab('/admin/a'),
        tab('/admin/a'),
        { path: 'https://evil.example/', title: 'x' },
        { path: '/admin/b', title: 3 },
        { path: '/admin/c', title: 'C', query: { q: 1 }, meta: { menuType: 'evil', keepalive: true } },
      ],
      active: '/admin/zzz',
    });
    expect(parsed.tabs.map((t) => t.path)).toEqual(['/admin/a', '/admin/c']);
    expect(parsed.tabs[1]).toEqual({ path: '/admin/c', title: 'C', query: {}, params: {}, meta: { addtab: true, keepalive: true } });
    expect(parsed.active).toBe('/admin/c');
  });
});
