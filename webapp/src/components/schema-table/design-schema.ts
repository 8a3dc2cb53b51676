/**
 * A design (functions/services/designs.py DesignDoc, answered by GET /admin/<path>/design) as the
 * schema of the one back-office table (components/schema-table): its columns, its form fields with
 * the same bounds the server checks (functions/services/fields.py), defaults and drag sort. Texts come
 * from the design in the page's language (zh or en, the other one when a text is missing).
 *
 * Values that are not text read as people read them, in the list, the phone cards and the CSV alike:
 * rich text as its text, a relation field as the names of its rows and a city as the names of its
 * divisions — names the list's answer gives (`labels`, read with this table's permission), kept by
 * `remember` for the page. A relation's extra columns (`relation.columns`: fields of the related row)
 * follow its column, titled "<field> · <column>" (the column's title from the design answer), with the
 * values the list answer gives under `<field>.<column>` by related row id.
 *
 * A password field is answered only as whether one is set (never its hash): the list shows a mask, the
 * add form asks for one, the edit form starts empty and an empty one keeps it (the server's rule); it
 * has no filter. A token (random id) is the server's: read-only in the edit form, searched by equality.
 */
import type { IconChoice } from '../icon-picker';
import { call, sdk } from '../../lib/api/client';
import type { DesignDoc, FieldDoc, Words } from '../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../lib/request';
import type { ListResult, Row } from '../../lib/table-api';
import { htmlText } from './html-text';
import { nameOf, remember as rememberNames, toIds, type RemoteRow, type RemoteSource } from './remote-select';
import type { Translate } from '../../lib/validators';
import {
  STATUS_OPTIONS,
  rowsToTree,
  type ColumnRender,
  type ColumnSchema,
  type FieldInputType,
  type FieldRule,
  type FieldSchema,
  type Option,
  type TableSchema,
} from './schema';

/** The text of `words` in `language` ("zh-cn" or "en"), else in the other language. */
export function wordsIn(words: Words | null | undefined, language: string): string {
  if (!words) return '';
  const zh = words.zh ?? '';
  const en = words.en ?? '';
  return language.startsWith('zh') ? zh || en : en || zh;
}

const INPUT_OF: Record<FieldDoc['type'], FieldInputType> = {
  string: 'input',
  textarea: 'textarea',
  richtext: 'richtext',
  integer: 'number',
  float: 'decimal',
  money: 'input',
  switch: 'switch',
  radio: 'radio',
  select: 'select',
  checkbox: 'checkbox',
  selects: 'multiselect',
  remoteselect: 'remoteselect',
  remoteselects: 'remoteselects',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  year: 'year',
  image: 'image',
  images: 'images',
  file: 'file',
  files: 'files',
  city: 'city',
  icon: 'icon',
  color: 'color',
  array: 'pairs',
  weigh: 'number',
  status: 'radio',
  password: 'password',
  token: 'input',
};

const RENDER_OF: Partial<Record<FieldDoc['type'], ColumnRender>> = {
  switch: 'yesno',
  radio: 'tag',
  select: 'tag',
  checkbox: 'tags',
  selects: 'tags',
  datetime: 'time',
  image: 'image',
  images: 'images',
  city: 'city',
  color: 'color',
  status: 'status',
};

/** Filters offered in the list: text, choices, numbers, dates and times (the operators of each:
 * ./search-operators). */
const FILTER_OF: Partial<Record<FieldDoc['type'], ColumnSchema['filter']>> = {
  string: 'input',
  textarea: 'input',
  icon: 'input',
  radio: 'select',
  select: 'select',
  status: 'select',
  switch: 'select',
  remoteselect: 'remote',
  remoteselects: 'remote',
  integer: 'range',
  float: 'range',
  money: 'range',
  weigh: 'range',
  year: 'range',
  date: 'dateRange',
  datetime: 'timeRange',
  token: 'input',
};

/** Types whose filter offers fewer operators than its kind: a switch is on or off ("in" and "empty" say
 * nothing more than = and ≠); one related row is stored as 0 when there is none, so it has no "empty". */
const FILTER_OPERATORS_OF: Partial<Record<FieldDoc['type'], ColumnSchema['filterOperators']>> = {
  switch: ['eq', 'ne'],
  remoteselect: ['eq', 'ne', 'in', 'notin'],
  token: ['eq', 'in'],
};

export interface DesignedTable extends TableSchema {
  title: string;
  description: string;
  /** Fields referring to rows of another design, with where to find them. */
  remotes: Record<string, RemoteSource>;
  /** Keep the names a list answer gives (its `labels`) for the cells, the CSV and the pickers. */
  remember: (answer: ListResult) => void;
  fields: FieldSchema[];
  /** A tree design: the parent picker, built from the loaded rows (its `pid` field). */
  dynamicFields?: (rows: Row[]) => FieldSchema[];
  /** A row as the edit form starts: password fields empty (an empty one keeps the password). */
  toForm: (row: Row) => Record<string, unknown>;
}

