/**
 * The generic back-office table API (DESIGN §3): a table at `/admin/<rule path>/` answers index, edit,
 * add, del and sortable. A page's `api.ts` builds its table's calls with `tableApi(prefix)`.
 */
import { api, type ApiResponse } from './request';

export type Row = Record<string, unknown> & { id: number; children?: Row[] };

export interface ListResult {
  list: Row[];
  total: number;
  remark: string;
}

export interface TableApi {
  index: (params: Record<string, unknown>) => Promise<ApiResponse<ListResult>>;
  edit: (id: number) => Promise<ApiResponse<{ row: Row }>>;
  add: (data: Record<string, unknown>) => Promise<ApiResponse<{ id: number }>>;
  save: (data: Record<string, unknown>) => Promise<ApiResponse<{ id: number }>>;
  del: (ids: number[]) => Promise<ApiResponse<{ count: number }>>;
  sortable: (id: number, targetId: number) => Promise<ApiResponse<unknown>>;
  /** Every row (up to 1,000) for pickers, quietly (no message on failure). */
  options: () => Promise<ApiResponse<{ list: Row[] }>>;
}

/** The generic table API of a controller URL prefix ("/admin/auth/admin"). */
export function tableApi(prefix: string): TableApi {
  return {
    index: (params) => api.get<ListResult>(`${prefix}/index`, params, { cancelDuplicateRequest: false }),
    edit: (id) => api.get<{ row: Row }>(`${prefix}/edit`, { id }),
    add: (data) => api.post<{ id: number }>(`${prefix}/add`, data, { showSuccessMessage: true }),
    save: (data) => api.post<{ id: number }>(`${prefix}/edit`, data, { showSuccessMessage: true }),
    del: (ids) => api.request<{ count: number }>({ url: `${prefix}/del`, method: 'DELETE', params: { ids } }, { showSuccessMessage: true }),
    sortable: (id, targetId) => api.post(`${prefix}/sortable`, { id, targetId }, { showSuccessMessage: true }),
    options: () =>
      api.get<{ list: Row[] }>(
        `${prefix}/index`,
        { select: 'true', limit: 1000 },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      ),
  };
}
