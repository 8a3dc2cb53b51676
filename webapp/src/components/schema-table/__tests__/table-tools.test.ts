import { describe, expect, it } from 'vitest';
import type { ListResult, Row, TableApi } from '../../../lib/table-api';
import type { ApiResponse } from '../../../lib/request';
import { allRows, CSV_MAX_ROWS, toCsv } from '../table-tools';
import type { ColumnSchema } from '../schema';
import { searchOf } from '../search-operators';

const t = (key: string) => ({ 'common.enable': 'Enabled', 'common.yes': 'Yes', 'common.no': 'No' })[key] ?? key;

describe('CSV export', () => {
  const columns: ColumnSchema[] = [
    { key: 'title', title: 'Title' },
    { key: 'kind', title: 'Kind', options: [{ value: 'a', label: 'Apple, red' }] },
    { key: 'status', title: 'Status', render: 'status' },
    { key: 'tags', title: 'Tags' },
    { key: 'on', title: 'On', render: 'yesno' },
  ];

  it('writes option labels and joined lists, quotes what needs it and defuses formulas', () => {
    const rows = [
      { id: 1, title: 'Say "hi"', kind: 'a', status: 'enable', tags: ['x', 'y'], on: true },
      { id: 2, title: '=cmd()', kind: 'b', status: 'enable', tags: [], on: false },
    ];
    expect(toCsv(columns, rows as Row[], t).split('\r\n')).toEqual([
      'Title,Kind,Status,Tags,On',
      '"Say ""hi""","Apple, red",Enabled,"x, y",Yes',
      "'=cmd(),b,Enabled,,No",
    ]);
  });

  it('reads every page of the current search by cursor, and stops at the limit', async () => {
    const asked: Record<string, unknown>[] = [];
    const api = {
      index: (query: Record<string, unknown>) => {
        asked.push(query);
        const page = Number(query.page);
        const list = Array.from({ length: page < 3 ? 200 : 5 }, (_, i) => ({ id: page * 1000 + i }));
        const data: ListResult = { list, total: 405, remark: '', pager: 'cursor', cursor: page < 3 ? `c${page + 1}` : '' };
        return Promise.resolve({ code: 1, msg: '', time: 0, data } as ApiResponse<ListResult>);
      },
    } as unknown as TableApi;
    const counts: number[] = [];
    const rows = await allRows(api, { search: '[1]' }, (n) => counts.push(n));
    expect(rows).toHaveLength(405);
    expect(counts).toEqual([200, 400, 405]);
    expect(asked.map((q) => [q.page, q.cursor, q.search])).toEqual([
      [1, undefined, '[1]'],
      [2, 'c2', '[1]'],
      [3, 'c3', '[1]'],
    ]);
    expect(CSV_MAX_ROWS).toBe(10_000);
  });

  it('asks ranges with the range operator by default', () => {
    const cols: ColumnSchema[] = [
      { key: 'n', title: 'N', filter: 'range' },
      { key: 'd', title: 'D', filter: 'dateRange' },
      { key: 's', title: 'S', filter: 'select' },
    ];
    const filters = {
      n: { operator: 'range', val: '1,' },
      d: { operator: 'range', val: '2026-01-01,2026-01-31' },
      s: { operator: 'eq', val: 'x' },
    } as const;
    expect(JSON.parse(searchOf(filters, cols))).toEqual([
      { field: 'n', val: '1,', operator: 'range' },
      { field: 'd', val: '2026-01-01,2026-01-31', operator: 'range' },
      { field: 's', val: 'x', operator: 'eq' },
    ]);
  });
});
