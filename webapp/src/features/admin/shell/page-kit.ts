/**
 * What several back-office pages share (pages never import each other, ESLint enforces it): the
 * admin texts' translate function, options loaded from another table, and the schemas that two pages
 * use alike — menu rules (auth/rule, user/rule) and wallet logs (user/moneyLog, user/scoreLog).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  READ_ONLY,
  STATUS_OPTIONS,
  flattenRows,
  rowsToTree,
  type ColumnSchema,
  type FieldSchema,
  type Option,
  type TableConfig,
  type TableSchema,
  type TreeOption,
} from '../../../components/schema-table/schema';
import type { MenuNode } from '../../../lib/admin-store';
import { ICON_CHOICE, iconCell } from './icons';
import type { ApiResponse } from '../../../lib/request';
import type { Row } from '../../../lib/table-api';

export type T = (key: string, vars?: Record<string, unknown>) => string;

export function useAdminT(): T {
  const { t } = useTranslation('admin/common');
  return t as unknown as T;
}

/** Loads rows of another table once (quietly) and maps them to options or a tree. */
export function useLoaded<O>(load: () => Promise<ApiResponse<{ list: Row[] }>>, map: (rows: Row[]) => O[]): O[] {
  const [options, setOptions] = useState<O[]>([]);
  useEffect(() => {
    void load()
      .then((res) => setOptions(map(res.data.list)))
      .catch(() => undefined);
  }, [load, map]);
  return options;
}

/** A page's table config, made by `make` (a function of the module, so the same on every render) from the
 * admin texts and the options loaded from another table (`load`, mapped by `map`, as useLoaded). */
export function useConfigWith<O>(
  load: () => Promise<ApiResponse<{ list: Row[] }>>,
  map: (rows: Row[]) => O[],
  make: (t: T, options: O[]) => TableConfig,
): TableConfig {
  const t = useAdminT();
  const options = useLoaded(load, map);
  return useMemo(() => make(t, options), [make, t, options]);
}

export function menuTree(nodes: MenuNode[], parent?: string): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.title,
    // Buttons repeat ("View", "Add"…): name the menu they belong to for screen readers.
    context: n.type === 'button' ? parent : undefined,
    children: n.children ? menuTree(n.children, n.title) : undefined,
  }));
}

/** Rows of a (tree) table as options named by their `name`. */
export const nameOptions = (rows: Row[]): Option[] => flattenRows(rows).map((g) => ({ value: g.id, label: String(g.name) }));

export const ruleLabel = (r: Row) => String(r.label ?? r.title);

