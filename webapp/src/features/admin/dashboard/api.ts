/** Requests of the back-office dashboard, declared once. */
import { api } from '../../../lib/request';

export interface Point {
  date: string;
  value: number;
}

export interface Dashboard {
  counts: { members: number; admins: number; today_signups: number; attachments: number | null };
  signups: Point[];
  admin_actions: Point[];
}

export const dashboard = (days: number) => api.get<Dashboard>('/admin/dashboard/index', { days });
