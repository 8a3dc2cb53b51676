/**
 * Loader of /admin/* (every back-office page): until the admin's menus are loaded the path goes to
 * the loading route with the path and query as its JSON parameter (the loading route logs in first
 * when there is no token); once they are, a path the admin may not see goes to /401, and a path the
 * back office does not have stays where it is and shows the 404 page inside the shell.
 *
 * Decision (issue 9): "does not have" means neither one of the admin's menus nor one of the pages
 * this app can show (features/admin/pages/registry); a menu rule with a custom path the admin does not
 * hold is therefore a 404 for them, not a 401 — the app cannot know that path exists.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadingPathFor, ROUTE_PATHS } from '../../../lib/routes';
import { PAGE_NAMES } from '../pages/page-names';
import { getAdminState, type AdminState } from './admin-store';

export type AdminPathAccess = 'granted' | 'refused' | 'unknown';

const IFRAME_PREFIX = '/admin/iframe/';

export function adminPathAccess(pathname: string, state: Pick<AdminState, 'routes'> = getAdminState()): AdminPathAccess {
  if (state.routes[pathname] || pathname.startsWith(IFRAME_PREFIX)) return 'granted';
  const page = pathname.replace(/^\/admin\/+/, '').replace(/\/+$/, '');
  return (PAGE_NAMES as readonly string[]).includes(page) ? 'refused' : 'unknown';
}

export function adminRouteLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = getAdminState();
  if (!state.loaded) return redirect(loadingPathFor('admin', url.pathname, url.search));
  if (adminPathAccess(url.pathname, state) === 'refused') return redirect(ROUTE_PATHS.noPower);
  return null;
}
