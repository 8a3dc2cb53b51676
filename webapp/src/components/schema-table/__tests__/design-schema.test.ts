import { describe, expect, it } from 'vitest';
import type { DesignDoc } from '../../../lib/api/generated/types.gen';
import type { Row } from '../../../lib/table-api';
import type { RemoteSource } from '../remote-select';
import { plainCell, toCsv } from '../table-tools';
import { fieldRules } from '../schema-table';
import { designedSchema, wordsIn } from '../design-schema';

const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key}:${JSON.stringify(vars)}` : key);

const design: DesignDoc = {
  name: 'business/news',
  title: { zh: '新闻动态', en: 'News' },
  description: { zh: '公司新闻', en: '' },
  fields: [
    { name: 'title', title: { zh: '标题', en: 'Title' }, type: 'string', required: true, max: 80, search: true },
    { name: 'summary', title: { zh: '摘要', en: 'Summary' }, type: 'textarea', list: false },
    { name: 'price', title: { zh: '价格', en: 'Price' }, type: 'money', min: 0, max: 100 },
    { name: 'code', title: { zh: '编号', en: 'Code' }, type: 'string', pattern: '[A-Z]{2}[0-9]+' },
    { name: 'count', title: { zh: '数量', en: 'Count' }, type: 'integer', min: 1, max: 9 },
    {
      name: 'kind',
      title: { zh: '类型', en: 'Kind' },
      type: 'select',
      options: [
        { value: 'a', label: { zh: '甲', en: 'A' } },
        { value: 'b', label: { zh: '乙', en: '' } },
      ],
    },
    { name: 'tags', title: { zh: '标签', en: 'Tags' }, type: 'remoteselects', relation: { design: 'business/tag', label: 'name' } },
    { name: 'weigh', title: { zh: '排序', en: 'Order' }, type: 'weigh' },
    { name: 'status', title: { zh: '状态', en: 'Status' }, type: 'status' },
  ],
};

const apiOf = (path: string, field: string) => ({ path, field, find: () => Promise.resolve([]) }) as unknown as RemoteSource;

describe('a design as the schema of its table', () => {
  it('names everything in the page language, falling back to the other one', () => {
    expect(wordsIn({ zh: '甲', en: '' }, 'en')).toBe('甲');
    const en = designedSchema(design, 'en', t, apiOf);
    expect(en.title).toBe('News');
    expect(en.description).toBe('公司新闻');
    expect(en.fields.find((f) => f.name === 'kind')?.options).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: '乙' },
    ]);
    const zh = designedSchema(design, 'zh-cn', t, apiOf);
    expect(zh.columns.map((c) => c.title)).toEqual([
      'ID',
      '标题',
      '价格',
      '编号',
      '数量',
      '类型',
      '标签',
      '排序',
      '状态',
      'common.createTime',
    ]);
    expect(zh.quickSearch).toBe('designed.quickSearch:{"fields":"标题"}');
  });

  it('lays the form out in the columns the design asks for, long fields across both', () => {
    expect(designedSchema(design, 'en', t, apiOf).formColumns).toBe(1);
    const two = designedSchema({ ...design, form_columns: 2 }, 'en', t, apiOf);
    expect(two.formColumns).toBe(2);
    expect(two.fields.filter((f) => f.wide).map((f) => f.name)).toEqual(['summary']);
  });

  it('shows a tree design as a tree, with the parent picked from the rows', () => {
    const tree: DesignDoc = {
      name: 'crud/area',
      title: { zh: '区域', en: 'Areas' },
      tree: true,
      fields: [
        { name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string', required: true },
        { name: 'pid', title: { zh: '上级', en: 'Parent' }, type: 'integer', min: 0, list: false },
      ],
    };
    const schema = designedSchema(tree, 'en', t, apiOf);
    expect(schema.tree).toBe(true);
    expect(schema.fields.map((f) => f.name)).toEqual(['name']);
    const [parent] = schema.dynamicFields!([{ id: 1, name: 'City', children: [{ id: 2, name: 'District' }] }]);
    expect(parent).toMatchObject({ name: 'pid', label: 'Parent', input: 'treeSelect' });
    expect(parent.tree).toEqual([
      { value: 0, key: 0, title: 'designed.top' },
      { value: 1, key: 1, title: 'City', children: [{ value: 2, key: 2, title: 'District', children: undefined }] },
    ]);
    expect(designedSchema(design, 'en', t, apiOf).dynamicFields).toBeUndefined();
  });

  it('lists only the fields shown in the list, and filters text, choices and amounts', () => {
    const schema = designedSchema(design, 'en', t, apiOf);
    const columns = Object.fromEntries(schema.columns.map((c) => [c.key, c]));
    expect(columns.summary).toBeUndefined();
    expect(columns.title.filter).toBe('input');
    expect(columns.kind.filter).toBe('select');
    expect(columns.status.render).toBe('status');
    expect(columns.price.filter).toBe('range'); // money: between, >, ≤ … (./search-operators)
    // A relation is searched by picking related rows by name, from the same source as the form's picker.
    expect(columns.tags.filter).toBe('remote');
    expect(columns.tags.remote).toMatchObject({ path: 'business/news', field: 'tags' });
  });

  it('checks in the form what the server checks', () => {
    const schema = designedSchema(design, 'en', t, apiOf);
    const field = (name: string) => schema.fields.find((f) => f.name === name)!;
    expect(field('title')).toMatchObject({ input: 'input', rules: ['required'], max: 80 });
    expect(field('summary')).toMatchObject({ input: 'textarea', max: 5000 });
    // Money's bounds are yuan, not a length: left to the server; its format is checked here.
    expect(field('price')).toMatchObject({ input: 'input', rules: ['money'], min: undefined, max: undefined });
    expect(field('count')).toMatchObject({ input: 'number', min: 1, max: 9, precision: 0 });
    const rules = fieldRules(field('code'), t) as { pattern?: RegExp }[];
    const pattern = rules.find((r) => r.pattern)!.pattern!;
    expect(pattern.test('AB12')).toBe(true);
    expect(pattern.test('xAB12')).toBe(false);
    const count = fieldRules(field('count'), t) as { type?: string; min?: number; max?: number }[];
    expect(count).toContainEqual(expect.objectContaining({ type: 'number', min: 1, max: 9 }));
  });

  it('finds related rows in the related design, new rows start enabled, a weigh field sorts by drag', () => {
    const schema = designedSchema(design, 'en', t, apiOf);
    // Asked of the table itself (its permission), for this field: never of the related table.
    expect(schema.remotes.tags).toMatchObject({ path: 'business/news', field: 'tags' });
    expect(schema.fields.find((f) => f.name === 'tags')?.input).toBe('remoteselects');
    expect(schema.defaults).toEqual({ status: 'enable' });
    expect(schema.sortable).toBe(true);
  });

  it('shows rich text as text, related rows and cities by the names the list answer gave, in cells and the CSV', () => {
    const withMore: DesignDoc = {
      ...design,
      fields: [
        ...design.fields,
        { name: 'body', title: { zh: '正文', en: 'Body' }, type: 'richtext' },
        { name: 'lead', title: { zh: '主标签', en: 'Lead' }, type: 'remoteselect', relation: { design: 'business/tag', label: 'name' } },
        { name: 'place', title: { zh: '地区', en: 'Place' }, type: 'city' },
      ],
    };
    const schema = designedSchema(withMore, 'en', t, apiOf);
    schema.remember({
      list: [],
      total: 0,
      remark: '',
      labels: { tags: { '3': 'Power', '6': 'Water' }, lead: { '6': 'Water' }, place: { '44': 'Guangdong', '4403': 'Shenzhen' } },
    });
    const row = { id: 1, body: '<p>Power cut <b>tomorrow</b></p><p>A&amp;B</p>', tags: [3, 6, 9], lead: 6, place: ['44', '4403'] } as Row;
    const column = (key: string) => schema.columns.find((c) => c.key === key)!;
    expect(plainCell(column('body'), row, t)).toBe('Power cut tomorrow A&B');
    expect(plainCell(column('tags'), row, t)).toBe('Power, Water, #9');
    expect(plainCell(column('lead'), row, t)).toBe('Water');
    expect(plainCell(column('place'), row, t)).toBe('Guangdong / Shenzhen');
    const csv = toCsv([column('body'), column('tags'), column('place')], [row], t).split('\r\n');
    expect(csv[1]).toBe('Power cut tomorrow A&B,"Power, Water, #9",Guangdong / Shenzhen');
  });
  it('asks for a password when a row is added, keeps it when an edit leaves it empty, and never shows or filters it', () => {
    const withSecrets: DesignDoc = {
      ...design,
      fields: [
        ...design.fields,
        { name: 'pin', title: { zh: '开门密码', en: 'Door PIN' }, type: 'password', required: true, filter: false },
        { name: 'card', title: { zh: '卡号', en: 'Card' }, type: 'token', unique: true },
      ],
    };
    const schema = designedSchema(withSecrets, 'en', t, apiOf);
    const pins = schema.fields.filter((f) => f.name === 'pin');
    expect(pins).toEqual([
      expect.objectContaining({ input: 'password', only: 'add', rules: ['required', 'password'] }),
      expect.objectContaining({ input: 'password', only: 'edit', rules: ['password'], help: 'designed.passwordKeep' }),
    ]);
    // The token is the server's: read-only, in the edit form only, searched by equality.
    expect(schema.fields.filter((f) => f.name === 'card')).toEqual([
      expect.objectContaining({ input: 'input', only: 'edit', readOnly: true, rules: [] }),
    ]);
    const column = (key: string) => schema.columns.find((c) => c.key === key)!;
    expect(column('pin').filter).toBeUndefined();
    expect(column('card')).toMatchObject({ filter: 'input', filterOperators: ['eq', 'in'] });
    // The answer says only whether a password is set: a mask in the cell and the CSV, nothing when none.
    const rows = [
      { id: 1, pin: true, card: '0b7c…' },
      { id: 2, pin: false, card: '9f1e…' },
    ] as Row[];
    expect(rows.map((row) => plainCell(column('pin'), row, t))).toEqual(['••••••', '']);
    expect(
      toCsv([column('pin'), column('card')], rows, t)
        .split('\r\n')
        .slice(1),
    ).toEqual(['••••••,0b7c…', ',9f1e…']);
    // The edit form starts with the password empty (kept when left so), the rest as read.
    expect(schema.toForm({ id: 1, pin: true, card: '0b7c…', title: 'T' })).toEqual({ id: 1, pin: '', card: '0b7c…', title: 'T' });
  });
  it("shows a relation's extra columns beside it, from the values the list answer gave by related row, in cells and the CSV", () => {
    const withColumns: DesignDoc = {
      ...design,
      fields: [
        { name: 'title', title: { zh: '标题', en: 'Title' }, type: 'string' },
        {
          name: 'owner',
          title: { zh: '负责人', en: 'Owner' },
          type: 'remoteselect',
          relation: { design: 'business/people', label: 'name', columns: ['phone', 'kind'] },
        },
        {
          name: 'helpers',
          title: { zh: '协助人', en: 'Helpers' },
          type: 'remoteselects',
          relation: { design: 'business/people', label: 'name', columns: ['phone'] },
        },
      ],
    };
    const titles = { 'owner.phone': { zh: '电话', en: 'Phone' }, 'helpers.phone': { zh: '电话', en: 'Phone' } };
    const schema = designedSchema(withColumns, 'en', t, apiOf, undefined, titles);
    expect(schema.columns.map((c) => c.title)).toEqual([
      'ID',
      'Title',
      'Owner',
      'Owner · Phone',
      'Owner · kind',
      'Helpers',
      'Helpers · Phone',
      'common.createTime',
    ]);
    schema.remember({
      list: [],
      total: 0,
      remark: '',
      labels: {
        owner: { '3': 'Li Lei' },
        'owner.phone': { '3': '13800000001' },
        'owner.kind': { '3': 'Staff' },
        helpers: { '3': 'Li Lei', '6': 'Han Mei' },
        'helpers.phone': { '3': '13800000001', '6': '' },
      },
    });
    const row = { id: 1, title: 'Pump', owner: 3, helpers: [3, 6] } as Row;
    const column = (key: string) => schema.columns.find((c) => c.key === key)!;
    expect(plainCell(column('owner'), row, t)).toBe('Li Lei');
    expect(plainCell(column('owner.phone'), row, t)).toBe('13800000001');
    expect(plainCell(column('owner.kind'), row, t)).toBe('Staff');
    expect(plainCell(column('helpers.phone'), row, t)).toBe('13800000001');
    const csv = toCsv([column('owner'), column('owner.phone'), column('helpers')], [row], t).split('\r\n');
    expect(csv[1]).toBe('Li Lei,13800000001,"Li Lei, Han Mei"');
  });
});
