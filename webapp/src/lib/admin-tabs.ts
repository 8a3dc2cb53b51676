/**
 * The tab strip's rules (SPEC §2 "Admin shell tab strip"), as pure functions over a tab state:
 * - a route is added only when its meta marks it addable (`addtab`);
 * - a tab with the same path updates its params and query instead of being added twice;
 * - iframe-type menu routes live at /admin/iframe/{encoded url};
 * - a tab can be closed (the neighbour becomes active), all tabs can be closed, a tab can be set
 *   active; full-screen is a flag persisted with the tab view config.
 * The open tabs are kept in the same tab view config (lib/admin-store) so that a reload keeps them;
 * parseStoredTabs reads them back defensively and keepTabs drops those the admin's menus no longer have.
 */
export interface TabRoute {
  path: string;
  /** i18n-free title (already in the current language). */
  title: string;
  query: Record<string, string>;
  params: Record<string, string>;
  meta: { addtab: boolean; menuType?: 'tab' | 'link' | 'iframe'; url?: string; keepalive?: boolean };
}

export interface TabState {
  tabs: TabRoute[];
  active: string | null;
}

export const EMPTY_TABS: TabState = { tabs: [], active: null };

/** Where iframe-type menus live: /admin/iframe/{encoded url}. */
export const IFRAME_PREFIX = '/admin/iframe/';

export function iframePath(url: string): string {
  return `${IFRAME_PREFIX}${encodeURIComponent(url)}`;
}

/** Why a menu cannot open (SPEC §8 navigation messages): a menu type other than tab, link and iframe,
 * or nothing to open (no path, no address). */
export type MenuProblem = 'unrecognizedMenuType' | 'invalidRoute';

export type MenuTarget = { kind: 'route' | 'link'; to: string } | { kind: 'invalid'; to: string; problem: MenuProblem };

/** Where a menu opens: tabs at /admin/<path>, iframes at /admin/iframe/{encoded url}, links outside; a
 * menu that cannot open is `invalid` (its `to` is a key for the menu: `invalid:<problem>:<path>`). */
export function menuTarget(menu: { path: string; menu_type: string; url: string }): MenuTarget {
  const invalid = (problem: MenuProblem): MenuTarget => ({ kind: 'invalid', problem, to: `invalid:${problem}:${menu.path}` });
  if (menu.menu_type === 'link') return menu.url ? { kind: 'link', to: menu.url } : invalid('invalidRoute');
  if (menu.menu_type === 'iframe') return menu.url ? { kind: 'route', to: iframePath(menu.url) } : invalid('invalidRoute');
  if (menu.menu_type !== 'tab') return invalid('unrecognizedMenuType');
  const path = menu.path.replace(/^\/+/, '');
  return path ? { kind: 'route', to: `/admin/${path}` } : invalid('invalidRoute');
}

export function addTab(state: TabState, route: TabRoute): TabState {
  if (!route.meta.addtab) return state;
  const index = state.tabs.findIndex((tab) => tab.path === route.path);
  if (index >= 0) {
    const tabs = state.tabs.slice();
    tabs[index] = { ...tabs[index], params: { ...route.params }, query: { ...route.query } };
    return { tabs, active: route.path };
  }
  return { tabs: [...state.tabs, route], active: route.path };
}

export function setActive(state: TabState, path: string): TabState {
  return state.tabs.some((tab) => tab.path === path) ? { ...state, active: path } : state;
}

export function closeTab(state: TabState, path: string): TabState {
  const index = state.tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return state;
  const tabs = state.tabs.filter((tab) => tab.path !== path);
  let active = state.active;
  if (active === path) active = tabs.length ? tabs[Math.min(index, tabs.length - 1)].path : null;
  return { tabs, active };
}

/** Close every tab except `keep` (the home tab, when given and open). */
export function closeAll(state: TabState, keep?: string): TabState {
  const kept = keep ? state.tabs.filter((tab) => tab.path === keep) : [];
  return { tabs: kept, active: kept.length ? kept[0].path : null };
}

export function closeOthers(state: TabState, path: string): TabState {
  const tabs = state.tabs.filter((tab) => tab.path === path);
  return { tabs, active: tabs.length ? path : null };
}

export function tabUrl(tab: TabRoute): string {
  const search = new URLSearchParams(tab.query).toString();
  return search ? `${tab.path}?${search}` : tab.path;
}

/** Keep only the tabs whose path `known` accepts (after the menus change: a page no longer granted
 * closes); the active tab falls back to a neighbour like closeTab. */
export function keepTabs(state: TabState, known: (path: string) => boolean): TabState {
  let next = state;
  for (const tab of state.tabs) if (!known(tab.path)) next = closeTab(next, tab.path);
  return next;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** The open tabs as read back from storage: anything malformed is dropped, never trusted. */
export function parseStoredTabs(value: unknown): TabState {
  if (typeof value !== 'object' || value === null) return EMPTY_TABS;
  const { tabs, active } = value as { tabs?: unknown; active?: unknown };
  if (!Array.isArray(tabs)) return EMPTY_TABS;
  const seen = new Set<string>();
  const restored: TabRoute[] = [];
  for (const item of tabs as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, title, query, params, meta } = item as Partial<TabRoute>;
    if (typeof path !== 'string' || !path.startsWith('/admin/') || seen.has(path) || typeof title !== 'string') continue;
    seen.add(path);
    const m = (typeof meta === 'object' && meta !== null ? meta : {}) as Partial<TabRoute['meta']>;
    restored.push({
      path,
      title,
      query: isStringRecord(query) ? { ...query } : {},
      params: isStringRecord(params) ? { ...params } : {},
      meta: {
        addtab: true,
        ...(m.menuType === 'tab' || m.menuType === 'link' || m.menuType === 'iframe' ? { menuType: m.menuType } : {}),
        ...(typeof m.keepalive === 'boolean' ? { keepalive: m.keepalive } : {}),
      },
    });
  }
  const activePath = typeof active === 'string' && seen.has(active) ? active : (restored[restored.length - 1]?.path ?? null);
  return { tabs: restored, active: activePath };
}
