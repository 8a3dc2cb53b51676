/** Requests of the back-office page security/sensitiveData (sensitive-data rules), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import { tableApi } from '../../../../lib/table-api';
import type { WatchedTable } from '../../shell/page-kit';

export const table = tableApi({
  index: sdk.securitySensitiveDataIndex,
  editRow: sdk.securitySensitiveDataEditRow,
  add: sdk.securitySensitiveDataAdd,
  edit: sdk.securitySensitiveDataEdit,
  del: sdk.securitySensitiveDataDel,
});

/** The tables a rule can name, with their fields (quietly). */
export const loadTables = () =>
  call(sdk.securitySensitiveDataTables, {}, { showErrorMessage: false, showCodeMessage: false }) as Promise<ApiResponse<WatchedTable[]>>;
