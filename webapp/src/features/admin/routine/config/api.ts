/** Requests of the back-office page routine/config (config groups and items), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ConfigAdd, ConfigGroupOut, ConfigItemOut } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

/** An item and a group (a tab) as GET /admin/routine/config/index answers them. */
export type ConfigItem = ConfigItemOut;
export type ConfigGroup = ConfigGroupOut;

export const list = () =>
  call(sdk.routineConfigIndex, {}, { cancelDuplicateRequest: false }) as Promise<ApiResponse<{ list: ConfigGroup[] }>>;
export const save = (group: string, values: Record<string, unknown>) =>
  call(sdk.routineConfigEdit, { body: { group, values } }, { showSuccessMessage: true });
export const remove = (group: string, name: string) => call(sdk.routineConfigDel, { query: { group, name } }, { showSuccessMessage: true });
export const sendTestMail = (to: string) => call(sdk.routineConfigSendTestMail, { body: { to } }, { showSuccessMessage: true });
export const add = (item: Record<string, unknown>) => call(sdk.routineConfigAdd, { body: item as ConfigAdd }, { showSuccessMessage: true });