/** What a password cell shows when one is set (the answer says only that). */
export const PASSWORD_MASK = '••••••';

function optionsOf(field: FieldDoc, language: string, t: Translate): Option[] | undefined {
  if (field.type === 'status') return STATUS_OPTIONS(t);
  if (!field.options?.length) return undefined;
  return field.options.map((o) => ({ value: o.value, label: wordsIn(o.label, language) || o.value }));
}

function rulesOf(field: FieldDoc): FieldRule[] {
  const rules: FieldRule[] = field.required && field.type !== 'token' ? ['required'] : [];
  if (field.type === 'money') rules.push('money');
  if (field.type === 'float') rules.push('float');
  if (field.type === 'password') rules.push('password');
  return rules;
}

/** A password field's two form fields: the add form's (required when the design says so) and the edit
 * form's, never required, where an empty value keeps the password set. A token's: read-only, in the edit
 * form only (the server gives it when the row is added). */
function formFieldsOf(field: FieldDoc, base: FieldSchema, t: Translate): FieldSchema[] {
  if (field.type === 'password')
    return [
      { ...base, only: 'add' },
      { ...base, only: 'edit', rules: ['password'], help: base.help ?? t('designed.passwordKeep') },
    ];
  if (field.type === 'token') return [{ ...base, only: 'edit', readOnly: true, help: base.help ?? t('designed.tokenHelp') }];
  return [base];
}

/** Longest text of a type when the design says nothing (as functions/services/fields.py). */
const TEXT_MAX: Partial<Record<FieldDoc['type'], number>> = { string: 255, icon: 64, textarea: 5000, richtext: 60000 };
/** Types that take the whole width of a two-column form. */
const WIDE_TYPES = new Set<FieldDoc['type']>(['textarea', 'richtext', 'images', 'files', 'array']);
const BOUNDED = new Set<FieldDoc['type']>(['string', 'textarea', 'richtext', 'integer', 'float', 'weigh']);

function defaultOf(field: FieldDoc): unknown {
  if (field.default !== null && field.default !== undefined && field.default !== '') return field.default;
  if (field.type === 'status') return 'enable';
  if (field.type === 'switch') return false;
  return undefined;
}

