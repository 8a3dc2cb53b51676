/**
 * A design (functions/services/designs.py DesignDoc, answered by GET /admin/<path>/design) as the
 * schema of the one back-office table (components/schema-table): its columns, its form fields with
 * the same bounds the server checks (functions/services/fields.py), defaults and drag sort. Texts come
 * from the design in the page's language (zh or en, the other one when a text is missing).
 */
import type { IconChoice } from '../icon-picker';
import type { DesignDoc, FieldDoc, Words } from '../../lib/api/generated/types.gen';
import { designedTableApi, type Row, type TableApi } from '../../lib/table-api';
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

/** Filters offered in the list: text (contains) and choices (equals). */
const FILTER_OF: Partial<Record<FieldDoc['type'], ColumnSchema['filter']>> = {
  string: 'input',
  textarea: 'input',
  icon: 'input',
  radio: 'select',
  select: 'select',
  status: 'select',
  integer: 'range',
  float: 'range',
  weigh: 'range',
  year: 'range',
  date: 'dateRange',
  datetime: 'timeRange',
};

export interface DesignedTable extends TableSchema {
  title: string;
  description: string;
  /** Fields referring to rows of another design, with where to find them. */
  remotes: Record<string, { api: TableApi; label: string }>;
  fields: FieldSchema[];
  /** A tree design: the parent picker, built from the loaded rows (its `pid` field). */
  dynamicFields?: (rows: Row[]) => FieldSchema[];
}

function optionsOf(field: FieldDoc, language: string, t: Translate): Option[] | undefined {
  if (field.type === 'status') return STATUS_OPTIONS(t);
  if (!field.options?.length) return undefined;
  return field.options.map((o) => ({ value: o.value, label: wordsIn(o.label, language) || o.value }));
}

function rulesOf(field: FieldDoc): FieldRule[] {
  const rules: FieldRule[] = field.required ? ['required'] : [];
  if (field.type === 'money') rules.push('money');
  if (field.type === 'float') rules.push('float');
  return rules;
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

/** The table schema of a design; `apiOf(path)` gives the table API of a design's rule path; `icons`: the
 * sets an icon field's picker offers. */
export function designedSchema(
  design: DesignDoc,
  language: string,
  t: Translate,
  apiOf: (path: string) => TableApi = designedTableApi,
  icons?: IconChoice,
): DesignedTable {
  const remotes: DesignedTable['remotes'] = {};
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
    const remote = field.relation ? { api: apiOf(field.relation.design), label: field.relation.label || 'id' } : undefined;
    if (remote) remotes[field.name] = remote;
    const input = INPUT_OF[field.type];
    const numeric = input === 'number';
    fields.push({
      name: field.name,
      label,
      input,
      rules: rulesOf(field),
      options,
      help: wordsIn(field.help, language) || undefined,
      min: BOUNDED.has(field.type) ? (field.min ?? undefined) : undefined,
      max: BOUNDED.has(field.type) ? (field.max ?? TEXT_MAX[field.type]) : undefined,
      pattern: field.type === 'string' && field.pattern ? field.pattern : undefined,
      precision: numeric && field.type !== 'float' ? 0 : undefined,
      remote,
      wide: WIDE_TYPES.has(field.type) || undefined,
      icons: field.type === 'icon' ? icons : undefined,
      topic:
        input === 'image' || input === 'images' || input === 'file' || input === 'files' ? design.name.replace(/\W+/g, '_') : undefined,
    });
    const initial = defaultOf(field);
    if (initial !== undefined) defaults[field.name] = initial;
    if (field.list === false) continue;
    const filter = field.filter === false ? undefined : FILTER_OF[field.type];
    columns.push({
      key: field.name,
      title: label,
      render: RENDER_OF[field.type],
      options,
      filter: filter === 'select' && !options ? undefined : filter,
      inlineSwitch: field.type === 'status' || undefined,
    });
  }
  columns.push({ key: 'create_time', title: t('common.createTime'), render: 'time', width: 170, filter: 'timeRange' });
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
    sortable: design.fields.some((f) => f.type === 'weigh'),
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
