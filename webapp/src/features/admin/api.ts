/** Calls of the back office (DESIGN §3): the shell's index and the generic table API. */
import { api, type ApiResponse } from '../../lib/request';
import type { MenuNode } from './shell/admin-store';

export interface AdminIndex {
  adminInfo: { id: number; username: string; nickname: string; avatar: string; super: boolean; group_arr: number[]; motto?: string };
  menus: MenuNode[];
  siteConfig: { siteName: string; version: string };
  terminal: Record<string, string>;
}

export function fetchAdminIndex(): Promise<ApiResponse<AdminIndex>> {
  return api.get<AdminIndex>('/admin/index/index');
}

export type Row = Record<string, unknown> & { id: number; children?: Row[] };

export interface ListResult {
  list: Row[];
  total: number;
  remark: string;
}

/** The generic table API of a controller URL prefix ("/admin/auth/admin"). */
export function tableApi(prefix: string) {
  return {
    index: (params: Record<string, unknown>) => api.get<ListResult>(`${prefix}/index`, params, { cancelDuplicateRequest: false }),
    edit: (id: number) => api.get<{ row: Row }>(`${prefix}/edit`, { id }),
    add: (data: Record<string, unknown>) => api.post<{ id: number }>(`${prefix}/add`, data, { showSuccessMessage: true }),
    save: (data: Record<string, unknown>) => api.post<{ id: number }>(`${prefix}/edit`, data, { showSuccessMessage: true }),
    del: (ids: number[]) =>
      api.request<{ count: number }>({ url: `${prefix}/del`, method: 'DELETE', params: { ids } }, { showSuccessMessage: true }),
    sortable: (id: number, targetId: number) => api.post(`${prefix}/sortable`, { id, targetId }, { showSuccessMessage: true }),
  };
}
