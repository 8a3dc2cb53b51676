/** Requests of the back-office dashboard, declared once. */
import { call, sdk } from '../../../lib/api/client';
import type {
  Dashboard,
  DashboardActivity,
  DashboardMember,
  DashboardSeries,
  DashboardStorageKind,
  DashboardTrend,
  QuickEntrance,
} from '../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../lib/request';

export type { Dashboard, DashboardActivity, DashboardMember, DashboardSeries, DashboardStorageKind, DashboardTrend, QuickEntrance };

/** The dashboard's figures over the last `days` days (7 or 30). */
export const dashboard = (days: number) => call(sdk.dashboardIndex, { query: { days } }) as Promise<ApiResponse<Dashboard>>;
