/** Member-center calls (SPEC §7 account API). Amounts: money in yuan strings ("12.30"), score integers. */
import { call, sdk } from '../../../lib/api/client';
import type { LogRow, MenuNode, Overview } from '../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../lib/request';
import type { MemberInfo } from '../../../lib/auth-tokens';

/** A balance-log or points-log row, and the overview page's data, as the API declares them. */
export type { LogRow, Overview };

export type Profile = Pick<MemberInfo, 'nickname' | 'avatar' | 'gender' | 'birthday' | 'motto' | 'region'>;

/** The member's menus (GET /api/user/index): the member-center pages the member's group grants. */
export type MemberMenu = Pick<MenuNode, 'name'> & { children?: MemberMenu[] | null };
export const getMemberIndex = () =>
  call(sdk.userIndex, {}, { cancelDuplicateRequest: false }) as Promise<ApiResponse<{ userInfo: MemberInfo; menus: MemberMenu[] }>>;

/** The rule names of a menu tree ("account/balance"…). */
export function menuNames(menus: MemberMenu[]): Set<string> {
  return new Set(menus.flatMap((m) => [m.name, ...menuNames(m.children ?? [])]));
}

export const getOverview = () => call(sdk.accountOverview) as Promise<ApiResponse<Overview>>;
export const getProfile = () => call(sdk.accountProfile) as Promise<ApiResponse<{ userInfo: MemberInfo }>>;
export const saveProfile = (values: Profile) =>
  call(sdk.accountProfileSave, { body: values }, { showSuccessMessage: true }) as Promise<ApiResponse<{ userInfo: MemberInfo }>>;
export const changePassword = (oldPassword: string, newPassword: string) =>
  call(sdk.accountChangePassword, { body: { oldPassword, newPassword } }, { showSuccessMessage: true });
export const getLog = (kind: 'balance' | 'integral', page: number, limit: number) =>
  call(kind === 'balance' ? sdk.accountBalance : sdk.accountIntegral, { query: { page, limit } });
export const verifyAccount = (type: 'email' | 'mobile', values: { captcha?: string; password?: string }) =>
  call(sdk.accountVerification, { body: { type, ...values } });
export const changeBind = (type: 'email' | 'mobile', value: string, captcha: string, token: string) =>
  call(
    sdk.accountChangeBind,
    { body: { type, [type]: value, captcha, accountVerificationToken: token } },
    { showSuccessMessage: true },
  ) as Promise<ApiResponse<{ userInfo: MemberInfo }>>;
export const sendCode = (type: 'email' | 'mobile', target: string, event: string, extras: { captchaId: string; captchaInfo: string }) =>
  type === 'email'
    ? call(sdk.emsSend, { body: { email: target, event, extras } }, { showSuccessMessage: true })
    : call(sdk.smsSend, { body: { mobile: target, template_code: event, extras } }, { showSuccessMessage: true });

/** POST /api/user/logout with the refresh token; on code 1 the caller drops the stored session. */
export const logout = (refreshToken: string) =>
  call(sdk.userLogout, { body: { refresh_token: refreshToken } }, { showErrorMessage: false, showCodeMessage: false });
