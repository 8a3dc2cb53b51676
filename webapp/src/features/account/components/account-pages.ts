/** The member center's pages and their addresses (/user/account/<page>, SPEC §2 loading route). */
import { parseLoadingTarget, targetToUrl } from '../../../lib/routes';

export const ACCOUNT_PAGES = ['overview', 'profile', 'changePassword', 'balance', 'integral'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** The page named by the loading route's parameter; unknown or missing targets give the overview. */
export function pageFor(to: string | undefined): AccountPage {
  const target = parseLoadingTarget(to);
  const name = target?.path.replace(/^\/user\/account\/?/, '').replace(/\/+$/, '');
  return (ACCOUNT_PAGES as readonly string[]).includes(name ?? '') ? (name as AccountPage) : 'overview';
}

/** The page's own address (links point here; the router sends it through the loading route). */
export function accountPath(page: AccountPage): string {
  return `/user/account/${page}`;
}

/** The address to show for a loading-route parameter: the page's own path with the target's query. */
export function addressFor(to: string | undefined): string {
  return targetToUrl({ path: accountPath(pageFor(to)), query: parseLoadingTarget(to)?.query ?? {} });
}
