/**
 * The generic back-office table API (DESIGN §3): a table at `/admin/<rule path>/` answers index, edit,
 * add, del and sortable. A page's `api.ts` builds its table's calls with `tableApi(prefix)`.
 */
import { call, sdk, type SdkFn } from './api/client';
import type { ApiResponse } from './request';

export type Row = Record<string, unknown> & { id: number; children?: Row[] };

/** How a list is paged: page jumps (exact total, at most 2,000 rows) or Previous / Next with cursors. */
export type Pager = 'pages' | 'cursor';

/**
 * The answer of a table's index (the list contract of issue 11). Typed here rather than taken from the
 * generated client so that pages compile whatever the generated types say; tree tables and older
 * answers may leave out the paging fields (then: `pager` "pages", no cursor, exact total, no sorting).
 */
export interface ListResult {
  list: Row[];
  /** Number of rows; with `more` only a lower bound (a filtered list reads at most 2,000 rows). */
  total: number;
  remark: string;
  /** Cursor of the next page; "" when there is none. */
  cursor?: string;
  more?: boolean;
  pager?: Pager;
  /** Fields the list can be sorted by (only these get a column sorter). */
  sortable?: string[];
  /** A designed table's names of what its rows refer to: `{field: {id or code: name}}`. */
  labels?: Record<string, Record<string, string>>;
}

/** The query of a table's index. */
export interface ListQuery {
  page: number;
  limit: number;
  /** The previous answer's `cursor`, to fetch page `page` (sent together with it). */
  cursor?: string;
  quick_search?: string;
  /** JSON list of `{field, val, operator}`. */
  search?: string;
  /** `field,asc` or `field,desc`, a field of `sortable`. */
  order?: string;
}

export interface TableApi {
  index: (params: ListQuery) => Promise<ApiResponse<ListResult>>;
  edit: (id: number) => Promise<ApiResponse<{ row: Row }>>;
  add: (data: Record<string, unknown>) => Promise<ApiResponse<{ id: number }>>;
  /** Save a row; `quiet`: no success message (a batch says how it went once). */
  save: (data: Record<string, unknown>, quiet?: boolean) => Promise<ApiResponse<{ id: number }>>;
  del: (ids: number[]) => Promise<ApiResponse<{ count: number }>>;
  sortable: (id: number, targetId: number) => Promise<ApiResponse<unknown>>;
  /** Every row (up to 1,000) for pickers, quietly (no message on failure). */
  options: () => Promise<ApiResponse<{ list: Row[] }>>;
  /** Rows for a select, quietly: a quick search (`quick_search`) or the rows of its value
   * (`initKey: 'id'`, `initValue: '1,2'`), at most 20. */
  pick: (query: { quick_search?: string; initKey?: string; initValue?: string }) => Promise<ApiResponse<ListResult>>;
}

interface TableOps {
  index: SdkFn;
  editRow?: SdkFn;
  add?: SdkFn;
  edit?: SdkFn;
  del?: SdkFn;
  sortable?: SdkFn;
}

