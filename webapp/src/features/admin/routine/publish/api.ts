/** Requests of the back-office page routine/publish (publishing the public site), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { PublishIndexData, PublishJob, PublishLogData, ScheduledRow } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';

export type { PublishJob, ScheduledRow };
export type PublishStatus = 'queued' | 'building' | 'done' | 'failed';

export const RUNNING: readonly string[] = ['queued', 'building'];

/** The page of a publish job's log: routine/publish showing that job. */
export const PUBLISH_PAGE = '/admin/routine/publish';
export const jobLogPath = (id: string) => `${PUBLISH_PAGE}?job=${encodeURIComponent(id)}`;

// The page tells the header's indicator when what it shows may have changed (a failed job's log
// was read: its alert ends on the server).
const changeListeners = new Set<() => void>();
export function publishChanged(): void {
  changeListeners.forEach((listener) => listener());
}
export function onPublishChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

// The page and the header's indicator ask for the index at the same moments (after a publish starts):
// neither may cancel the other's request as a duplicate. `quiet`: the indicator's background looks
// show no error of their own (the page reports errors; the next look asks again).
export const loadIndex = (quiet = false) =>
  call(
    sdk.routinePublishIndex,
    {},
    { cancelDuplicateRequest: false, ...(quiet ? { showErrorMessage: false, showCodeMessage: false } : {}) },
  ) as Promise<ApiResponse<PublishIndexData>>;
export const loadLog = (id: string, after: number) =>
  call(sdk.routinePublishLog, { query: { id, after } }) as Promise<ApiResponse<PublishLogData>>;
export const startPublish = () =>
  call(sdk.routinePublishPublish, {}, { showSuccessMessage: true }) as Promise<ApiResponse<{ job: PublishJob }>>;

/** The antd Tag colour of a status. */
export function statusColor(status: string): string {
  return { queued: 'default', building: 'processing', done: 'success', failed: 'error' }[status] ?? 'default';
}
