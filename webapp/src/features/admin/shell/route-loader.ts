/**
 * Loader of /admin/* (every back-office page): until the admin's menus are loaded the path goes to
 * the loading route with the path and query as its JSON parameter (the loading route logs in first
 * when there is no token); once they are, a path the admin may not see goes to /401.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadingPathFor, ROUTE_PATHS } from '../../../lib/routes';
import { getAdminState } from './admin-store';

export function adminRouteLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = getAdminState();
  if (!state.loaded) return redirect(loadingPathFor('admin', url.pathname, url.search));
  if (!state.routes[url.pathname] && !url.pathname.startsWith('/admin/iframe/')) return redirect(ROUTE_PATHS.noPower);
  return null;
}
