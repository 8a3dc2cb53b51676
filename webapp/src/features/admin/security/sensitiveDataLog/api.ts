/** Requests of the back-office page security/sensitiveDataLog (the sensitive-data log), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({ index: sdk.securitySensitiveDataLogIndex, del: sdk.securitySensitiveDataLogDel });

/** Set changed fields back to their values before (refused when a field changed again since). */
export const rollback = (ids: number[]) =>
  call(sdk.securitySensitiveDataLogRollback, { body: { ids } }, { showSuccessMessage: true }) as Promise<ApiResponse<{ count: number }>>;
