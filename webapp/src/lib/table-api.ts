/**
 * The generic back-office table API (DESIGN §3): a table at `/admin/<rule path>/` answers index, edit,
 * add, del and sortable. A page's `api.ts` builds its table's calls with `tableApi({...})`, naming its
 * own generated operations (`sdk.authAdminIndex`, …); a designed table's come from `designedTableApi`.
 * The list's parameters and answer are the generated client's (the OpenAPI declares them for every list).
 */
import { call, sdk, type SdkFn } from './api/client';
import type { DesignedIndexData, DesignedList } from './api/generated/types.gen';
import type { ApiResponse } from './request';

export type Row = Record<string, unknown> & { id: number; children?: Row[] };

/** How a list is paged: page jumps (exact total, at most 2,000 rows) or Previous / Next with cursors. */
export type Pager = NonNullable<DesignedList['pager']>;

/**
 * The answer of a table's index (the list contract of issue 11), as the generated client types every
 * list, with its rows as `Row`s. Tree tables leave out the paging fields (then: `pager` "pages", no
 * cursor, exact total, no sorting); `labels` is a designed table's (`{field: {id or code: name}}`).
 */
export type ListResult = Omit<DesignedList, 'list'> & { list: Row[] };

/**
 * The query of a table's index: the list parameters every list operation declares (page, limit,
 * cursor — the previous answer's, sent with the page it fetches —, quick_search, search — a JSON list
 * of `{field, val, operator}` —, order — `field,asc` or `field,desc`, a field of `sortable` —, select,
 * initKey/initValue).
 */
export type ListQuery = NonNullable<DesignedIndexData['query']>;

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
  pick: (query: Pick<ListQuery, 'quick_search' | 'initKey' | 'initValue'>) => Promise<ApiResponse<ListResult>>;
}

/** The generated operations of one table, named by its page's api.ts: `index` (its list, taking
 * `ListQuery`), and those of the actions it offers. */
export interface TableOps {
  index: SdkFn;
  editRow?: SdkFn;
  add?: SdkFn;
  edit?: SdkFn;
  del?: SdkFn;
  sortable?: SdkFn;
}

/**
 * The generic table API of a built-in table, sent through request.ts with its generated operations
 * (`tableApi({ index: sdk.authAdminIndex, editRow: sdk.authAdminEditRow, … })`). An action whose
 * operation is not given rejects without a request.
 */
export function tableApi(ops: TableOps): TableApi {
  return apiOf(ops, {});
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
  return apiOf(DESIGNED_OPERATIONS, { path: { path } });
}

function apiOf(ops: TableOps, base: Record<string, unknown>): TableApi {
  const op = (name: keyof TableOps): SdkFn => ops[name] ?? (() => Promise.reject(new Error(`This table has no ${name} operation`)));
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
        { query: { select: true, limit: 1000 } satisfies ListQuery },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      ),
    pick: (query) =>
      send<ListResult>(
        'index',
        { query: { select: true, limit: 20, ...query } satisfies ListQuery },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      ),
  };
}
