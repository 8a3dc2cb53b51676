/** The routine/attachment table API (generic back-office table: index, edit, del). */
import { call, sdk } from '../../../../lib/api/client';
import { api, type ApiResponse, type RequestClient } from '../../../../lib/request';
import type { UploadedFile } from '../../../../lib/upload';

export const ATTACHMENT_URL = '/admin/routine/attachment';

/** A row of the attachment table: the stored file and who uploaded it, how often. */
export interface AttachmentRow extends UploadedFile {
  admin_id: number;
  user_id: number;
  uploader: 'admin' | 'user';
  quote: number;
  create_time: number;
  last_upload_time: number;
}

export interface AttachmentFilters {
  quickSearch?: string;
  topic?: string;
  /** A mime type prefix: "image/", "application/", "text/", "audio/", "video/". */
  mimetype?: string;
  uploader?: 'admin' | 'user';
  storage?: string;
}

interface Condition {
  field: string;
  operator: string;
  val: unknown;
}

export function searchConditions(filters: AttachmentFilters): Condition[] {
  const list: Condition[] = [];
  if (filters.topic) list.push({ field: 'topic', operator: 'eq', val: filters.topic });
  if (filters.mimetype) list.push({ field: 'mimetype', operator: 'like', val: filters.mimetype });
  if (filters.uploader) list.push({ field: 'uploader', operator: 'eq', val: filters.uploader });
  if (filters.storage) list.push({ field: 'storage', operator: 'eq', val: filters.storage });
  return list;
}

export async function listAttachments(page: number, limit: number, filters: AttachmentFilters, client: RequestClient = api) {
  const search = searchConditions(filters);
  // The generic table's query is not declared in the OpenAPI (the server reads it as is).
  const query = {
    page,
    limit,
    quick_search: filters.quickSearch || undefined,
    search: search.length ? JSON.stringify(search) : undefined,
  } as never;
  const res = (await call(sdk.routineAttachmentIndex, { query }, {}, client)) as ApiResponse<{ list: AttachmentRow[]; total: number }>;
  return res.data;
}

export async function deleteAttachments(ids: number[], client: RequestClient = api) {
  return call(sdk.routineAttachmentDel, { query: { ids: ids.join(',') } as never }, { showSuccessMessage: true }, client);
}
