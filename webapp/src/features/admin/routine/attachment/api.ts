/** The routine/attachment table API (generic back-office table: index, edit, del) and uploads. */
import { call, sdk, type SdkFn } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';
import type { UploadedFile } from '../../../../lib/upload';

export const table = tableApi({
  index: sdk.routineAttachmentIndex,
  editRow: sdk.routineAttachmentEditRow,
  edit: sdk.routineAttachmentEdit,
  del: sdk.routineAttachmentDel,
});

/** A row of the attachment table: the stored file and who uploaded it, how often. */
export interface AttachmentRow extends UploadedFile {
  admin_id: number;
  user_id: number;
  uploader: 'admin' | 'user';
  quote: number;
  create_time: number;
  last_upload_time: number;
}

/** A row of a designed table whose upload field holds an attachment's URL. */
export interface AttachmentUse {
  table: string;
  title: string;
  id: number;
  field: string;
  field_title: string;
}

/** Where these attachments are used (by id): every row of a designed table whose upload fields hold it. */
export function usage(ids: number[]): Promise<{ uses: Record<string, AttachmentUse[]> }> {
  // The ids are read from the query string by the server (ids[]=…), not declared in the OpenAPI.
  return call(sdk.routineAttachmentUsage as SdkFn, { query: { ids } }).then((res) => res.data as { uses: Record<string, AttachmentUse[]> });
}
