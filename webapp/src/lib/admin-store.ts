/**
 * The back office's state outside React: the admin's menus (from GET /admin/index/index), the map
 * of authorised nodes (route path → allowed "path/action" names, SPEC §6), the open tabs and the
 * full-screen flag. The tab view config (storage-keys TAB_VIEW_CONFIG, SPEC §3) persists the
 * full-screen flag (SPEC §2) and the open tabs with their owner (the admin's id): a reload keeps the
 * tabs, another admin on the same browser does not get them, and logging out forgets them.
 */
import { useSyncExternalStore } from 'react';
import { adminSession } from './auth-tokens';
import type { MenuNode } from './api/generated/types.gen';
import { TAB_VIEW_CONFIG } from './storage-keys';
import { readJson, writeJson } from './storage';
import {
  EMPTY_TABS,
  IFRAME_PREFIX,
  addTab,
  closeAll,
  closeOthers,
  closeTab,
  keepTabs,
  menuTarget,
  parseStoredTabs,
  setActive,
  type TabRoute,
  type TabState,
} from './admin-tabs';

/** A rule of the menu tree (GET /admin/index/index → menus), as the API declares it. */
export type { MenuNode };

export interface AdminState {
  loaded: boolean;
  menus: MenuNode[];
  /** Route path (/admin/auth/admin) → its allowed actions (/admin/auth/admin/add, …). */
  authNode: Record<string, string[]>;
  /** Route path → the menu it shows. */
  routes: Record<string, MenuNode>;
  tabs: TabState;
  fullScreen: boolean;
}

interface TabViewConfig {
  fullScreen?: boolean;
  tabs?: TabRoute[];
  active?: string | null;
  /** The id of the admin whose tabs these are. */
  owner?: string;
}

const readConfig = (): TabViewConfig => readJson<TabViewConfig>(TAB_VIEW_CONFIG) ?? {};
const currentOwner = (): string => String(adminSession.get().id ?? '');

/** The tabs saved by the admin who is logged in now (none for anyone else). */
function storedTabs(): TabState {
  const config = readConfig();
  return config.owner !== undefined && config.owner === currentOwner() ? parseStoredTabs(config) : EMPTY_TABS;
}

const listeners = new Set<() => void>();
let state: AdminState = {
  loaded: false,
  menus: [],
  authNode: {},
  routes: {},
  tabs: EMPTY_TABS,
  fullScreen: Boolean(readConfig().fullScreen),
};

function emit(next: AdminState) {
  const tabsChanged = next.tabs !== state.tabs;
  state = next;
  if (tabsChanged) {
    const { tabs, active } = next.tabs;
    writeJson(TAB_VIEW_CONFIG, { ...readConfig(), tabs, active, owner: currentOwner() });
  }
  listeners.forEach((listener) => listener());
}

export function getAdminState(): AdminState {
  return state;
}

export function useAdminState(): AdminState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAdminState,
    getAdminState,
  );
}

/** Index the menu tree: routes by path and, per route, the allowed actions of its buttons. */
export function indexMenus(menus: MenuNode[]): Pick<AdminState, 'authNode' | 'routes'> {
  const routes: Record<string, MenuNode> = {};
  const authNode: Record<string, string[]> = {};
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'menu') {
        const target = menuTarget(node);
        if (target.kind === 'route') {
          routes[target.to] = node;
          authNode[target.to] = (node.children ?? []).filter((child) => child.type === 'button').map((child) => `/admin/${child.name}`);
        }
      }
      if (node.children) walk(node.children);
    }
  };
  walk(menus);
  return { routes, authNode };
}

/**
 * Stores the menus. The first time (after a reload or a login) the open tabs are those this admin
 * saved; tabs whose page the menus no longer have close, and the others take their menu's title (the
 * titles follow the language).
 */
export function setMenus(menus: MenuNode[]): void {
  const indexed = indexMenus(menus);
  const open = state.loaded ? state.tabs : storedTabs();
  const kept = keepTabs(open, (path) => Boolean(indexed.routes[path]) || path.startsWith(IFRAME_PREFIX));
  const tabs = kept.tabs.map((tab) => {
    const title = indexed.routes[tab.path]?.title;
    return title && title !== tab.title ? { ...tab, title } : tab;
  });
  emit({ ...state, loaded: true, menus, ...indexed, tabs: { ...kept, tabs } });
}

/** Logging out: the menus go, and so do the open tabs (saved ones too). */
export function resetAdminState(): void {
  writeJson(TAB_VIEW_CONFIG, { ...readConfig(), tabs: [], active: null });
  emit({ ...state, loaded: false, menus: [], authNode: {}, routes: {}, tabs: EMPTY_TABS });
}

export function openTab(route: TabRoute): void {
  emit({ ...state, tabs: addTab(state.tabs, route) });
}

export function activateTab(path: string): void {
  emit({ ...state, tabs: setActive(state.tabs, path) });
}

export function removeTab(path: string): TabState {
  emit({ ...state, tabs: closeTab(state.tabs, path) });
  return state.tabs;
}

export function removeAllTabs(keep?: string): TabState {
  emit({ ...state, tabs: closeAll(state.tabs, keep) });
  return state.tabs;
}

export function removeOtherTabs(path: string): TabState {
  emit({ ...state, tabs: closeOthers(state.tabs, path) });
  return state.tabs;
}

export function setFullScreen(fullScreen: boolean): void {
  writeJson(TAB_VIEW_CONFIG, { ...readConfig(), fullScreen });
  emit({ ...state, fullScreen });
}

/** The first menu route (where /admin lands). */
export function firstRoute(menus: MenuNode[]): string | null {
  for (const node of menus) {
    if (node.type === 'menu') {
      const target = menuTarget(node);
      if (target.kind === 'route') return target.to;
    }
    if (node.children) {
      const found = firstRoute(node.children);
      if (found) return found;
    }
  }
  return null;
}

const badgeListeners = new Set<() => void>();

/** Ask the shell to read the menu badges again (a page changed what they count, e.g. an enquiry was handled). */
export function refreshBadges(): void {
  badgeListeners.forEach((listener) => listener());
}

/** The shell's side of `refreshBadges`; returns the unsubscribe function. */
export function onBadgeRefresh(listener: () => void): () => void {
  badgeListeners.add(listener);
  return () => {
    badgeListeners.delete(listener);
  };
}
