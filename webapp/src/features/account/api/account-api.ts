/** Member-center calls (SPEC §7 account API). Amounts: money in yuan strings ("12.30"), score integers. */
import { api } from '../../../lib/request';
import type { MemberInfo } from '../../../lib/auth-tokens';

export interface LogRow {
  id: number;
  change: string | number;
  before: string | number;
  after: string | number;
  memo: string;
  create_time: number;
}

export interface Overview {
  money: string;
  score: number;
  recent: { money: LogRow[]; score: LogRow[] };
  chart: { days: string[]; money: string[]; score: number[] };
}

export type Profile = Pick<MemberInfo, 'nickname' | 'avatar' | 'gender' | 'birthday' | 'motto' | 'region'>;

export const getOverview = () => api.get<Overview>('/api/account/overview');
export const getProfile = () => api.get<{ userInfo: MemberInfo }>('/api/account/profile');
export const saveProfile = (values: Profile) =>
  api.post<{ userInfo: MemberInfo }>('/api/account/profile', values, { showSuccessMessage: true });
export const changePassword = (oldPassword: string, newPassword: string) =>
  api.post('/api/account/changePassword', { oldPassword, newPassword }, { showSuccessMessage: true });
export const getLog = (kind: 'balance' | 'integral', page: number, limit: number) =>
  api.get<{ list: LogRow[]; total: number }>(`/api/account/${kind}`, { page, limit });
export const verifyAccount = (type: 'email' | 'mobile', values: { captcha?: string; password?: string }) =>
  api.post<{ accountVerificationToken: string }>('/api/account/verification', { type, ...values });
export const changeBind = (type: 'email' | 'mobile', value: string, captcha: string, token: string) =>
  api.post<{ userInfo: MemberInfo }>(
    '/api/account/changeBind',
    { type, [type]: value, captcha, accountVerificationToken: token },
    { showSuccessMessage: true },
  );
export const sendCode = (type: 'email' | 'mobile', target: string, event: string, extras: { captchaId: string; captchaInfo: string }) =>
  type === 'email'
    ? api.post('/api/Ems/send', { email: target, event, extras }, { showSuccessMessage: true })
    : api.post('/api/Sms/sendSms', { mobile: target, template_code: event, extras }, { showSuccessMessage: true });

/** POST /api/user/logout with the refresh token; on code 1 the caller drops the stored session. */
export const logout = (refreshToken: string) =>
  api.post('/api/user/logout', { refresh_token: refreshToken }, { showErrorMessage: false, showCodeMessage: false });
