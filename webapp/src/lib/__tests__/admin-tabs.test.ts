import { describe, expect, it } from 'vitest';
import { EMPTY_TABS, addTab, closeAll, closeTab, iframePath, menuTarget, setActive, type TabRoute } from '../admin-tabs';

const route = (path: string, extra: Partial<TabRoute> = {}): TabRoute => ({
  path,
  title: path,
  query: {},
  params: {},
  meta: { addtab: true },
  ...extra,
});

describe('tab strip rules', () => {
  it('adds only routes whose meta marks them addable', () => {
    const state = addTab(EMPTY_TABS, route('/admin/login', { meta: { addtab: false } }));
    expect(state.tabs).toHaveLength(0);
    expect(addTab(state, route('/admin/dashboard')).tabs.map((t) => t.path)).toEqual(['/admin/dashboard']);
  });

  it('updates params and query of a tab with the same path instead of adding it twice', () => {
    let state = addTab(EMPTY_TABS, route('/admin/auth/admin', { query: { page: '1' } }));
    state = addTab(state, route('/admin/dashboard'));
    state = addTab(state, route('/admin/auth/admin', { query: { page: '3' }, params: { id: '7' } }));
    expect(state.tabs.map((t) => t.path)).toEqual(['/admin/auth/admin', '/admin/dashboard']);
    expect(state.tabs[0].query).toEqual({ page: '3' });
    expect(state.tabs[0].params).toEqual({ id: '7' });
    expect(state.active).toBe('/admin/auth/admin');
  });

  it('rewrites iframe menus to /admin/iframe/{encoded url}', () => {
    const url = 'https://example.com/a?b=1';
    expect(iframePath(url)).toBe(`/admin/iframe/${encodeURIComponent(url)}`);
    expect(menuTarget({ path: 'x', menu_type: 'iframe', url })).toEqual({ kind: 'route', to: iframePath(url) });
    expect(menuTarget({ path: 'x', menu_type: 'link', url })).toEqual({ kind: 'link', to: url });
    expect(menuTarget({ path: 'auth/admin', menu_type: 'tab', url: '' })).toEqual({ kind: 'route', to: '/admin/auth/admin' });
  });

  it('closes one tab (a neighbour becomes active), closes all and sets active', () => {
    let state = EMPTY_TABS;
    for (const p of ['/admin/a', '/admin/b', '/admin/c']) state = addTab(state, route(p));
    state = setActive(state, '/admin/b');
    expect(state.active).toBe('/admin/b');
    expect(setActive(state, '/admin/none').active).toBe('/admin/b');
    const closed = closeTab(state, '/admin/b');
    expect(closed.tabs.map((t) => t.path)).toEqual(['/admin/a', '/admin/c']);
    expect(closed.active).toBe('/admin/c');
    expect(closeTab(closeTab(closed, '/admin/c'), '/admin/a')).toEqual({ tabs: [], active: null });
    expect(closeAll(state)).toEqual({ tabs: [], active: null });
    expect(closeAll(state, '/admin/a').tabs.map((t) => t.path)).toEqual(['/admin/a']);
  });
});
