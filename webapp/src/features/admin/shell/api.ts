/** Calls of the back-office shell (DESIGN §3): the admin's index (menus, site config), the counts
 * beside menu items and logout. */
import { adminSession } from '../../../lib/auth-tokens';
import { call, sdk } from '../../../lib/api/client';
import type { AdminIndex } from '../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../lib/request';

export function fetchAdminIndex(): Promise<ApiResponse<AdminIndex>> {
  return call(sdk.adminIndexIndex);
}

/** Counts beside menu items by menu rule name ({'business/contact': 3}); quiet: a failure keeps the last. */
export function fetchBadges(): Promise<ApiResponse<{ badges: Record<string, number> }>> {
  return call(sdk.adminIndexBadges, {}, { showErrorMessage: false, showCodeMessage: false });
}

export function logout(): Promise<ApiResponse> {
  return call(
    sdk.adminIndexLogout,
    { body: { refresh_token: adminSession.getToken('refresh') } },
    { showErrorMessage: false, showCodeMessage: false },
  );
}