/** The generated operations of each back-office table, by controller URL prefix. */
export const TABLE_OPERATIONS: Record<string, TableOps> = {
  '/admin/auth/admin': {
    index: sdk.authAdminIndex,
    editRow: sdk.authAdminEditRow,
    add: sdk.authAdminAdd,
    edit: sdk.authAdminEdit,
    del: sdk.authAdminDel,
  },
  '/admin/auth/group': {
    index: sdk.authGroupIndex,
    editRow: sdk.authGroupEditRow,
    add: sdk.authGroupAdd,
    edit: sdk.authGroupEdit,
    del: sdk.authGroupDel,
  },
  '/admin/auth/rule': {
    index: sdk.authRuleIndex,
    editRow: sdk.authRuleEditRow,
    add: sdk.authRuleAdd,
    edit: sdk.authRuleEdit,
    del: sdk.authRuleDel,
    sortable: sdk.authRuleSortable,
  },
  '/admin/auth/adminLog': { index: sdk.authAdminLogIndex },
  '/admin/user/user': {
    index: sdk.userUserIndex,
    editRow: sdk.userUserEditRow,
    add: sdk.userUserAdd,
    edit: sdk.userUserEdit,
    del: sdk.userUserDel,
  },
  '/admin/user/group': {
    index: sdk.userGroupIndex,
    editRow: sdk.userGroupEditRow,
    add: sdk.userGroupAdd,
    edit: sdk.userGroupEdit,
    del: sdk.userGroupDel,
  },
  '/admin/user/rule': {
    index: sdk.userRuleIndex,
    editRow: sdk.userRuleEditRow,
    add: sdk.userRuleAdd,
    edit: sdk.userRuleEdit,
    del: sdk.userRuleDel,
    sortable: sdk.userRuleSortable,
  },
  '/admin/user/moneyLog': { index: sdk.userMoneyLogIndex, add: sdk.userMoneyLogAdd },
  '/admin/user/scoreLog': { index: sdk.userScoreLogIndex, add: sdk.userScoreLogAdd },
  '/admin/crud/log': { index: sdk.crudLogIndex },
  '/admin/security/dataRecycle': {
    index: sdk.securityDataRecycleIndex,
    editRow: sdk.securityDataRecycleEditRow,
    add: sdk.securityDataRecycleAdd,
    edit: sdk.securityDataRecycleEdit,
    del: sdk.securityDataRecycleDel,
  },
  '/admin/security/dataRecycleLog': { index: sdk.securityDataRecycleLogIndex, del: sdk.securityDataRecycleLogDel },
  '/admin/security/sensitiveData': {
    index: sdk.securitySensitiveDataIndex,
    editRow: sdk.securitySensitiveDataEditRow,
    add: sdk.securitySensitiveDataAdd,
    edit: sdk.securitySensitiveDataEdit,
    del: sdk.securitySensitiveDataDel,
  },
  '/admin/security/sensitiveDataLog': { index: sdk.securitySensitiveDataLogIndex, del: sdk.securitySensitiveDataLogDel },
  '/admin/routine/attachment': {
    index: sdk.routineAttachmentIndex,
    editRow: sdk.routineAttachmentEditRow,
    edit: sdk.routineAttachmentEdit,
    del: sdk.routineAttachmentDel,
  },
};

/**
 * The generic table API of a controller URL prefix ("/admin/auth/admin"): its generated operations
 * (TABLE_OPERATIONS), sent through request.ts. An operation the OpenAPI does not have for that table
 * rejects without a request.
 */
export function tableApi(prefix: string): TableApi {
  const ops = TABLE_OPERATIONS[prefix];
  if (!ops) throw new Error(`No generated operations for the table ${prefix}`);
  return apiOf(ops, prefix, {});
}

/** The operations every table made with the CRUD generator shares; `{path}` is its rule path. */
const DESIGNED_OPERATIONS: TableOps = {
  index: sdk.designedIndex,
  editRow: sdk.designedEditRow,
  add: sdk.designedAdd,
  edit: sdk.designedEdit,
  del: sdk.designedDel,
  sortable: sdk.designedSortable,
};

/** The table API of a designed table at its rule path ("business/news"). */
export function designedTableApi(path: string): TableApi {
  return apiOf(DESIGNED_OPERATIONS, path, { path: { path } });
}

function apiOf(ops: TableOps, label: string, base: Record<string, unknown>): TableApi {
  const op = (name: keyof TableOps): SdkFn =>
    ops[name] ?? (() => Promise.reject(new Error(`The OpenAPI has no ${name} operation for ${label}`)));
  const send = <T>(name: keyof TableOps, args: Record<string, unknown>, options: Parameters<typeof call>[2] = {}) =>
    call(op(name), { ...base, ...args }, options) as Promise<ApiResponse<T>>;
  return {
    index: (params) => send<ListResult>('index', { query: params }, { cancelDuplicateRequest: false }),
    edit: (id) => send<{ row: Row }>('editRow', { query: { id } }),
    add: (data) => send<{ id: number }>('add', { body: data }, { showSuccessMessage: true }),
    save: (data, quiet = false) => send<{ id: number }>('edit', { body: data }, { showSuccessMessage: !quiet }),
    del: (ids) => send<{ count: number }>('del', { query: { ids } }, { showSuccessMessage: true }),
    sortable: (id, targetId) => send('sortable', { body: { id, targetId } }, { showSuccessMessage: true }),
    options: () =>
      send<{ list: Row[] }>(
        'index',
        { query: { select: 'true', limit: 1000 } },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      ),
    pick: (query) =>
      send<ListResult>(
        'index',
        { query: { select: 'true', limit: 20, ...query } },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      ),
  };
}
