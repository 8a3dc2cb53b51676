/** Calls of the back-office shell (DESIGN §3): the admin's index (menus, site config) and logout. */
import type { MenuNode } from '../../../lib/admin-store';
import { adminSession } from '../../../lib/auth-tokens';
import { api, type ApiResponse } from '../../../lib/request';

export interface AdminIndex {
  adminInfo: { id: number; username: string; nickname: string; avatar: string; super: boolean; group_arr: number[]; motto?: string };
  menus: MenuNode[];
  siteConfig: { siteName: string; version: string };
  terminal: Record<string, string>;
}

export function fetchAdminIndex(): Promise<ApiResponse<AdminIndex>> {
  return api.get<AdminIndex>('/admin/index/index');
}

export function logout(): Promise<ApiResponse> {
  return api.post(
    '/admin/index/logout',
    { refresh_token: adminSession.getToken('refresh') },
    { showErrorMessage: false, showCodeMessage: false },
  );
}
