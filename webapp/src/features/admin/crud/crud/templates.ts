/**
 * Starting points of the generator: an empty design, the templates (a content page, a log, a tree) and a new
 * field of a type. Plain data; the generator edits copies.
 */
import type { DesignDoc, FieldDoc, Words } from '../../../../lib/api/generated/types.gen';

export type FieldType = FieldDoc['type'];

/** The palette, in groups (the order the generator shows them). */
export const TYPE_GROUPS: { key: string; types: FieldType[] }[] = [
  { key: 'text', types: ['string', 'textarea', 'richtext', 'icon', 'color', 'password', 'token'] },
  { key: 'number', types: ['integer', 'float', 'money', 'weigh', 'year'] },
  { key: 'choice', types: ['switch', 'radio', 'checkbox', 'select', 'selects', 'status'] },
  { key: 'relation', types: ['remoteselect', 'remoteselects', 'city', 'array'] },
  { key: 'time', types: ['date', 'datetime', 'time'] },
  { key: 'upload', types: ['image', 'images', 'file', 'files'] },
];

/** Types that need options / a related table. */
export const OPTION_TYPES = new Set<FieldType>(['radio', 'select', 'checkbox', 'selects']);
export const RELATION_TYPES = new Set<FieldType>(['remoteselect', 'remoteselects']);
/** Types whose bounds are a length / a value. */
export const LENGTH_TYPES = new Set<FieldType>(['string', 'textarea', 'richtext']);
export const NUMBER_TYPES = new Set<FieldType>(['integer', 'float', 'money', 'weigh', 'year']);
/** Types a field can be filtered through an index by (functions/services/designs.py INDEXABLE). */
export const INDEXABLE = new Set<FieldType>([
  'string',
  'select',
  'radio',
  'status',
  'switch',
  'integer',
  'remoteselect',
  'year',
  'date',
  'token',
]);
/** Types a list can be sorted through an index by (numeric types). */
export const SORTABLE = new Set<FieldType>(['integer', 'float', 'money', 'datetime', 'year', 'weigh']);

/** A new field of `type`, named so it does not clash with `taken`. */
export function newField(type: FieldType, taken: string[], title: Words): FieldDoc {
  let n = 1;
  while (taken.includes(`${type}_${n}`)) n += 1;
  const field: FieldDoc = { name: type === 'status' || type === 'weigh' ? type : `${type}_${n}`, title, type };
  if (taken.includes(field.name)) field.name = `${type}_${n}`;
  if (OPTION_TYPES.has(type)) {
    field.options = [
      { value: 'a', label: { zh: '选项一', en: 'Option 1' } },
      { value: 'b', label: { zh: '选项二', en: 'Option 2' } },
    ];
  }
  if (RELATION_TYPES.has(type)) field.relation = { design: '', label: 'name' };
  // A password is never filtered (nor searched, sorted or unique); a token is unique, given by the server.
  if (type === 'password') field.filter = false;
  if (type === 'token') field.unique = true;
  return field;
}

/** The parent of a row of a tree design (the server requires an integer `pid`). */
const PARENT_FIELD: FieldDoc = { name: 'pid', title: { zh: '上级', en: 'Parent' }, type: 'integer', min: 0, list: false, filter: false };

/** `fields` with the parent field a tree design needs (added last when missing). */
export const withParentField = (fields: FieldDoc[]): FieldDoc[] =>
  fields.some((f) => f.name === 'pid') ? fields : [...fields, PARENT_FIELD];

export type TemplateName = 'empty' | 'content' | 'log' | 'tree';

export function template(name: TemplateName): DesignDoc {
  const base = { name: 'crud/', title: { zh: '', en: '' }, parent: 'crud' as const, icon: 'TableOutlined', recycle: true };
  if (name === 'content') {
    return {
      ...base,
      icon: 'ReadOutlined',
      fields: [
        { name: 'title', title: { zh: '标题', en: 'Title' }, type: 'string', required: true, max: 100, search: true },
        { name: 'cover', title: { zh: '封面', en: 'Cover' }, type: 'image' },
        { name: 'content', title: { zh: '正文', en: 'Content' }, type: 'richtext', list: false, filter: false },
        { name: 'weigh', title: { zh: '排序', en: 'Order' }, type: 'weigh' },
        { name: 'status', title: { zh: '状态', en: 'Status' }, type: 'status' },
      ],
    };
  }
  if (name === 'log') {
    return {
      ...base,
      icon: 'HistoryOutlined',
      time_series: true,
      recycle: false,
      fields: [
        { name: 'subject', title: { zh: '事项', en: 'Subject' }, type: 'string', required: true, search: true },
        { name: 'detail', title: { zh: '详情', en: 'Detail' }, type: 'textarea', list: false, filter: false },
        { name: 'happened', title: { zh: '发生时间', en: 'Happened at' }, type: 'datetime', sort: true },
      ],
    };
  }
  if (name === 'tree') {
    return {
      ...base,
      icon: 'ApartmentOutlined',
      tree: true,
      fields: [
        { name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string', required: true, max: 100, search: true },
        PARENT_FIELD,
        { name: 'weigh', title: { zh: '排序', en: 'Order' }, type: 'weigh' },
        { name: 'status', title: { zh: '状态', en: 'Status' }, type: 'status' },
      ],
    };
  }
  return { ...base, fields: [{ name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string', required: true, search: true }] };
}

type Words2 = { zh?: string | null; en?: string | null } | null | undefined;
type Say = (key: string, vars?: Record<string, unknown>) => string;

/**
 * A change the server names when a save changes the values of a table with rows (`removed:<field>`,
 * `type:<field>:<from>><to>`, `indexes`; functions/services/designs.py `changes`) in words: the field by
 * its title in the page's language (as the design before the change had it for a removed field), the
 * types by their names. `say` translates keys of admin/crud/crud (`change.*`) and admin/crud/state
 * (`types.*`, given with that prefix).
 */
export function changeWords(change: string, before: DesignDoc, after: DesignDoc, language: string, say: Say): string {
  const titled = (name: string) => {
    const field = after.fields.find((f) => f.name === name) ?? before.fields.find((f) => f.name === name);
    const words: Words2 = field?.title;
    const zh = words?.zh ?? '';
    const en = words?.en ?? '';
    return (language.startsWith('zh') ? zh || en : en || zh) || name;
  };
  const [kind, name = '', types = ''] = change.split(':');
  if (kind === 'removed') return say('change.removed', { field: titled(name) });
  if (kind === 'type') {
    const [from = '', to = ''] = types.split('>');
    return say('change.type', {
      field: titled(name),
      from: say(`admin/crud/state:types.${from}`),
      to: say(`admin/crud/state:types.${to}`),
    });
  }
  if (kind === 'indexes') return say('change.indexes');
  return change;
}
