/**
 * The header's publish indicator (issue 32 #5): it follows a publish a save started within seconds
 * (not at its next slow poll), and a failed publish of the admin's own stays in the header, linked to
 * its log, until the server says they read it.
 *
 * The indicator's own timers (setTimeout) run on Vitest's clock: a test moves time by FAST_MS or
 * ALERT_MS and waits for what the header shows, so a busy machine cannot make a look late or early.
 * Requests, promises and the tests' polling (`untilReal`) keep the real clock.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuNode } from '../../../../../testing/menu-node';
import { okResponse } from '../../../../../testing/envelope';
import { untilReal } from '../../../../../testing/real-clock';
import { answerGets, server } from '../../../../../testing/server';
import { resetAdminState, setMenus } from '../../../../../lib/admin-store';
import { adminSession } from '../../../../../lib/auth-tokens';
import { i18n, loadNamespaces } from '../../../../../lib/i18n';
import { api } from '../../../../../lib/request';
import { loadIndex } from '../api';
import { ALERT_MS, FAST_MS, PublishIndicator } from '../publish-indicator';

const job = (id: string, status: string) => ({
  id,
  kind: 'publish',
  status,
  by: 1,
  params: { source: 'record', subject: 'business/news#1' },
  summary: {},
  last_seq: 3,
  create_time: 1_800_000_000,
  update_time: 1_800_000_000,
  start_time: 0,
  end_time: 0,
});

function renderIndicator() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <>
            <PublishIndicator />
            <Outlet />
          </>
        ),
        children: [
          { path: 'dashboard', element: <p>dashboard</p> },
          { path: 'routine/publish', element: <p>publish page</p> },
        ],
      },
    ],
    { initialEntries: ['/admin/dashboard'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const indicator = () => screen.getByTestId('publish-indicator');
const waitFor = untilReal;

describe('publish indicator', () => {
  beforeEach(async () => {
    adminSession.setToken('token', 'auth');
    setMenus([menuNode({ id: 1, title: '发布网站', name: 'routine/publish', path: 'routine/publish', component: 'routine/publish' })]);
    await loadNamespaces('en', ['admin/routine/publish']);
    await loadNamespaces('zh-cn', ['admin/routine/publish']);
    await i18n.changeLanguage('zh-cn');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    resetAdminState();
  });

  it('follows the publish a save queued, through building, to done, within seconds', async () => {
    let state = job('1', 'done');
    const asked = answerGets('/srv/admin/routine/publish/index', () => ({ current: state, jobs: [state], alert: null }));
    server.use(http.post('/srv/admin/business/news/edit', () => okResponse(null)));
    renderIndicator();
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 已完成'));
    const before = asked.length;
    // A save: its publish is queued when the save answers, and the header looks at once (no time passes).
    state = job('2', 'queued');
    await api.post('/admin/business/news/edit', { id: 1 });
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 排队中'));
    expect(asked.length).toBe(before + 1);
    // While it runs, the header looks again every FAST_MS.
    state = job('2', 'building');
    await vi.advanceTimersByTimeAsync(FAST_MS);
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 生成中'));
    expect(asked.length).toBe(before + 2);
    state = job('2', 'done');
    await vi.advanceTimersByTimeAsync(FAST_MS);
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 已完成'));
    // Idle: it stops asking, however long nothing happens.
    const idle = asked.length;
    await vi.advanceTimersByTimeAsync(10 * ALERT_MS);
    expect(asked.length).toBe(idle);
  });

  it('is not cancelled by the publish page asking for the same index at the same moment', async () => {
    // The publish page's Publish button: its own look at the index goes out right after the write, like
    // the header's (the e2e run showed 尚未发布 for a minute when one cancelled the other as a duplicate).
    let state: ReturnType<typeof job> | null = null;
    answerGets('/srv/admin/routine/publish/index', () => ({ current: state, jobs: state ? [state] : [], alert: null }));
    server.use(http.post('/srv/admin/routine/publish/publish', () => okResponse({ job: state })));
    renderIndicator();
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 尚未发布'));
    state = job('1', 'queued');
    await api.post('/admin/routine/publish/publish', {});
    const page = await loadIndex();
    expect(page.data.current?.id).toBe('1');
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 排队中'));
  });

  it('looks again after a look that failed instead of showing an old state for good', async () => {
    let fail = true;
    const done = job('3', 'done');
    server.use(
      http.get('/srv/admin/routine/publish/index', () =>
        fail ? HttpResponse.json({ message: 'busy' }, { status: 503 }) : okResponse({ current: done, jobs: [done], alert: null }),
      ),
    );
    renderIndicator();
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 尚未发布'));
    fail = false;
    await vi.advanceTimersByTimeAsync(ALERT_MS);
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 已完成'));
  });

  it('shows a failed publish of the admin’s own, linked to its log, until they read it', async () => {
    const failed = job('7', 'failed');
    const newer = job('8', 'done');
    let alert: ReturnType<typeof job> | null = failed;
    answerGets('/srv/admin/routine/publish/index', () => ({ current: newer, jobs: [newer, failed], alert }));
    const router = renderIndicator();
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 发布失败，查看日志'));
    expect(indicator()).toHaveAttribute('href', '/admin/routine/publish?job=7');
    expect(indicator()).toHaveTextContent('发布失败');
    indicator().click();
    await waitFor(() => expect(router.state.location.search).toBe('?job=7'));
    // Read (the server ends the alert): the next look shows the newest publish again.
    alert = null;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 已完成'));
    await i18n.changeLanguage('en');
    alert = failed;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(indicator()).toHaveAccessibleName('Publish site: the publish failed, see its log'));
    expect(indicator()).toHaveTextContent('Publish failed');
  });

  it('ends a failure’s alert on its own once the log was read elsewhere (it keeps looking while it shows one)', async () => {
    const failed = job('7', 'failed');
    let alert: ReturnType<typeof job> | null = failed;
    const asked = answerGets('/srv/admin/routine/publish/index', () => ({ current: failed, jobs: [failed], alert }));
    renderIndicator();
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 发布失败，查看日志'));
    alert = null; // read on the publish page, in another tab or on another device
    await vi.advanceTimersByTimeAsync(ALERT_MS);
    await waitFor(() => expect(indicator()).toHaveAccessibleName('发布网站: 失败'));
    // Nothing announced, nothing running: it stops asking.
    const idle = asked.length;
    await vi.advanceTimersByTimeAsync(10 * ALERT_MS);
    expect(asked.length).toBe(idle);
  });
});
