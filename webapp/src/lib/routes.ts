/**
 * Route names, paths and the loading-route parameter (SPEC §2). Shared by the router (src/app), the
 * request client (302 redirects by route name) and the screens.
 */
export const ROUTE_PATHS = {
  adminLogin: '/admin/login',
  userLogin: '/user/login',
  userReg: '/user/reg',
  notFound: '/404',
  noPower: '/401',
  admin: '/admin',
  adminLoading: '/admin/loading',
  user: '/user',
  userLoading: '/user/loading',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** Route meta kept on each route's `handle`. */
export interface RouteMeta {
  name: RouteName;
  /** i18n key of the page title, e.g. "general:route.userReg". */
  title: string;
  /** Whether the (later) admin tab strip may add this route as a tab. */
  addtab: boolean;
}

export function pathForRouteName(name: string): string | undefined {
  return (ROUTE_PATHS as Record<string, string>)[name];
}

export interface LoadingTarget {
  path: string;
  query: Record<string, string>;
}

/** "/admin/x?y=1" → "/admin/loading/%7B%22path%22%3A%22%2Fadmin%2Fx%22%2C%22query%22%3A%7B%22y%22%3A%221%22%7D%7D" */
export function loadingPathFor(area: 'admin' | 'user', path: string, search = ''): string {
  const query = Object.fromEntries(new URLSearchParams(search));
  const target: LoadingTarget = { path, query };
  const base = area === 'admin' ? ROUTE_PATHS.adminLoading : ROUTE_PATHS.userLoading;
  return `${base}/${encodeURIComponent(JSON.stringify(target))}`;
}

/** Reads the loading route's `:to` parameter (already URL-decoded by the router or not). */
export function parseLoadingTarget(to: string | undefined | null): LoadingTarget | null {
  if (!to) return null;
  let raw = to;
  try {
    if (raw.startsWith('%7B') || raw.startsWith('%7b')) raw = decodeURIComponent(raw);
    const value = JSON.parse(raw) as Partial<LoadingTarget>;
    if (typeof value?.path !== 'string' || !value.path.startsWith('/')) return null;
    const query: Record<string, string> = {};
    if (value.query && typeof value.query === 'object') {
      for (const [k, v] of Object.entries(value.query)) query[k] = String(v);
    }
    return { path: value.path, query };
  } catch {
    return null;
  }
}

export function targetToUrl(target: LoadingTarget): string {
  const search = new URLSearchParams(target.query).toString();
  return search ? `${target.path}?${search}` : target.path;
}
