/** Requests of the back-office dashboard, declared once. */
import { call, sdk } from '../../../lib/api/client';
import type { ApiResponse } from '../../../lib/request';

export interface Point {
  date: string;
  value: number;
}

export interface Dashboard {
  counts: { members: number; admins: number; today_signups: number; attachments: number | null };
  signups: Point[];
  admin_actions: Point[];
}

export const dashboard = (days: number) => call(sdk.dashboardIndex, { query: { days } }) as Promise<ApiResponse<Dashboard>>;
