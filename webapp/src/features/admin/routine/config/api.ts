/** Requests of the back-office page routine/config (config groups and items), declared once. */
import { api } from '../../../../lib/request';

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

export const list = () => api.get<{ list: ConfigGroup[] }>('/admin/routine/config/index', undefined, { cancelDuplicateRequest: false });
export const save = (group: string, values: Record<string, unknown>) =>
  api.post('/admin/routine/config/edit', { group, values }, { showSuccessMessage: true });
export const remove = (group: string, name: string) =>
  api.request({ url: '/admin/routine/config/del', method: 'DELETE', params: { group, name } }, { showSuccessMessage: true });
export const sendTestMail = (to: string) => api.post('/admin/routine/config/sendTestMail', { to }, { showSuccessMessage: true });
export const add = (item: Record<string, unknown>) => api.post('/admin/routine/config/add', item, { showSuccessMessage: true });
