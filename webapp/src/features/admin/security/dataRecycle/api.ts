/** Requests of the back-office page security/dataRecycle (recycle rules), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import { tableApi } from '../../../../lib/table-api';
import type { WatchedTable } from '../../shell/page-kit';

export const table = tableApi({
  index: sdk.securityDataRecycleIndex,
  editRow: sdk.securityDataRecycleEditRow,
  add: sdk.securityDataRecycleAdd,
  edit: sdk.securityDataRecycleEdit,
  del: sdk.securityDataRecycleDel,
});

/** The tables a rule can name (quietly). */
export const loadTables = () =>
  call(sdk.securityDataRecycleTables, {}, { showErrorMessage: false, showCodeMessage: false }) as Promise<ApiResponse<WatchedTable[]>>;
