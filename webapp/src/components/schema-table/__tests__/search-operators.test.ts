import { describe, expect, it } from 'vitest';
import dayjs from '../../../lib/dayjs-locale';
import type { ColumnSchema } from '../schema';
import { defaultOperator, isActive, operatorsOf, searchOf, shapeOf, withOperator } from '../search-operators';

const col = (filter: ColumnSchema['filter'], extra: Partial<ColumnSchema> = {}): ColumnSchema => ({
  key: 'f',
  title: 'F',
  filter,
  ...extra,
});

describe('the operators of each kind of filter', () => {
  it('offers the operators that make sense for the type, today’s fixed operator first', () => {
    expect(operatorsOf(col('input'))).toEqual(['like', 'notlike', 'eq', 'ne', 'in', 'notin', 'null', 'notnull']);
    expect(operatorsOf(col('select', { options: [] }))).toEqual(['eq', 'ne', 'in', 'notin', 'null', 'notnull']);
    expect(operatorsOf(col('remote'))).toEqual(['eq', 'ne', 'in', 'notin', 'null', 'notnull']);
    for (const kind of ['range', 'dateRange', 'timeRange'] as const)
      expect(operatorsOf(col(kind))).toEqual(['range', 'notrange', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'null', 'notnull']);
  });

  it('starts with a column’s own operator and offers only a column’s own list', () => {
    expect(defaultOperator(col('input', { filterOperator: 'eq' }))).toBe('eq');
    expect(operatorsOf(col('input', { filterOperator: 'eq' }))).toEqual(['eq', 'like', 'notlike', 'ne', 'in', 'notin', 'null', 'notnull']);
    expect(operatorsOf(col('select', { filterOperators: ['like', 'notlike'] }))).toEqual(['like', 'notlike']);
    expect(operatorsOf(col('select', { filterOperators: ['eq', 'ne'] }))).toEqual(['eq', 'ne']);
  });

  it('gives each operator the value it takes', () => {
    expect(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'notlike'].map((op) => shapeOf(op as never))).toEqual(Array(8).fill('one'));
    expect([shapeOf('in'), shapeOf('notin'), shapeOf('range'), shapeOf('notrange'), shapeOf('null'), shapeOf('notnull')]).toEqual([
      'many',
      'many',
      'two',
      'two',
      'none',
      'none',
    ]);
  });

  it('keeps the value when the new operator takes the same shape, else starts empty', () => {
    expect(withOperator({ operator: 'like', val: 'x' }, 'notlike')).toEqual({ operator: 'notlike', val: 'x' });
    expect(withOperator({ operator: 'like', val: 'x' }, 'in')).toEqual({ operator: 'in', val: [] });
    expect(withOperator({ operator: 'range', val: '1,2' }, 'gt')).toEqual({ operator: 'gt', val: '' });
    expect(isActive({ operator: 'null', val: '' })).toBe(true);
    expect(isActive({ operator: 'in', val: [] })).toBe(false);
  });
});

describe('the search conditions of the filters', () => {
  const cols: ColumnSchema[] = [
    { key: 'title', title: 'T', filter: 'input' },
    { key: 'price', title: 'P', filter: 'range' },
    { key: 'kind', title: 'K', filter: 'select', options: [] },
    { key: 'summary', title: 'S', filter: 'input' },
    { key: 'create_time', title: 'C', filter: 'timeRange' },
  ];

  it('sends each operator with its value; empty and not empty without one; unfilled filters not at all', () => {
    const search = searchOf(
      {
        title: { operator: 'notlike', val: 'draft' },
        price: { operator: 'notrange', val: '10,20' },
        kind: { operator: 'notin', val: ['a', 'b'] },
        summary: { operator: 'null', val: '' },
        create_time: { operator: 'in', val: [] },
      },
      cols,
    );
    expect(JSON.parse(search)).toEqual([
      { field: 'title', val: 'draft', operator: 'notlike' },
      { field: 'price', val: '10,20', operator: 'notrange' },
      { field: 'kind', val: ['a', 'b'], operator: 'notin' },
      { field: 'summary', operator: 'null' },
    ]);
    expect(searchOf({ title: { operator: 'like', val: '' } }, cols)).toBe('');
  });

  it('searches a date-and-time column by whole days', () => {
    const start = dayjs('2026-03-05').startOf('day').unix();
    const end = dayjs('2026-03-05').endOf('day').unix();
    const day = (operator: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte') =>
      JSON.parse(searchOf({ create_time: { operator, val: '2026-03-05' } }, cols))[0];
    expect(day('eq')).toEqual({ field: 'create_time', operator: 'range', val: `${start},${end}` });
    expect(day('ne')).toEqual({ field: 'create_time', operator: 'notrange', val: `${start},${end}` });
    expect(day('gt')).toEqual({ field: 'create_time', operator: 'gt', val: end });
    expect(day('gte')).toEqual({ field: 'create_time', operator: 'gte', val: start });
    expect(day('lt')).toEqual({ field: 'create_time', operator: 'lt', val: start });
    expect(day('lte')).toEqual({ field: 'create_time', operator: 'lte', val: end });
  });
});
