/**
 * The one admin route check, used by the loader of /admin/* (below), the route element (src/app/
 * admin-route) and the loading route after the menus arrive. Loader of /admin/* (every back-office page): until the admin's menus are loaded the path goes to
 * the loading route with the path and query as its JSON parameter (the loading route logs in first
 * when there is no token); once they are, a path the admin may not see goes to /401, and a path the
 * back office does not have stays where it is and shows the 404 page inside the shell.
 *
 * "Does not have" means none of the back office's pages: not one of the admin's menus, not a page this
 * app can show (./page-names), and not among the paths of every page the server lists in the admin
 * index (`paths`: designed tables, menus with a custom path — granted or not). So an address the admin
 * may not open is a 401 whichever kind of page it is, and only a mistyped one is a 404 (issue 32 #14).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadingPathFor, ROUTE_PATHS } from '../../../lib/routes';
import { getAdminState, type AdminState } from '../../../lib/admin-store';
import { IFRAME_PREFIX } from '../../../lib/admin-tabs';
import { PAGE_NAMES } from './page-names';

export type AdminPathAccess = 'granted' | 'refused' | 'unknown';

// The paths of all the back office's pages (the admin index's `paths`, without /admin/).
let backOfficePaths: ReadonlySet<string> = new Set();

/** Keeps the admin index's `paths` (every page of the back office, granted or not). */
export function setBackOfficePaths(paths: readonly string[] | undefined): void {
  backOfficePaths = new Set((paths ?? []).map((path) => path.replace(/^\/+|\/+$/g, '')));
}

export function adminPathAccess(
  pathname: string,
  state: Pick<AdminState, 'routes'> = getAdminState(),
  known: ReadonlySet<string> = backOfficePaths,
): AdminPathAccess {
  if (state.routes[pathname] || pathname.startsWith(IFRAME_PREFIX)) return 'granted';
  const page = pathname.replace(/^\/admin\/+/, '').replace(/\/+$/, '');
  return (PAGE_NAMES as readonly string[]).includes(page) || known.has(page) ? 'refused' : 'unknown';
}

/** Where an admin path goes: elsewhere (`to`: the loading route, or /401), or it shows here
 * (`granted`: a page in the shell; `unknown`: the 404 inside the shell). */
export type AdminRouteDecision = { to: string } | { show: 'granted' | 'unknown' };

export function decideAdminRoute(
  pathname: string,
  search = '',
  state: Pick<AdminState, 'loaded' | 'routes'> = getAdminState(),
): AdminRouteDecision {
  if (!state.loaded) return { to: loadingPathFor('admin', pathname, search) };
  const access = adminPathAccess(pathname, state);
  return access === 'refused' ? { to: ROUTE_PATHS.noPower } : { show: access };
}

export function adminRouteLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = decideAdminRoute(url.pathname, url.search);
  return 'to' in decision ? redirect(decision.to) : null;
}
