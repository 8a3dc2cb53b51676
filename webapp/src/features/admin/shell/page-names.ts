/**
 * The back-office pages this app can show, by the `component` (= path) of their menu rule. Kept apart
 * from src/app/admin-pages.tsx (which loads them) so the router can tell a forbidden page (401) from a mistyped
 * address (404) without loading any page.
 */
export const PAGE_NAMES = [
  'dashboard',
  'auth/admin',
  'auth/group',
  'auth/rule',
  'auth/adminLog',
  'user/user',
  'user/group',
  'user/rule',
  'user/moneyLog',
  'user/scoreLog',
  'routine/attachment',
  'routine/config',
  'routine/adminInfo',
  'routine/publish',
  'routine/orgChart',
  'crud/designed',
  'crud/crud',
  'crud/log',
  'security/dataRecycle',
  'security/dataRecycleLog',
  'security/sensitiveData',
  'security/sensitiveDataLog',
] as const;

export type PageName = (typeof PAGE_NAMES)[number];