/** A menu-rule table (admin rules: menu_dir/menu/button; member rules add route, nav, …). */
export function ruleSchema(
  t: T,
  types: string[],
): TableSchema & Pick<TableConfig, 'cells'> & { dynamicFields: (rows: Row[]) => FieldSchema[] } {
  const typeOptions = types.map((v) => ({ value: v, label: t(`rule.types.${v}`) }));
  return {
    tree: true,
    sortable: true,
    columns: [
      { key: 'label', title: t('rule.title') },
      { key: 'icon', title: t('rule.icon') },
      { key: 'name', title: t('rule.name') },
      { key: 'type', title: t('rule.type'), render: 'tag', options: typeOptions },
      { key: 'weigh', title: t('common.weigh') },
      { key: 'status', title: t('common.status'), render: 'status' },
    ],
    dynamicFields: (rows) => [
      { name: 'type', label: t('rule.type'), input: 'radio', rules: ['required'], options: typeOptions },
      {
        name: 'pid',
        label: t('rule.parent'),
        input: 'treeSelect',
        tree: [{ value: 0, key: 0, title: t('rule.top') }, ...rowsToTree(rows, ruleLabel)],
      },
      { name: 'title', label: t('rule.title'), input: 'input', rules: ['required'] },
      { name: 'title_en', label: t('rule.titleEn'), input: 'input' },
      { name: 'name', label: t('rule.name'), input: 'input', rules: ['required'], help: t('rule.nameHelp') },
      { name: 'path', label: t('rule.path'), input: 'input' },
      {
        name: 'icon',
        label: t('rule.icon'),
        input: 'icon',
        icons: ICON_CHOICE,
      },
      {
        name: 'menu_type',
        label: t('rule.menuType'),
        input: 'radio',
        options: ['tab', 'link', 'iframe'].map((v) => ({ value: v, label: t(`rule.menuTypes.${v}`) })),
      },
      { name: 'url', label: t('rule.url'), input: 'input' },
      { name: 'component', label: t('rule.component'), input: 'input' },
      { name: 'keepalive', label: t('rule.keepalive'), input: 'switch' },
      { name: 'weigh', label: t('common.weigh'), input: 'number' },
      { name: 'remark', label: t('common.remark'), input: 'textarea' },
      { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
    ],
    defaults: { type: 'menu', pid: 0, menu_type: 'tab', status: 'enable', weigh: 0, keepalive: false },
    quickSearch: t('rule.quickSearch'),
    cells: { icon: (row) => iconCell(String(row.icon ?? '')) },
  };
}

/** A read-only wallet log (user/moneyLog, user/scoreLog). */
export function walletLogSchema(t: T, kind: 'money' | 'score'): TableSchema {
  return {
    ...READ_ONLY,
    columns: [
      { key: 'id', title: 'ID', sorter: true },
      { key: 'user_id', title: t('member.userId'), filter: 'input' },
      { key: 'username', title: t('admin.username') },
      { key: 'change', title: kind === 'money' ? t('member.changeMoney') : t('member.changeScore') },
      { key: 'before', title: t('member.before') },
      { key: 'after', title: t('member.after') },
      { key: 'memo', title: t('member.memo'), filter: 'input' },
      { key: 'create_time', title: t('common.createTime'), render: 'time', sorter: true },
    ],
  };
}

/** Group tables keep their rules; "*" (everything) is not a tree node. */
export const groupToForm = (row: Row) => ({ ...row, rules: (row.rules as unknown[]).filter((r) => r !== '*') });

/** The first columns of the admin and member tables, the account's group(s) last. */
export function accountColumns(t: T, group: ColumnSchema): ColumnSchema[] {
  return [
    { key: 'id', title: 'ID', sorter: true },
    { key: 'username', title: t('admin.username'), filter: 'input' },
    { key: 'nickname', title: t('admin.nickname') },
    group,
  ];
}

/** The account fields of the admin and member tables: same names, same checks. */
export function accountFields(t: T): FieldSchema[] {
  return [
    { name: 'username', label: t('admin.username'), input: 'input', rules: ['required', 'account'] },
    { name: 'nickname', label: t('admin.nickname'), input: 'input', rules: ['required'] },
  ];
}

/** The password fields of the admin and member tables (required when adding; empty keeps it when editing). */
export function passwordFields(t: T): FieldSchema[] {
  return [
    { name: 'password', label: t('admin.password'), input: 'password', rules: ['required', 'password'], only: 'add' },
    {
      name: 'password',
      label: t('admin.newPassword'),
      input: 'password',
      only: 'edit',
      help: t('admin.passwordHelp'),
      rules: ['password'],
    },
  ];
}

/** A table the recycle bin or the sensitive-data log can watch (`/admin/security/…/tables`). */
export interface WatchedTable {
  path: string;
  title: string;
  designed: boolean;
  fields: string[];
  /** Titles of fields where the table has them (config items: "Service hotline" for site.hotline). */
  field_titles?: Record<string, string>;
}

/** Loads the watchable tables once (quietly). */
export function useWatchedTables(load: () => Promise<ApiResponse<WatchedTable[]>>): WatchedTable[] {
  const [tables, setTables] = useState<WatchedTable[]>([]);
  useEffect(() => {
    void load()
      .then((res) => setTables(res.data))
      .catch(() => undefined);
  }, [load]);
  return tables;
}

/** A logged value as text: strings as they are, lists and objects as JSON, nothing as `empty`. */
export function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The list of a security log (the recycle bin, the sensitive-data log; `t`: the admin/security texts):
 * read-only, purge by the delete button, filters on the table path and the administrator. */
export function dataLogSchema(t: T, middle: ColumnSchema[], timeTitle: string): TableSchema {
  return {
    canAdd: false,
    canEdit: false,
    confirmDelete: t('confirmPurge'),
    columns: [
      { key: 'id', title: 'ID', sorter: true },
      { key: 'table', title: t('table'), filter: 'input', filterOperator: 'eq' },
      { key: 'item_id', title: t('rowId') },
      ...middle,
      { key: 'username', title: t('admin') },
      { key: 'admin_id', title: t('adminId'), filter: 'input', filterOperator: 'eq' },
      { key: 'ip', title: t('ip') },
      { key: 'create_time', title: timeTitle, render: 'time', sorter: true, filter: 'timeRange' },
    ],
  };
}
