/** Requests of the back-office page user/group (member groups), declared once. */
import { api } from '../../../../lib/request';
import type { Row } from '../../../../lib/table-api';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/user/group');

/** The member rules a group may hold (the member rule tree). */
export const memberRules = () =>
  api.get<{ list: Row[] }>('/admin/user/rule/index', undefined, {
    showErrorMessage: false,
    showCodeMessage: false,
    cancelDuplicateRequest: false,
  });
