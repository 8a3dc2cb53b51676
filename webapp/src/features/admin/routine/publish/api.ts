/** Requests of the back-office page routine/publish (publishing the public site), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { PublishIndexData, PublishJob, PublishLogData } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

export type { PublishJob };
export type PublishStatus = 'queued' | 'building' | 'done' | 'failed';

export const RUNNING: readonly string[] = ['queued', 'building'];

export const loadIndex = () => call(sdk.routinePublishIndex) as Promise<ApiResponse<PublishIndexData>>;
export const loadLog = (id: string, after: number) =>
  call(sdk.routinePublishLog, { query: { id, after } }) as Promise<ApiResponse<PublishLogData>>;
export const startPublish = () =>
  call(sdk.routinePublishPublish, {}, { showSuccessMessage: true }) as Promise<ApiResponse<{ job: PublishJob }>>;

/** The antd Tag colour of a status. */
export function statusColor(status: string): string {
  return { queued: 'default', building: 'processing', done: 'success', failed: 'error' }[status] ?? 'default';
}
