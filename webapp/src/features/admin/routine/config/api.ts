/** Requests of the back-office page routine/config (config groups and items), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ConfigAdd } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

export interface ConfigItem {
  group: string;
  name: string;
  title: string;
  tip: string;
  type: string;
  value: unknown;
  has_value: boolean;
  content: Record<string, string> | null;
  builtin: boolean;
}

export interface ConfigGroup {
  name: string;
  title: string;
  title_en: string;
  list: ConfigItem[];
}

export const list = () =>
  call(sdk.routineConfigIndex, {}, { cancelDuplicateRequest: false }) as Promise<ApiResponse<{ list: ConfigGroup[] }>>;
export const save = (group: string, values: Record<string, unknown>) =>
  call(sdk.routineConfigEdit, { body: { group, values } }, { showSuccessMessage: true });
export const remove = (group: string, name: string) => call(sdk.routineConfigDel, { query: { group, name } }, { showSuccessMessage: true });
export const sendTestMail = (to: string) => call(sdk.routineConfigSendTestMail, { body: { to } }, { showSuccessMessage: true });
export const add = (item: Record<string, unknown>) => call(sdk.routineConfigAdd, { body: item as ConfigAdd }, { showSuccessMessage: true });
