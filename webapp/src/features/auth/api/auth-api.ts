/** Calls of the login and registration screens (SPEC §7, DESIGN §3). */
import { api } from '../../../lib/request';
import type { AdminInfo, MemberInfo } from '../../../lib/auth-tokens';

export interface AdminLoginConfig {
  captcha: boolean;
}

export interface AdminLoginValues {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captchaInfo?: string;
}

type ServerInfo<T> = Partial<T> & { refresh_token?: string };

export interface LoginResult<T> {
  userInfo?: ServerInfo<T>;
  routePath?: string;
}

/** Whether the server wants a captcha on the admin login (silent when the call fails). */
export async function getAdminLoginConfig(): Promise<AdminLoginConfig> {
  try {
    const res = await api.get<Partial<AdminLoginConfig>>('/admin/index/login', undefined, {
      showErrorMessage: false,
      showCodeMessage: false,
    });
    return { captcha: Boolean(res.data?.captcha) };
  } catch {
    return { captcha: false };
  }
}

export function adminLogin(values: AdminLoginValues) {
  return api.post<LoginResult<AdminInfo>>('/admin/index/login', values, { showSuccessMessage: true });
}

export interface CheckInValues {
  tab: 'login' | 'register';
  username: string;
  password: string;
  keep?: boolean;
  registerType?: 'mobile' | 'email';
  mobile?: string;
  email?: string;
  captcha?: string;
}

/** POST /api/user/checkIn: member login (tab=login) or registration (tab=register). */
export function memberCheckIn(values: CheckInValues) {
  return api.post<LoginResult<MemberInfo>>('/api/user/checkIn', values, { showSuccessMessage: true });
}

export function sendSmsCode(mobile: string) {
  return api.post('/api/Sms/sendSms', { mobile, template_code: 'user_register' }, { showSuccessMessage: true });
}

export function sendEmailCode(email: string) {
  return api.post('/api/Ems/send', { email, event: 'user_register' }, { showSuccessMessage: true });
}

export function captchaUrl(id: string): string {
  return `/srv/api/common/captcha?id=${encodeURIComponent(id)}`;
}

/** The stored session shape from a server user record (refresh_token → refreshToken). */
export function toSession<T>(info: ServerInfo<T> | undefined): Partial<T> {
  if (!info) return {};
  const { refresh_token: refresh, ...rest } = info;
  return { ...(rest as Partial<T>), ...(refresh ? { refreshToken: refresh } : {}) };
}

/** Where to go after login: the loading route with the kept target, else the area root. */
export function afterLoginPath(area: 'admin' | 'user', to: string | null): string {
  const base = area === 'admin' ? '/admin/loading' : '/user/loading';
  return to ? `${base}/${encodeURIComponent(to)}` : base;
}
