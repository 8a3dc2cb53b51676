/**
 * Navigation inside the back office with the navigation messages of SPEC §8 (BuildAdmin's routePush and
 * onClickMenu): instead of going, the admin is told when
 *   - a menu's type is not tab, link or iframe          → "The menu type is unrecognized"
 *   - the target is a page this admin may not open       → "Navigation guard intercepted" (the route
 *     guard of ./route-loader would send the address to /401)
 *   - the target is the page already shown (same query)  → "Already at the navigation target" (a warning)
 *   - the target is no page of the back office, or a menu has nothing to open → "Invalid route"
 * The fifth message, "The moving position is beyond the movable range", belongs to drag sort
 * (components/schema-table). Typed addresses and links from outside keep the guard's own answers (/401,
 * the 404 page).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getAdminState, type AdminState } from '../../../lib/admin-store';
import { IFRAME_PREFIX } from '../../../lib/admin-tabs';
import { notify } from '../../../lib/notify';
import { adminPathAccess } from './route-loader';

export type NavigationProblem = 'unrecognizedMenuType' | 'guardIntercepted' | 'alreadyAtTarget' | 'invalidRoute';

/** What going from `current` (path and query) to `to` would meet, or null when it can go. */
export function navigationProblem(
  to: string,
  current: string,
  state: Pick<AdminState, 'routes'> = getAdminState(),
): NavigationProblem | null {
  const match = /^invalid:(unrecognizedMenuType|invalidRoute):/.exec(to);
  if (match) return match[1] as NavigationProblem;
  const url = new URL(to, window.location.origin);
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/admin/') || url.pathname === IFRAME_PREFIX) return 'invalidRoute';
  if (url.pathname + url.search === current) return 'alreadyAtTarget';
  const access = adminPathAccess(url.pathname, state);
  return access === 'refused' ? 'guardIntercepted' : access === 'unknown' ? 'invalidRoute' : null;
}

/** Tells the admin why a navigation does not happen (a warning when already there, else an error). */
export function tellNavigationProblem(problem: NavigationProblem, t: (key: string) => string): void {
  notify(problem === 'alreadyAtTarget' ? 'warning' : 'error', t(`navigation.${problem}`));
}

/** `push(to)`: goes to a back-office address, or says why not; returns whether it went. */
export function useRoutePush(): (to: string) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('admin/common');
  const current = location.pathname + location.search;
  return useCallback(
    (to: string) => {
      const problem = navigationProblem(to, current);
      if (problem) {
        tellNavigationProblem(problem, t);
        return false;
      }
      void navigate(to);
      return true;
    },
    [navigate, current, t],
  );
}
