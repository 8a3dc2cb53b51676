/** Requests of the back-office page routine/adminInfo (the admin's own profile), declared once. */
import { api } from '../../../../lib/request';

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

export const load = () => api.get<{ info: Info }>('/admin/routine/adminInfo/index');
export const save = (values: Record<string, unknown>) =>
  api.post<{ info: Info }>('/admin/routine/adminInfo/edit', values, { showSuccessMessage: true });
