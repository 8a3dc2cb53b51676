/** Calls of the back-office shell (DESIGN §3): the admin's index (menus, site config) and logout. */
import type { MenuNode } from '../../../lib/admin-store';
import { adminSession } from '../../../lib/auth-tokens';
import { call, sdk } from '../../../lib/api/client';
import type { ApiResponse } from '../../../lib/request';
import type { ServerTerminalConfig } from '../../../lib/terminal-store';

export interface AdminIndex {
  adminInfo: { id: number; username: string; nickname: string; avatar: string; super: boolean; group_arr: number[]; motto?: string };
  menus: MenuNode[];
  siteConfig: { siteName: string; version: string };
  terminal: ServerTerminalConfig;
}

export function fetchAdminIndex(): Promise<ApiResponse<AdminIndex>> {
  return call(sdk.adminIndexIndex);
}

export function logout(): Promise<ApiResponse> {
  return call(
    sdk.adminIndexLogout,
    { body: { refresh_token: adminSession.getToken('refresh') } },
    { showErrorMessage: false, showCodeMessage: false },
  );
}
