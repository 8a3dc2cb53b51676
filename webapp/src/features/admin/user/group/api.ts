/** Requests of the back-office page user/group (member groups), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import type { Row } from '../../../../lib/table-api';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.userGroupIndex,
  editRow: sdk.userGroupEditRow,
  add: sdk.userGroupAdd,
  edit: sdk.userGroupEdit,
  del: sdk.userGroupDel,
});

/** The member rules a group may hold (the member rule tree). */
export const memberRules = () =>
  call(
    sdk.userRuleIndex,
    {},
    {
      showErrorMessage: false,
      showCodeMessage: false,
      cancelDuplicateRequest: false,
    },
  ) as Promise<ApiResponse<{ list: Row[] }>>;
