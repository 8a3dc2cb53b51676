/**
 * The schema of a back-office table (DESIGN §3, §6): plain data — columns to list and fields to edit —
 * that the coming CRUD generator produces as it is. `SchemaTable` (./schema-table) renders it: the list
 * with quick search, column filters, sorting and paging, the add/edit drawer form (antd Form with the
 * rules of lib/validators) and delete / drag sort. On phones the rows are cards (./row-cards).
 */
import type { PresetName } from '../../lib/presets';
import type { ReactNode } from 'react';
import type { IconChoice } from '../icon-picker';
import type { Row, TableApi } from '../../lib/table-api';
import type { RemoteSource } from './remote-select';
import type { Operator } from './search-operators';
import type { ValidatorName } from '../../lib/validators';

export interface Option {
  value: string | number;
  label: string;
}

export interface TreeOption {
  value: number | string;
  title: string;
  key: number | string;
  children?: TreeOption[];
  /** Read to screen readers after the title (e.g. the menu a "View" button belongs to). */
  context?: string;
}

/** How a list cell shows its value. */
export type ColumnRender = 'text' | 'time' | 'status' | 'tag' | 'tags' | 'image' | 'images' | 'color' | 'yesno' | 'code' | 'bytes' | 'city';

export interface ColumnSchema {
  key: string;
  title: string;
  render?: ColumnRender;
  /** Value → label for `tag` cells and `select` filters. */
  options?: Option[];
  width?: number;
  /** The column is sortable when the list's answer names it in `sortable`; `false` hides that sorter. */
  sorter?: boolean;
  /** Offer a filter on this column: text, a choice of `options` or of related rows (`remote`), numbers, dates (YYYY-MM-DD) or times
   * (Unix seconds); the operators each offers: ./search-operators. */
  filter?: 'input' | 'select' | 'remote' | 'range' | 'dateRange' | 'timeRange';
  /** Where a `remote` filter finds the related rows it offers (by name, as the form's remote select). */
  remote?: RemoteSource;
  /** A status column whose cells switch enable/disable in place (with the edit permission). */
  inlineSwitch?: boolean;
  /** The filter's first operator when not the default of its kind (e.g. `eq` for a text that is a code). */
  filterOperator?: Operator;
  /** The operators the filter offers when fewer than its kind's (e.g. `like`, `notlike` for a type prefix
   * picked from a list). */
  filterOperators?: Operator[];
  /** The cell as text where its value is not (rich text, ids of related rows, division codes): shown in
   * the table and the phone cards, and written to the CSV. */
  text?: (value: unknown, row: Row) => string;
}

/** The form control of a field. */
export type FieldInputType =
  | 'input'
  | 'password'
  | 'textarea'
  | 'richtext'
  | 'number'
  /** A floating point number typed as text (checked by the `float` validator). */
  | 'decimal'
  | 'select'
  | 'multiselect'
  | 'checkbox'
  | 'radio'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'time'
  | 'year'
  | 'color'
  | 'image'
  | 'images'
  | 'file'
  | 'files'
  | 'city'
  | 'pairs'
  | 'remoteselect'
  | 'remoteselects'
  | 'treeSelect'
  | 'tree'
  | 'icon';

/** `required`, or a named check of lib/validators. */
export type FieldRule = 'required' | ValidatorName;

export interface FieldSchema {
  name: string;
  label: string;
  input: FieldInputType;
  rules?: FieldRule[];
  options?: Option[];
  tree?: TreeOption[];
  placeholder?: string;
  help?: string;
  /** Only in the add form / only in the edit form. */
  only?: 'add' | 'edit';
  /** Shown, never changed (a value the server gives, e.g. a designed table's token). */
  readOnly?: boolean;
  /** Spans both columns of a two-column form (long texts, galleries, lists). */
  wide?: boolean;
  /** Bounds: of a number's value, of a text's length (checked in the form as on the server). */
  min?: number;
  max?: number;
  /** A regular expression the whole text must match (a design's `pattern`). */
  pattern?: string;
  /** Validation presets (lib/presets) with the designer's message in the page's language, if any. */
  presets?: { name: PresetName; message?: string }[];
  /** Digits after the point of a number (0: whole numbers). */
  precision?: number;
  /** Where a remote select finds its rows (as id and label). */
  remote?: RemoteSource;
  /** The icon sets an `icon` field's picker offers (the back office's, features/admin/shell/icons). */
  icons?: IconChoice;
  /** Folder of the uploads of an upload field. */
  topic?: string;
}

