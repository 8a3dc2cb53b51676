/** The routine/attachment table API (generic back-office table: index, edit, del) and uploads. */
import { tableApi } from '../../../../lib/table-api';
import type { UploadedFile } from '../../../../lib/upload';

export const ATTACHMENT_URL = '/admin/routine/attachment';

export const table = tableApi(ATTACHMENT_URL);

/** A row of the attachment table: the stored file and who uploaded it, how often. */
export interface AttachmentRow extends UploadedFile {
  admin_id: number;
  user_id: number;
  uploader: 'admin' | 'user';
  quote: number;
  create_time: number;
  last_upload_time: number;
}
