/**
 * Guards of the loading routes (SPEC §2). Without a stored token the loading route sends the
 * visitor to the matching login page, keeping where to go after login in `?to=` (the same JSON
 * parameter). With a token the route renders; later issues fetch /srv/admin/index/index (or the
 * member index), build the dynamic menu routes and navigate to the target.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isAdminLoggedIn, isMemberLoggedIn } from '../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../lib/routes';

function loginRedirect(loginPath: string, to: string | undefined) {
  return redirect(to ? `${loginPath}?${new URLSearchParams({ to }).toString()}` : loginPath);
}

export function adminLoadingLoader({ params }: LoaderFunctionArgs) {
  if (!isAdminLoggedIn()) return loginRedirect(ROUTE_PATHS.adminLogin, params.to);
  return null;
}

export function userLoadingLoader({ params }: LoaderFunctionArgs) {
  if (!isMemberLoggedIn()) return loginRedirect(ROUTE_PATHS.userLogin, params.to);
  return null;
}
