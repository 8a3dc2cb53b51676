/**
 * The schema table against the list contract of issue 11 (MSW answers what the server answers): page
 * jumps in "pages" mode, Previous / Next over a cursor stack in "cursor" mode, back to page 1 when the
 * search, sort or page size changes, "N+" totals, sorters only for `sortable` fields, nothing claiming
 * "no data" while a page loads, and the cards on a phone.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/server';
import { i18n, loadNamespaces } from '../../../lib/i18n';
import { sdk } from '../../../lib/api/client';
import { tableApi, type ListResult } from '../../../lib/table-api';
import { NARROW_QUERY } from '../../../lib/theme';
import { SchemaTable } from '../schema-table';
import type { TableConfig } from '../schema';

const URL_INDEX = '*/srv/admin/auth/adminLog/index';
// Rendering antd tables and clicking through them takes more than the default 5 s on a busy two-core machine.
const STEPS = { timeout: 30_000 };

const config: TableConfig = {
  api: tableApi({ index: sdk.authAdminLogIndex }),
  canAdd: false,
  canEdit: false,
  canDelete: false,
  columns: [
    { key: 'id', title: 'ID' },
    { key: 'username', title: '用户名', filter: 'input' },
    { key: 'title', title: '标题' },
    { key: 'create_time', title: '时间', render: 'time' },
  ],
};

const rowsOf = (page: number, count = 10) =>
  Array.from({ length: count }, (_, i) => ({ id: 1000 - (page - 1) * count - i, username: `p${page}-row${i + 1}`, title: 'Login' }));

/** Serves the admin log with `answer` and records every query it was asked. */
function serve(answer: (q: URLSearchParams) => Partial<ListResult> & { list: ListResult['list'] }, wait = 0) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(URL_INDEX, async ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      if (wait) await delay(wait);
      return HttpResponse.json({ code: 1, msg: '', time: 1, data: { total: 0, remark: '', ...answer(q) } });
    }),
  );
  return asked;
}

/** The query of the last request as a plain object (only the paging and search keys). */
const last = (asked: URLSearchParams[]) => {
  const q = asked.at(-1)!;
  return Object.fromEntries(['page', 'limit', 'cursor', 'quick_search', 'order'].filter((k) => q.has(k)).map((k) => [k, q.get(k)]));
};

/**
 * The list is shown and takes clicks again: antd's Spin keeps the table under `pointer-events: none`
 * until a render after the rows arrive (as in a browser), so a click in that moment would not land.
 */
const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

/** Waits for a row of the list, then for the list to settle. */
async function shown(text: string) {
  const row = await screen.findByText(text);
  await settled();
  return row;
}

beforeAll(async () => {
  await loadNamespaces('zh-cn', ['admin/common']);
  await loadNamespaces('en', ['admin/common']);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('zh-cn'));
});

describe('schema table: pages mode', () => {
  it('jumps to a page with antd Pagination and goes back to page 1 when the page size changes', STEPS, async () => {
    const asked = serve((q) => ({ list: rowsOf(Number(q.get('page'))), total: 35, pager: 'pages', cursor: 'ignored', sortable: ['id'] }));
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    expect(await shown('p1-row1')).toBeInTheDocument();
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下一页/ })).not.toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    expect(await shown('p3-row1')).toBeInTheDocument();
    // A page jump sends its number, never a cursor.
    expect(last(asked)).toEqual({ page: '3', limit: '10' });

    await user.click(screen.getByRole('combobox', { name: /页码|page/i }));
    await user.click(await screen.findByTitle('20 / page'));
    await waitFor(() => expect(last(asked)).toEqual({ page: '1', limit: '20' }));
  });
});

