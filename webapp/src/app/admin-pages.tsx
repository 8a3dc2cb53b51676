/**
 * The back-office pages by the `component` (= rule path) of their menu rule, each its own lazy chunk
 * (features/admin/<rule path>/<name>-page.tsx, found by features/admin/shell/page-names), and the
 * iframe page of menus that open another site.
 */
import { lazy } from 'react';
import type { AdminPages } from '../features/admin/shell/admin-shell';
import { PAGE_LOADERS } from '../features/admin/shell/page-names';

export const ADMIN_PAGES: AdminPages = {
  ...Object.fromEntries(Object.entries(PAGE_LOADERS).map(([name, load]) => [name, lazy(load)])),
  iframe: lazy(() => import('../features/admin/shell/iframe-page')),
};
