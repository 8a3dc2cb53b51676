/** Calls of the login and registration screens (SPEC §7, DESIGN §3). */
import { call, sdk } from '../../../lib/api/client';
import type { ApiResponse } from '../../../lib/request';
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
    const res = await call(sdk.adminIndexLoginConfig, {}, { showErrorMessage: false, showCodeMessage: false });
    return { captcha: Boolean(res.data?.captcha) };
  } catch {
    return { captcha: false };
  }
}

export function adminLogin(values: AdminLoginValues) {
  return call(sdk.adminIndexLogin, { body: values }, { showSuccessMessage: true }) as Promise<ApiResponse<LoginResult<AdminInfo>>>;
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
  captchaId?: string;
  captchaInfo?: string;
}

/** POST /api/user/checkIn: member login (tab=login) or registration (tab=register). */
export function memberCheckIn(values: CheckInValues) {
  return call(sdk.userCheckIn, { body: values }, { showSuccessMessage: true }) as Promise<ApiResponse<LoginResult<MemberInfo>>>;
}

export interface CheckInConfig {
  loginCaptcha: boolean;
  registerCaptcha: boolean;
  registerType: 'none' | 'email' | 'mobile';
}

/** GET /api/user/checkIn: what the forms must ask for (defaults when the call fails). */
export async function getCheckInConfig(): Promise<CheckInConfig> {
  try {
    const res = await call(sdk.userCheckInConfig, {}, { showErrorMessage: false, showCodeMessage: false });
    const type = res.data?.registerType;
    return {
      loginCaptcha: res.data?.loginCaptcha !== false,
      // Whether the registration itself needs the image captcha (besides sending the code); the server decides.
      registerCaptcha: res.data?.registerCaptcha !== false,
      registerType: type === 'none' || type === 'mobile' ? type : 'email',
    };
  } catch {
    return { loginCaptcha: true, registerCaptcha: true, registerType: 'email' };
  }
}

export interface CaptchaValues {
  captchaId: string;
  captchaInfo: string;
}

/** Sends a code; the image captcha travels in `extras` (see functions/routes/api/ems.py). */
export function sendSmsCode(mobile: string, captcha: CaptchaValues, event = 'user_register') {
  return call(sdk.smsSend, { body: { mobile, template_code: event, extras: captcha } }, { showSuccessMessage: true });
}

export function sendEmailCode(email: string, captcha: CaptchaValues, event = 'user_register') {
  return call(sdk.emsSend, { body: { email, event, extras: captcha } }, { showSuccessMessage: true });
}

export interface RetrieveValues {
  type: 'email' | 'mobile';
  account: string;
  captcha: string;
  password: string;
}

/** POST /api/account/retrievePassword: reset a forgotten password with an e-mail or SMS code. */
export function retrievePassword(values: RetrieveValues) {
  return call(sdk.accountRetrievePassword, { body: values }, { showSuccessMessage: true });
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
