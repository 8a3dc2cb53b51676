/** Requests of the back-office page security/dataRecycleLog (the recycle bin), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({ index: sdk.securityDataRecycleLogIndex, del: sdk.securityDataRecycleLogDel });

/** Put rows back into their tables (the server says which could not come back, and why). */
export const restore = (ids: number[]) =>
  call(sdk.securityDataRecycleLogRestore, { body: { ids } }, { showSuccessMessage: true }) as Promise<ApiResponse<{ count: number }>>;