describe('schema table: past the end', () => {
  it('shows the last page when the page asked for has no rows left (they were deleted)', STEPS, async () => {
    let total = 11;
    const asked = serve((q) => {
      const page = Number(q.get('page'));
      const answer = { list: page === 1 ? rowsOf(1) : total > 10 ? rowsOf(2, 1) : [], total, pager: 'pages' as const, sortable: [] };
      total = 10; // someone deletes the eleventh row meanwhile
      return answer;
    });
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    await shown('p1-row1');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(last(asked)).toEqual({ page: '1', limit: '10' }));
    expect(await shown('p1-row1')).toBeInTheDocument();
    expect(asked.map((q) => q.get('page'))).toEqual(['1', '2', '1']);
  });
});

describe('schema table: cursor mode', () => {
  // Three pages of a large list: c2 fetches page 2, c3 page 3; page 3 has no next.
  const answer = (q: URLSearchParams) => {
    const page = { '': 1, c2: 2, c3: 3 }[q.get('cursor') ?? ''] ?? 0;
    return { list: rowsOf(page), total: 2000, more: true, pager: 'cursor' as const, cursor: ['', 'c2', 'c3', ''][page], sortable: ['id'] };
  };

  it('goes forward with the answer’s cursor, back with the stacked one, and shows the page politely', STEPS, async () => {
    const asked = serve(answer);
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    expect(await shown('p1-row1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: '分页' });
    const indicator = within(pager).getByText('第 1 页');
    expect(indicator).toHaveAttribute('aria-live', 'polite');
    expect(within(pager).getByText('共 2,000+ 条')).toBeInTheDocument();
    const previous = within(pager).getByRole('button', { name: /上一页/ });
    const next = within(pager).getByRole('button', { name: /下一页/ });
    expect(previous).toBeDisabled();
    expect(screen.queryByTitle('2')).not.toBeInTheDocument(); // no page jumps

    await user.click(next);
    expect(await shown('p2-row1')).toBeInTheDocument();
    expect(last(asked)).toEqual({ page: '2', limit: '10', cursor: 'c2' });
    expect(within(pager).getByText('第 2 页')).toBeInTheDocument();

    await user.click(next);
    expect(await shown('p3-row1')).toBeInTheDocument();
    expect(last(asked)).toEqual({ page: '3', limit: '10', cursor: 'c3' });
    // The last page: no Next; the keyboard focus stays in the pager.
    await waitFor(() => expect(next).toBeDisabled());
    expect(previous).toHaveFocus();

    await user.click(previous);
    expect(await shown('p2-row1')).toBeInTheDocument();
    expect(last(asked)).toEqual({ page: '2', limit: '10', cursor: 'c2' });

    await user.click(previous);
    expect(await shown('p1-row1')).toBeInTheDocument();
    expect(last(asked)).toEqual({ page: '1', limit: '10' });
    expect(previous).toBeDisabled();
  });

  it('goes back to page 1 without a cursor when the quick search, a filter or the page size changes', STEPS, async () => {
    const asked = serve(answer);
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    const next = await screen.findByRole('button', { name: /下一页/ });
    await shown('p1-row1');
    await user.click(next);
    await shown('p2-row1');

    await user.type(screen.getByRole('searchbox', { name: '快速搜索' }), 'boss{Enter}');
    await shown('p1-row1');
    expect(last(asked)).toEqual({ page: '1', limit: '10', quick_search: 'boss' });
    expect(screen.getByText('第 1 页')).toBeInTheDocument();

    await user.click(next);
    await shown('p2-row1');
    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'admin{Enter}');
    await shown('p1-row1');
    expect(last(asked)).toEqual({ page: '1', limit: '10', quick_search: 'boss' });
    expect(JSON.parse(asked.at(-1)!.get('search')!)).toEqual([{ field: 'username', val: 'admin', operator: 'like' }]);

    await user.click(next);
    await shown('p2-row1');
    await user.click(screen.getByRole('combobox', { name: '每页条数' }));
    await user.click(await screen.findByTitle('50 条/页'));
    await waitFor(() => expect(last(asked)).toEqual({ page: '1', limit: '50', quick_search: 'boss' }));
    expect(screen.getByText('第 1 页')).toBeInTheDocument();
  });

  it('says "2,000+ rows" in English, and that Next searches on when the rows read held no match', STEPS, async () => {
    await act(() => i18n.changeLanguage('en'));
    serve(() => ({ list: [], total: 2000, more: true, pager: 'cursor', cursor: 'c2', sortable: ['id'] }));
    render(<SchemaTable config={config} />);
    expect(await screen.findByText('2,000+ rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByText(/press Next to keep looking/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
  });
});

describe('schema table: sorting', () => {
  it('offers a sorter only on the fields the answer lists in `sortable`, and sorting starts at page 1', STEPS, async () => {
    const asked = serve((q) => ({ list: rowsOf(Number(q.get('page'))), total: 35, pager: 'pages', sortable: ['id', 'create_time'] }));
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    await shown('p1-row1');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const sortable = (name: string) => header(name).classList.contains('ant-table-column-has-sorters');
    expect(sortable('ID')).toBe(true);
    expect(sortable('时间')).toBe(true);
    expect(sortable('用户名')).toBe(false);
    expect(sortable('标题')).toBe(false);

    await user.click(screen.getByTitle('2'));
    await shown('p2-row1');
    await user.click(header('ID'));
    await waitFor(() => expect(last(asked)).toEqual({ page: '1', limit: '10', order: 'id,asc' }));
    await settled();
    await user.click(header('ID'));
    await waitFor(() => expect(last(asked)).toEqual({ page: '1', limit: '10', order: 'id,desc' }));
    await settled();
    const count = asked.length;
    await user.click(header('用户名'));
    expect(asked.length).toBe(count);
  });
});

describe('schema table: loading', () => {
  it('shows the spinner and not "no data" while the list loads; "no data" once it is empty', STEPS, async () => {
    serve(() => ({ list: [], total: 0, pager: 'pages', sortable: [] }), 300);
    const { container } = render(<SchemaTable config={config} />);
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByText(/no data|暂无数据/i)).not.toBeInTheDocument();
    expect((await screen.findAllByText(/no data|暂无数据/i)).length).toBeGreaterThan(0);
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });
});

describe('schema table on a phone', () => {
  it('shows each row as a card with every column labelled, and the pager below', STEPS, async () => {
    const screenQuery = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...screenQuery(query), matches: query === NARROW_QUERY }));
    serve(() => ({ list: rowsOf(1, 2), total: 2000, more: true, pager: 'cursor', cursor: 'c2', sortable: ['id'] }));
    render(<SchemaTable config={config} />);
    await shown('p1-row1');
    const cards = screen.getByTestId('row-cards');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards).getAllByRole('listitem')[0];
    // Named by its title, then every other shown column as "label: value".
    expect(within(first).getByText('Login')).toBeInTheDocument();
    expect(within(first).getByText('#1000')).toBeInTheDocument();
    expect(within(first).getByText('用户名')).toBeInTheDocument();
    expect(within(first).getByText('p1-row1')).toBeInTheDocument();
    // Without column headers, sorting is a list of its own; it waits with the filters behind their button.
    expect(screen.queryByRole('combobox', { name: '排序' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下一页/ })).toBeEnabled();
  });

  it('keeps the filters of a phone behind one button that counts the ones in use', STEPS, async () => {
    const screenQuery = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...screenQuery(query), matches: query === NARROW_QUERY }));
    const asked = serve(() => ({ list: rowsOf(1), total: 10, pager: 'pages', sortable: ['id'] }));
    const user = userEvent.setup();
    render(<SchemaTable config={config} />);
    await shown('p1-row1');
    expect(screen.queryByRole('textbox', { name: '用户名' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: '筛选' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: '排序' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'kim{Enter}');
    await waitFor(() => expect(asked.at(-1)!.get('search')).toContain('kim'));
    // Folded again, the button says a filter is on; unfolded, what was typed is still there.
    await user.click(toggle);
    expect(screen.getByRole('button', { name: '筛选（1）' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: '筛选（1）' }));
    expect(screen.getByRole('textbox', { name: '用户名' })).toHaveValue('kim');
  });
});
