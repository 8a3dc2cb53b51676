/** Requests of the back-office page routine/adminInfo (the admin's own profile), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { AdminProfile, ProfileEdit } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

/** The admin's own profile as GET /admin/routine/adminInfo/index answers it. */
export type Info = AdminProfile;

export const load = () => call(sdk.routineAdminInfoIndex) as Promise<ApiResponse<{ info: Info }>>;
export const save = (values: Record<string, unknown>) =>
  call(sdk.routineAdminInfoEdit, { body: values as ProfileEdit }, { showSuccessMessage: true }) as Promise<ApiResponse<{ info: Info }>>;