/** A relation field's rows, asked of the table that has the field (`GET /admin/<path>/related`). */
export function relatedSource(path: string, field: string): RemoteSource {
  return {
    find: ({ quick_search, ids }) =>
      (
        call(
          sdk.designedRelated,
          { path: { path }, query: { field, quick_search: quick_search ?? '', ids: (ids ?? []).join(',') } },
          { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
        ) as Promise<ApiResponse<{ list: RemoteRow[] }>>
      ).then((res) => res.data.list),
  };
}

/** The table schema of a design; `sourceOf(path, field)` gives where a relation field finds its rows;
 * `icons`: the sets an icon field's picker offers; `columnTitles`: the titles of the relations' extra
 * columns by `<field>.<column>` (the design answer's `columns`). */
export function designedSchema(
  design: DesignDoc,
  language: string,
  t: Translate,
  sourceOf: (path: string, field: string) => RemoteSource = relatedSource,
  icons?: IconChoice,
  columnTitles: Record<string, Words> = {},
): DesignedTable {
  const remotes: DesignedTable['remotes'] = {};
  // Division names by field and code, from the list answers.
  const places = new Map<string, Map<string, string>>();
  const textOf: Partial<Record<FieldDoc['type'], (name: string) => ColumnSchema['text']>> = {
    richtext: () => (value) => htmlText(String(value ?? '')),
    remoteselect: (name) => (value) =>
      toIds(value)
        .map((id) => nameOf(remotes[name], id) ?? `#${id}`)
        .join(', '),
    password: () => (value) => (value ? PASSWORD_MASK : ''),
    remoteselects: (name) => (value) =>
      toIds(value)
        .map((id) => nameOf(remotes[name], id) ?? `#${id}`)
        .join(', '),
    city: (name) => (value) =>
      (Array.isArray(value) ? value : []).map((code) => places.get(name)?.get(String(code)) ?? String(code)).join(' / '),
  };
  const columns: ColumnSchema[] = [{ key: 'id', title: 'ID', width: 80 }];
  const fields: FieldSchema[] = [];
  const defaults: Record<string, unknown> = {};
  let parent: FieldSchema | undefined;
  for (const field of design.fields) {
    const label = wordsIn(field.title, language) || field.name;
    if (design.tree && field.name === 'pid') {
      parent = { name: 'pid', label, input: 'treeSelect', help: wordsIn(field.help, language) || undefined };
      continue;
    }
    const options = optionsOf(field, language, t);
    const remote = field.relation ? sourceOf(design.name, field.name) : undefined;
    if (remote) remotes[field.name] = remote;
    const input = INPUT_OF[field.type];
    const numeric = input === 'number';
    const base: FieldSchema = {
      name: field.name,
      label,
      input,
      rules: rulesOf(field),
      options,
      help: wordsIn(field.help, language) || undefined,
      min: BOUNDED.has(field.type) ? (field.min ?? undefined) : undefined,
      max: BOUNDED.has(field.type) ? (field.max ?? TEXT_MAX[field.type]) : undefined,
      pattern: field.type === 'string' && field.pattern ? field.pattern : undefined,
      presets: field.presets?.length
        ? field.presets.map((p) => ({ name: p.name, message: wordsIn(p.message, language) || undefined }))
        : undefined,
      precision: numeric && field.type !== 'float' ? 0 : undefined,
      remote,
      wide: WIDE_TYPES.has(field.type) || undefined,
      icons: field.type === 'icon' ? icons : undefined,
      topic:
        input === 'image' || input === 'images' || input === 'file' || input === 'files' ? design.name.replace(/\W+/g, '_') : undefined,
    };
    fields.push(...formFieldsOf(field, base, t));
    const initial = defaultOf(field);
    if (initial !== undefined) defaults[field.name] = initial;
    if (field.list === false) continue;
    const filter = field.filter === false ? undefined : FILTER_OF[field.type];
    // A switch is searched as yes or no (the server reads "1" and "0" as on and off).
    const choices =
      field.type === 'switch'
        ? [
            { value: '1', label: t('common.yes') },
            { value: '0', label: t('common.no') },
          ]
        : options;
    columns.push({
      key: field.name,
      title: label,
      render: RENDER_OF[field.type],
      options: choices,
      filter: (filter === 'select' && !choices) || (filter === 'remote' && !remote) ? undefined : filter,
      remote: filter === 'remote' ? remote : undefined,
      filterOperators: FILTER_OPERATORS_OF[field.type],
      inlineSwitch: field.type === 'status' || undefined,
      text: textOf[field.type]?.(field.name),
    });
    for (const column of field.relation?.columns ?? []) {
      const key = `${field.name}.${column}`;
      columns.push({
        key,
        title: `${label} · ${wordsIn(columnTitles[key], language) || column}`,
        text: (_value, row) =>
          toIds(row[field.name])
            .map((id) => places.get(key)?.get(String(id)) ?? '')
            .filter(Boolean)
            .join(', '),
      });
    }
  }
  columns.push({ key: 'create_time', title: t('common.createTime'), render: 'time', width: 170, filter: 'timeRange' });
  const passwords = design.fields.filter((f) => f.type === 'password').map((f) => f.name);
  const searched = design.fields.filter((f) => f.search).map((f) => wordsIn(f.title, language) || f.name);
  return {
    title: wordsIn(design.title, language),
    description: wordsIn(design.description, language),
    columns,
    fields,
    defaults,
    formColumns: design.form_columns === 2 ? 2 : 1,
    tree: design.tree || undefined,
    dynamicFields: parent ? parentPicker(parent, design, t) : undefined,
    remotes,
    remember: (answer) => {
      for (const [name, names] of Object.entries(answer.labels ?? {})) {
        if (remotes[name]) rememberNames(remotes[name], names);
        else places.set(name, new Map([...(places.get(name) ?? new Map<string, string>()), ...Object.entries(names)]));
      }
    },
    sortable: design.fields.some((f) => f.type === 'weigh'),
    toForm: (row) => ({ ...row, ...Object.fromEntries(passwords.map((name) => [name, ''])) }),
    csv: design.name.replace(/\//g, '-'),
    batchEdit: true,
    quickSearch: searched.length ? t('designed.quickSearch', { fields: searched.join(t('designed.separator')) }) : t('common.quickSearch'),
  };
}

/** A tree design's parent field: the top level, then the loaded rows as a tree named by the first text field. */
function parentPicker(parent: FieldSchema, design: DesignDoc, t: Translate): (rows: Row[]) => FieldSchema[] {
  const named = design.fields.find((f) => f.type === 'string')?.name;
  const label = (row: Row) => String((named && row[named]) || `#${row.id}`);
  return (rows) => [{ ...parent, tree: [{ value: 0, key: 0, title: t('designed.top') }, ...rowsToTree(rows, label)] }];
}
