/**
 * The back-office pages by the `component` (= rule path) of their menu rule, each its own lazy chunk
 * (features/admin/<rule path>/). The list of names the router knows is features/admin/shell/page-names.
 */
import { lazy } from 'react';
import type { AdminPages } from '../features/admin/shell/admin-shell';
import type { PageName } from '../features/admin/shell/page-names';

export const ADMIN_PAGES: Record<PageName | 'iframe', AdminPages[string]> = {
  dashboard: lazy(() => import('../features/admin/dashboard/dashboard-page')),
  'auth/admin': lazy(() => import('../features/admin/auth/admin/admin-page')),
  'auth/group': lazy(() => import('../features/admin/auth/group/group-page')),
  'auth/rule': lazy(() => import('../features/admin/auth/rule/rule-page')),
  'auth/adminLog': lazy(() => import('../features/admin/auth/adminLog/admin-log-page')),
  'user/user': lazy(() => import('../features/admin/user/user/user-page')),
  'user/group': lazy(() => import('../features/admin/user/group/group-page')),
  'user/rule': lazy(() => import('../features/admin/user/rule/rule-page')),
  'user/moneyLog': lazy(() => import('../features/admin/user/moneyLog/money-log-page')),
  'user/scoreLog': lazy(() => import('../features/admin/user/scoreLog/score-log-page')),
  'routine/attachment': lazy(() => import('../features/admin/routine/attachment/attachment-page')),
  'routine/config': lazy(() => import('../features/admin/routine/config/config-page')),
  'routine/adminInfo': lazy(() => import('../features/admin/routine/adminInfo/admin-info-page')),
  'routine/publish': lazy(() => import('../features/admin/routine/publish/publish-page')),
  'routine/orgChart': lazy(() => import('../features/admin/routine/orgChart/org-chart-page')),
  'crud/designed': lazy(() => import('../features/admin/crud/designed/designed-page')),
  'crud/crud': lazy(() => import('../features/admin/crud/crud/crud-page')),
  'crud/log': lazy(() => import('../features/admin/crud/log/log-page')),
  'security/dataRecycle': lazy(() => import('../features/admin/security/dataRecycle/data-recycle-page')),
  'security/dataRecycleLog': lazy(() => import('../features/admin/security/dataRecycleLog/data-recycle-log-page')),
  'security/sensitiveData': lazy(() => import('../features/admin/security/sensitiveData/sensitive-data-page')),
  'security/sensitiveDataLog': lazy(() => import('../features/admin/security/sensitiveDataLog/sensitive-data-log-page')),
  iframe: lazy(() => import('../features/admin/shell/iframe-page')),
};
