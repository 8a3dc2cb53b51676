/** Requests of the back-office page user/user (members), declared once. */
import { api } from '../../../../lib/request';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/user/user');
/** The member groups, as options. */
export const groupOptions = tableApi('/admin/user/group').options;

/** Adds to (or takes from) a member's balance or points: a row of user/moneyLog or user/scoreLog. */
export const adjust = (kind: 'money' | 'score', data: Record<string, unknown>) =>
  api.post(`/admin/user/${kind}Log/add`, data, { showSuccessMessage: true });
