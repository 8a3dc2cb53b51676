/** Requests of the back-office page routine/adminInfo (the admin's own profile), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ProfileEdit } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

export interface Info {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  last_login_time: number | null;
  last_login_ip: string;
  create_time: number;
}

export const load = () => call(sdk.routineAdminInfoIndex) as Promise<ApiResponse<{ info: Info }>>;
export const save = (values: Record<string, unknown>) =>
  call(sdk.routineAdminInfoEdit, { body: values as ProfileEdit }, { showSuccessMessage: true }) as Promise<ApiResponse<{ info: Info }>>;
