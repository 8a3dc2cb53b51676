/**
 * The dashboard: its data shaped for the charts (lines, one whole-number axis, the storage donut and
 * shares), and the page as an admin sees it — key figures, quick entrances as links into the app,
 * the trend's table alternative and series toggles, storage by kind, recent activity, and links
 * only to pages the admin may open. The charts themselves (ECharts) are replaced by a stub here.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../testing/server';
import { menuNode } from '../../../../testing/menu-node';
import { loadNamespaces } from '../../../../lib/i18n';
import { resetAdminState, setMenus } from '../../../../lib/admin-store';
import { adminSession } from '../../../../lib/auth-tokens';
import type { Dashboard } from '../api';
import { shortTime, storageOption, storageSlices, trendLines, trendOption, type ChartColors } from '../dashboard-data';
import DashboardPage from '../dashboard-page';

vi.mock('../dashboard-charts', () => ({
  default: ({ label, testId }: { label: string; testId: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

const COLORS: ChartColors = { text: '#111', muted: '#666', line: '#ddd', tooltipBg: '#fff', surface: '#fff' };
const DATES = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'];

const DATA: Dashboard = {
  counts: {
    members: 128,
    admins: 3,
    today_signups: 4,
    enquiries_pending: 7,
    enquiries_more: false,
    attachments: 12,
    storage_bytes: 3 * 1024 * 1024,
  },
  trend: {
    dates: DATES,
    series: [
      { name: 'signups', values: [1, 0, 2, 0, 3, 1, 4], complete: true },
      { name: 'enquiries', values: [0, 1, 0, 0, 2, 0, 1], complete: true },
      { name: 'member_logins', values: [5, 6, 2, 8, 9, 4, 10], complete: true },
      { name: 'admin_logins', values: [1, 1, 0, 2, 1, 0, 1], complete: true },
      { name: 'admin_actions', values: [40, 52, 10, 61, 33, 0, 20], complete: true },
    ],
  },
  storage: {
    bytes: 3 * 1024 * 1024,
    files: 12,
    kinds: [
      { kind: 'image', bytes: 2 * 1024 * 1024, files: 9 },
      { kind: 'document', bytes: 1024 * 1024, files: 3 },
    ],
  },
  recent: [
    {
      id: 9,
      admin_id: 2,
      username: 'editor',
      title: '会员管理-添加',
      method: 'POST',
      url: '/srv/admin/user/user/add',
      create_time: 1778400000,
    },
  ],
  members: [{ id: 31, username: 'wangmin', nickname: '王敏', avatar: '', join_time: 1778400000 }],
  entrances: [
    { title: '在线留言', path: '/admin/business/contact', icon: 'MessageOutlined' },
    { title: '会员管理', path: '/admin/user/user', icon: 'UserOutlined' },
  ],
};

describe('dashboard data for the charts', () => {
  it('gives each series its label and colour and draws only the lines shown, on one whole-number axis', () => {
    const lines = trendLines(DATA.trend, (name) => `«${name}»`, ['#a', '#b']);
    expect(lines.map((l) => [l.name, l.label, l.color])).toEqual([
      ['signups', '«signups»', '#a'],
      ['enquiries', '«enquiries»', '#b'],
      ['member_logins', '«member_logins»', '#a'],
      ['admin_logins', '«admin_logins»', '#b'],
      ['admin_actions', '«admin_actions»', '#a'],
    ]);
    const option = trendOption(DATES, lines.slice(0, 2), '次数', COLORS);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['05-04', '05-05', '05-06', '05-07', '05-08', '05-09', '05-10'] });
    expect(option.yAxis).toMatchObject({ type: 'value', name: '次数', minInterval: 1 });
    const series = option.series as Array<{ type: string; name: string; data: number[] }>;
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['line', '«signups»'],
      ['line', '«enquiries»'],
    ]);
    expect(series[0].data).toEqual([1, 0, 2, 0, 3, 1, 4]);
    expect(option.color).toEqual(['#a', '#b']);
  });

  it('sizes the storage donut by bytes and gives each kind its share and a text for the tooltip', () => {
    const slices = storageSlices(DATA.storage.kinds, (kind) => ({ image: '图片', document: '文档' })[kind] ?? kind);
    expect(slices).toEqual([
      { kind: 'image', label: '图片', bytes: 2097152, files: 9, percent: 66.7 },
      { kind: 'document', label: '文档', bytes: 1048576, files: 3, percent: 33.3 },
    ]);
    const option = storageOption(slices, ['#a', '#b'], COLORS, (s) => `${s.label} ${s.percent}%`);
    const pie = (option.series as Array<{ type: string; data: Array<{ name: string; value: number }> }>)[0];
    expect(pie.type).toBe('pie');
    expect(pie.data).toEqual([
      { name: '图片', value: 2097152 },
      { name: '文档', value: 1048576 },
    ]);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ dataIndex: 1 })).toBe('文档 33.3%');
    expect(storageSlices([], String)).toEqual([]);
  });

  it('writes times of the lists short, in local time', () => {
    expect(shortTime(new Date(2026, 4, 9, 8, 5).getTime() / 1000)).toBe('05-09 08:05');
  });
});

describe('the dashboard page', () => {
  let asked: string[] = [];
  beforeAll(() => loadNamespaces('zh-cn', ['admin/dashboard']));
  beforeEach(() => {
    asked = [];
    adminSession.set({ id: 1, username: 'admin', nickname: '管理员', token: 'T', super: true });
    // The admin may open the members page, not the enquiries or the admin log.
    setMenus([menuNode({ id: 1, name: 'dashboard', path: 'dashboard' }), menuNode({ id: 2, name: 'user/user', path: 'user/user' })]);
    server.use(
      http.get('*/srv/admin/dashboard/index', ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('days'));
        asked.push(String(days));
        const trend =
          days === 30
            ? { dates: Array.from({ length: 30 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`), series: [] }
            : DATA.trend;
        return HttpResponse.json({ code: 1, msg: '', time: 1, data: { ...DATA, trend } });
      }),
    );
  });
  afterEach(() => {
    adminSession.clear();
    resetAdminState();
  });

  function renderPage() {
    const router = createMemoryRouter(
      [
        { path: '/admin/dashboard', element: <DashboardPage /> },
        { path: '/admin/*', element: <p>page opened</p> },
      ],
      { initialEntries: ['/admin/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('shows the key figures, the charts with their text alternatives and the recent rows', async () => {
    renderPage();
    const kpis = await screen.findByTestId('dashboard-kpis');
    expect(within(kpis).getByText('会员总数').closest('.ant-card')).toHaveTextContent('128');
    expect(within(kpis).getByText('会员总数').closest('.ant-card')).toHaveTextContent('管理员 3 人');
    expect(within(kpis).getByText('今日新增会员').closest('.ant-card')).toHaveTextContent('近 7 天共 11 人');
    expect(within(kpis).getByText('待处理留言').closest('.ant-card')).toHaveTextContent('7');
    expect(within(kpis).getByText('附件占用空间').closest('.ant-card')).toHaveTextContent('3.00 MB');
    expect(within(kpis).getByText('附件占用空间').closest('.ant-card')).toHaveTextContent('共 12 个文件');

    expect(await screen.findByRole('img', { name: /近 7 天运营趋势折线图/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '近 7 天每日数据' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['日期', '会员注册', '在线留言', '会员登录', '管理员登录', '后台操作']);
    const lastDay = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastDay).getByRole('rowheader')).toHaveTextContent('2026-05-10');
    expect(
      within(lastDay)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '1', '10', '1', '20']);
    // Back-office actions (another order of size) start hidden from the chart; a checkbox shows them.
    const actions = screen.getByRole('checkbox', { name: '后台操作' });
    expect(actions).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '会员注册' })).toBeChecked();
    await userEvent.click(actions);
    expect(actions).toBeChecked();

    expect(screen.getByRole('img', { name: /各类文件占用空间的环形图/ })).toBeInTheDocument();
    const storage = screen.getByTestId('storage-list');
    expect(
      within(storage)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['图片2.00 MB9 个文件', '文档1.00 MB3 个文件']);

    expect(screen.getByTestId('recent-activity')).toHaveTextContent('editor 会员管理-添加');
    expect(screen.getByTestId('new-members')).toHaveTextContent('王敏 (wangmin)');
    // Links only to pages the admin may open: the members page, not the log or the enquiries.
    expect(screen.getByRole('link', { name: /查看全部会员/ })).toHaveAttribute('href', '/admin/user/user');
    expect(screen.queryByRole('link', { name: /查看全部日志/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /去处理/ })).toBeNull();
  });

  it('opens a quick entrance in the app and reloads the trend for 30 days', async () => {
    const router = renderPage();
    const entrances = await screen.findByRole('navigation', { name: '快捷入口' });
    expect((await within(entrances).findAllByRole('link')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['在线留言', '/admin/business/contact'],
      ['会员管理', '/admin/user/user'],
    ]);
    await userEvent.click(screen.getByText('近 30 天'));
    expect(await screen.findByRole('table', { name: '近 30 天每日数据', hidden: true })).toBeInTheDocument();
    expect(asked).toEqual(['7', '30']);
    await userEvent.click(within(entrances).getByRole('link', { name: '会员管理' }));
    expect(router.state.location.pathname).toBe('/admin/user/user');
  });

  it('says when it could not load and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('*/srv/admin/dashboard/index', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ code: 1, msg: '', time: 1, data: DATA });
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('控制台数据没有加载出来');
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('dashboard-kpis')).toBeInTheDocument();
  });
});