export interface TableSchema {
  columns: ColumnSchema[];
  fields?: FieldSchema[];
  /** Values of a new row. */
  defaults?: Record<string, unknown>;
  /** The add/edit form in one column (default) or two; phones always get one. */
  formColumns?: 1 | 2;
  /** Rows carry `children`; shown expanded, unpaged while nothing is searched. */
  tree?: boolean;
  sortable?: boolean;
  canAdd?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  /** Placeholder of the quick search. */
  quickSearch?: string;
  /** The question before deleting (default: the common one). */
  confirmDelete?: string;
  /** Offer "Export CSV" of the current search; the file is named after this. */
  csv?: string;
  /** Offer "Edit selected": one field set to one value on every selected row. */
  batchEdit?: boolean;
}

/** A log's table: rows are only read (no add, edit or delete button). */
export const READ_ONLY = { canAdd: false, canEdit: false, canDelete: false } as const satisfies Partial<TableSchema>;

/** A schema with its API and the page's hooks (the parts that are code, not data). */
export interface TableConfig extends TableSchema {
  api: TableApi;
  /** Fields computed from the loaded list (e.g. parent pickers). */
  dynamicFields?: (rows: Row[]) => FieldSchema[];
  beforeSubmit?: (values: Record<string, unknown>, row: Row | null) => Record<string, unknown>;
  toForm?: (row: Row) => Record<string, unknown>;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** The Add button opens the page's own form instead of the built-in one (it stays first in the toolbar). */
  onAdd?: (reload: () => void) => void;
  /** Buttons beside Add; `selected`: the ids of the checked rows, `clearSelection` unchecks them. */
  toolbar?: (reload: () => void, selected: number[], clearSelection: () => void) => ReactNode;
  /** Asked after the delete confirmation, before the rows are deleted: false keeps them (e.g. the admin,
   * warned where a file is used, changed their mind). */
  beforeDelete?: (ids: number[]) => Promise<boolean>;
  /** A page's own cell content by column key (e.g. a file preview), in the table and the phone cards. */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** Buttons of the add/edit form beside Save (e.g. a preview). `values()`: the form's values as a save
   * sends them, or null when they are invalid (the form shows why); `row`: the row edited (null: a new one). */
  formActions?: (values: () => Promise<Record<string, unknown> | null>, row: Row | null) => ReactNode;
}

export const STATUS_OPTIONS = (t: (k: string) => string): Option[] => [
  { value: 'enable', label: t('common.enable') },
  { value: 'disable', label: t('common.disable') },
];

export function flattenRows(rows: Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flattenRows(row.children ?? [])]);
}

export function rowsToTree(rows: Row[], label: (row: Row) => string): TreeOption[] {
  return rows.map((row) => ({
    value: row.id,
    key: row.id,
    title: label(row),
    children: row.children ? rowsToTree(row.children, label) : undefined,
  }));
}

/** Keys to show as checked when a rule tree opens: only the leaves. Conduction derives the parents,
 * so a group holding a parent and only some of its children does not appear to hold them all. */
export function leafKeys(tree: TreeOption[] | undefined, keys: unknown[]): (string | number)[] {
  const held = new Set(keys.map(String));
  const leaves: (string | number)[] = [];
  const walk = (nodes: TreeOption[]) =>
    nodes.forEach((node) => {
      if (node.children?.length) walk(node.children);
      else if (held.has(String(node.key))) leaves.push(node.key);
    });
  walk(tree ?? []);
  return leaves;
}

/** The rows sharing `id`'s parent (the top level or a `children` list), in display order. */
export function siblingsOf(rows: Row[], id: number): Row[] {
  if (rows.some((r) => r.id === id)) return rows;
  for (const row of rows) {
    const found = siblingsOf(row.children ?? [], id);
    if (found.length) return found;
  }
  return [];
}
