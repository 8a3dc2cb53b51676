import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRequestClient } from '../../testing/request-client';
import { server } from '../../testing/server';
import { i18n } from '../i18n';
import { createRequestClient, DEFAULT_TIMEOUT_MS, RequestError, type ClientDeps, type TokenStore } from '../request';
import type { TokenKind } from '../auth-tokens';

function memoryTokens(initial: { auth?: string; refresh?: string } = {}): TokenStore & { data: Record<string, string> } {
  const data: Record<string, string> = {
    ...(initial.auth ? { auth: initial.auth } : {}),
    ...(initial.refresh ? { refresh: initial.refresh } : {}),
  };
  return {
    data,
    getToken: (kind: TokenKind = 'auth') => data[kind] ?? '',
    setToken: (value: string, kind: TokenKind = 'auth') => {
      data[kind] = value;
    },
    removeToken: (kind: TokenKind | 'all' = 'all') => {
      if (kind === 'all' || kind === 'auth') delete data.auth;
      if (kind === 'all' || kind === 'refresh') delete data.refresh;
    },
  };
}

function setup(overrides: Partial<ClientDeps> = {}) {
  const admin = memoryTokens();
  const user = memoryTokens();
  return { ...testRequestClient({ tokens: { admin, user }, ...overrides }), admin, user };
}

const ok = (data: unknown = {}, msg = '') => HttpResponse.json({ code: 1, msg, time: 1, data });

/** Answers GET `path` and writes down the two headers of each request to it. */
function headersSeen(path: string, first: string, second: string): Array<[string | null, string | null]> {
  const seen: Array<[string | null, string | null]> = [];
  server.use(
    http.get(`*/srv${path}`, ({ request }) => {
      seen.push([request.headers.get(first), request.headers.get(second)]);
      return ok();
    }),
  );
  return seen;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('zh-cn');
});

describe('request client: URL, timeout and headers', () => {
  it('calls apiUrl + path with params as the query string', async () => {
    let seen = '';
    server.use(
      http.get('*/srv/api/account/balance', ({ request }) => {
        seen = request.url;
        return ok({ list: [] });
      }),
    );
    const { client } = setup();
    const res = await client.get('/api/account/balance', { page: 2, limit: 10 });
    expect(res.code).toBe(1);
    expect(new URL(seen).pathname).toBe('/srv/api/account/balance');
    expect(new URL(seen).search).toBe('?page=2&limit=10');
  });

  it('sends an array as key[]=… once, whether or not the key already ends in []', async () => {
    const seen: string[] = [];
    server.use(
      http.delete('*/srv/admin/x/del', ({ request }) => {
        seen.push(new URL(request.url).search);
        return ok({ count: 2 });
      }),
    );
    const { client } = setup();
    await client.request({ url: '/admin/x/del', method: 'DELETE', params: { ids: [5, 6] } });
    await client.request({ url: '/admin/x/del', method: 'DELETE', params: { 'ids[]': [7] } });
    expect(seen.map(decodeURIComponent)).toEqual(['?ids[]=5&ids[]=6', '?ids[]=7']);
  });

  it('uses an overridden apiUrl', async () => {
    server.use(http.get('*/other/api/x', () => ok('moved')));
    const { client } = setup({ apiUrl: '/other' });
    expect((await client.get('/api/x')).data).toBe('moved');
  });

  it('has a 10 second default timeout', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
  });

  it('rejects a request that exceeds the timeout with "Network request timeout!"', async () => {
    server.use(
      http.get('*/srv/api/slow', async () => {
        await delay(400);
        return ok();
      }),
    );
    const { client, notifier } = setup({ timeout: 50 });
    await expect(client.get('/api/slow')).rejects.toMatchObject({ kind: 'timeout', message: 'Network request timeout!' });
    expect(notifier.error).toHaveBeenCalledWith('Network request timeout!');
  });

  it('sends the language headers from the current language', async () => {
    const seen = headersSeen('/api/lang', 'think-lang', 'accept-language');
    const { client } = setup();
    await client.get('/api/lang');
    await i18n.changeLanguage('zh-cn');
    await client.get('/api/lang');
    expect(seen).toEqual([
      ['en', 'en'],
      ['zh-cn', 'zh-cn'],
    ]);
  });

  it('sends batoken only in the admin area and ba-user-token whenever a member token exists', async () => {
    const seen = headersSeen('/api/tokens', 'batoken', 'ba-user-token');
    let adminArea = true;
    const { client, admin, user } = setup({ isAdminApp: () => adminArea });
    admin.setToken('A1');
    await client.get('/api/tokens');
    user.setToken('U1');
    await client.get('/api/tokens');
    adminArea = false;
    await client.get('/api/tokens');
    expect(seen).toEqual([
      ['A1', null],
      ['A1', 'U1'],
      [null, 'U1'],
    ]);
  });
});

describe('request client: duplicate requests', () => {
  it('cancels the earlier identical request, only logging it', async () => {
    let calls = 0;
    server.use(
      http.get('*/srv/api/dup', async () => {
        calls += 1;
        await delay(60);
        return ok({ n: calls });
      }),
    );
    const { client, notifier, logger } = setup();
    const first = client.get('/api/dup', { a: 1 });
    const second = client.get('/api/dup', { a: 1 });
    await expect(first).rejects.toMatchObject({ kind: 'canceled' });
    await expect(second).resolves.toMatchObject({ code: 1 });
    expect(logger).toHaveBeenCalledWith('Automatic cancellation due to duplicate request');
    expect(notifier.error).not.toHaveBeenCalled();
    expect(client.pendingCount()).toBe(0);
  });

  it('does not cancel requests that differ in params or data', async () => {
    server.use(
      http.post('*/srv/api/dup', async () => {
        await delay(30);
        return ok();
      }),
    );
    const { client, logger } = setup();
    const results = await Promise.all([client.post('/api/dup', { a: 1 }), client.post('/api/dup', { a: 2 })]);
    expect(results.map((r) => r.code)).toEqual([1, 1]);
    expect(logger).not.toHaveBeenCalled();
  });
});

describe('request client: body codes', () => {
  it('code 1 resolves; the success message shows the server msg or "Operation successful" when asked', async () => {
    server.use(
      http.post('*/srv/api/with-msg', () => ok({}, 'Saved')),
      http.post('*/srv/api/no-msg', () => ok({})),
    );
    const { client, notifier } = setup();
    await client.post('/api/with-msg', {});
    expect(notifier.success).not.toHaveBeenCalled();
    await client.post('/api/with-msg', {}, { showSuccessMessage: true });
    await client.post('/api/no-msg', {}, { showSuccessMessage: true });
    expect(notifier.success.mock.calls).toEqual([['Saved'], ['Operation successful']]);
  });

  it('another code shows the server msg and rejects', async () => {
    server.use(http.post('*/srv/api/fail', () => HttpResponse.json({ code: 0, msg: 'Wrong password', time: 1, data: null })));
    const { client, notifier } = setup();
    await expect(client.post('/api/fail', {})).rejects.toMatchObject({ kind: 'code', message: 'Wrong password' });
    expect(notifier.error).toHaveBeenCalledWith('Wrong password');
    notifier.error.mockClear();
    await expect(client.post('/api/fail', {}, { showCodeMessage: false })).rejects.toBeInstanceOf(RequestError);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('code 302 shows msg, drops the token and navigates by routeName', async () => {
    server.use(
      http.get('*/srv/admin/x', () => HttpResponse.json({ code: 302, msg: 'Please log in', time: 1, data: { routeName: 'adminLogin' } })),
    );
    const { client, notifier, navigate, admin } = setup({ isAdminApp: () => true });
    admin.setToken('A1');
    admin.setToken('R1', 'refresh');
    await expect(client.get('/admin/x')).rejects.toMatchObject({ kind: 'redirect' });
    expect(notifier.error).toHaveBeenCalledWith('Please log in');
    expect(admin.getToken()).toBe('');
    expect(admin.getToken('refresh')).toBe('');
    expect(navigate).toHaveBeenCalledWith({ name: 'adminLogin', path: undefined });
  });

  it('code 302 navigates by routePath', async () => {
    server.use(http.get('*/srv/api/y', () => HttpResponse.json({ code: 302, msg: '', time: 1, data: { routePath: '/user/login' } })));
    const { client, navigate, user } = setup();
    user.setToken('U1');
    await expect(client.get('/api/y')).rejects.toMatchObject({ kind: 'redirect' });
    expect(user.getToken()).toBe('');
    expect(navigate).toHaveBeenCalledWith({ name: undefined, path: '/user/login' });
  });
});

describe('request client: HTTP statuses', () => {
  const cases: Array<[number, string]> = [
    [302, 'Interface redirected!'],
    [400, 'Incorrect parameter!'],
    [401, 'You do not have permission to operate!'],
    [403, 'You do not have permission to operate!'],
    [404, 'Error requesting address:/srv/api/status'],
    [408, 'Request timed out!'],
    [409, 'The same data already exists in the system!'],
    [500, 'Server internal error!'],
    [501, 'Service not implemented!'],
    [502, 'Gateway error!'],
    [503, 'Service unavailable!'],
    [504, 'The service is temporarily unavailable Please try again later!'],
    [505, 'HTTP version is not supported!'],
    [418, 'Abnormal problem, please contact the website administrator!'],
    [413, 'Abnormal problem, please contact the website administrator!'],
  ];
  it.each(cases)('status %i → %s', async (status, message) => {
    server.use(
      http.get('*/srv/api/status', () =>
        HttpResponse.json(
          { code: 0, msg: 'x', time: 1, data: null },
          { status, headers: status === 302 ? { Location: '/elsewhere' } : {} },
        ),
      ),
    );
    const { client, notifier } = setup();
    await expect(client.get('/api/status')).rejects.toMatchObject({ kind: 'http', status, message });
    expect(notifier.error).toHaveBeenCalledWith(message);
  });

  it('translates the status messages into Chinese', async () => {
    await i18n.changeLanguage('zh-cn');
    server.use(http.get('*/srv/api/status', () => new HttpResponse(null, { status: 500 })));
    const { client, notifier } = setup();
    await expect(client.get('/api/status')).rejects.toMatchObject({ message: '服务器内部错误！' });
    expect(notifier.error).toHaveBeenCalledWith('服务器内部错误！');
  });
});

describe('request client: network failures', () => {
  it('a network error gives "Server exception!"', async () => {
    server.use(http.get('*/srv/api/down', () => HttpResponse.error()));
    const { client, notifier } = setup();
    await expect(client.get('/api/down')).rejects.toMatchObject({ kind: 'network', message: 'Server exception!' });
    expect(notifier.error).toHaveBeenCalledWith('Server exception!');
  });

  it('offline gives "You are disconnected!"', async () => {
    server.use(http.get('*/srv/api/down', () => HttpResponse.error()));
    const { client, notifier } = setup({ isOnline: () => false });
    await expect(client.get('/api/down')).rejects.toMatchObject({ kind: 'offline', message: 'You are disconnected!' });
    expect(notifier.error).toHaveBeenCalledWith('You are disconnected!');
  });

  it('reads navigator.onLine by default', async () => {
    server.use(http.get('*/srv/api/down', () => HttpResponse.error()));
    const spy = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    // the default isOnline
    const client = createRequestClient({
      notifier: { success: vi.fn(), error: vi.fn() },
      fetch: (i, init) => fetch(new URL(String(i), location.origin), init),
    });
    await expect(client.get('/api/down')).rejects.toMatchObject({ kind: 'offline' });
    spy.mockRestore();
  });
});

describe('request client: token refresh on body code 409', () => {
  function expiringApi(validToken: string, seen: Array<string | null>) {
    return http.get('*/srv/admin/data/:n', async ({ request, params }) => {
      const token = request.headers.get('batoken');
      seen.push(`${params.n}:${token}`);
      await delay(10);
      if (token !== validToken) return HttpResponse.json({ code: 409, msg: 'expired', time: 1, data: null });
      return ok({ n: params.n });
    });
  }

  it('refreshes once, queues other calls meanwhile, then replays them with the new token', async () => {
    const seen: Array<string | null> = [];
    const refreshBodies: unknown[] = [];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      expiringApi('NEW', seen),
      http.post('*/srv/api/common/refreshToken', async ({ request }) => {
        refreshBodies.push(await request.json());
        await answered; // the refresh runs until the test has made its third call
        return ok({ type: 'admin-refresh', token: 'NEW' });
      }),
    );
    const { client, admin, notifier } = setup({ isAdminApp: () => true });
    admin.setToken('OLD');
    admin.setToken('R1', 'refresh');
    const a = client.get('/admin/data/1');
    const b = client.get('/admin/data/2');
    await vi.waitFor(() => expect(refreshBodies).toHaveLength(1)); // a 409 came back: the refresh is running
    const c = client.get('/admin/data/3'); // made during the refresh: queued
    release();
    const results = await Promise.all([a, b, c]);
    expect(results.map((r) => (r.data as { n: string }).n)).toEqual(['1', '2', '3']);
    expect(refreshBodies).toEqual([{ refresh_token: 'R1' }]);
    expect(admin.getToken()).toBe('NEW');
    expect(seen.filter((s) => s?.startsWith('3:'))).toEqual(['3:NEW']);
    expect(seen.filter((s) => s?.endsWith(':NEW')).sort()).toEqual(['1:NEW', '2:NEW', '3:NEW']);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('replays a call whose 409 comes back after another call already refreshed, without a second refresh', async () => {
    const seen: Array<string | null> = [];
    let refreshes = 0;
    let releaseSlow: () => void = () => undefined;
    const slowAnswered = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    server.use(
      http.get('*/srv/admin/data/:n', async ({ request, params }) => {
        const token = request.headers.get('batoken');
        seen.push(`${params.n}:${token}`);
        if (params.n === 'slow' && token === 'OLD') await slowAnswered; // its 409 arrives late
        if (token !== 'NEW') return HttpResponse.json({ code: 409, msg: 'expired', time: 1, data: null });
        return ok({ n: params.n });
      }),
      http.post('*/srv/api/common/refreshToken', () => {
        refreshes += 1;
        return ok({ type: 'admin-refresh', token: 'NEW', refresh_token: 'R2' });
      }),
    );
    const { client, admin } = setup({ isAdminApp: () => true });
    admin.setToken('OLD');
    admin.setToken('R1', 'refresh');
    const slow = client.get('/admin/data/slow');
    await vi.waitFor(() => expect(seen).toContain('slow:OLD'));
    await expect(client.get('/admin/data/fast')).resolves.toMatchObject({ data: { n: 'fast' } });
    releaseSlow();
    await expect(slow).resolves.toMatchObject({ data: { n: 'slow' } });
    expect(refreshes).toBe(1);
    expect(admin.getToken('refresh')).toBe('R2');
    expect(seen).toEqual(['slow:OLD', 'fast:OLD', 'fast:NEW', 'slow:NEW']);
  });

  it('stores the new token as the member token for type user-refresh', async () => {
    let calls = 0;
    server.use(
      http.get('*/srv/api/user/index', ({ request }) => {
        calls += 1;
        return request.headers.get('ba-user-token') === 'U2'
          ? ok({ ok: true })
          : HttpResponse.json({ code: 409, msg: '', time: 1, data: null });
      }),
      http.post('*/srv/api/common/refreshToken', () => ok({ type: 'user-refresh', token: 'U2' })),
    );
    const { client, user, admin } = setup();
    user.setToken('U1');
    user.setToken('RU', 'refresh');
    await expect(client.get('/api/user/index')).resolves.toMatchObject({ data: { ok: true } });
    expect(user.getToken()).toBe('U2');
    expect(admin.getToken()).toBe('');
    expect(calls).toBe(2);
  });

  it('a failed refresh removes the token and goes to the login page', async () => {
    server.use(
      http.get('*/srv/admin/data/:n', () => HttpResponse.json({ code: 409, msg: 'expired', time: 1, data: null })),
      http.post('*/srv/api/common/refreshToken', () => HttpResponse.json({ code: 0, msg: 'invalid', time: 1, data: null })),
    );
    const { client, admin, navigate } = setup({ isAdminApp: () => true, currentPath: () => '/admin/loading' });
    admin.setToken('OLD');
    admin.setToken('R1', 'refresh');
    await expect(client.get('/admin/data/1')).rejects.toMatchObject({ kind: 'refresh' });
    expect(admin.getToken()).toBe('');
    expect(admin.getToken('refresh')).toBe('');
    expect(navigate).toHaveBeenCalledWith({ name: 'adminLogin' });
  });

  it('a failed member refresh goes to userLogin', async () => {
    server.use(
      http.get('*/srv/api/user/index', () => HttpResponse.json({ code: 409, msg: '', time: 1, data: null })),
      http.post('*/srv/api/common/refreshToken', () => new HttpResponse(null, { status: 500 })),
    );
    const { client, user, navigate, notifier } = setup();
    user.setToken('U1');
    user.setToken('RU', 'refresh');
    await expect(client.get('/api/user/index')).rejects.toMatchObject({ kind: 'refresh' });
    expect(user.getToken()).toBe('');
    expect(navigate).toHaveBeenCalledWith({ name: 'userLogin' });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('on the login page already, a failed refresh replays the call without a token', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/srv/admin/index/login', ({ request }) => {
        const token = request.headers.get('batoken');
        seen.push(token);
        return token ? HttpResponse.json({ code: 409, msg: '', time: 1, data: null }) : ok({ captcha: false });
      }),
      http.post('*/srv/api/common/refreshToken', () => HttpResponse.json({ code: 0, msg: 'invalid', time: 1, data: null })),
    );
    const { client, admin, navigate } = setup({ isAdminApp: () => true, currentPath: () => '/admin/login' });
    admin.setToken('OLD');
    admin.setToken('R1', 'refresh');
    await expect(client.get('/admin/index/login')).resolves.toMatchObject({ data: { captcha: false } });
    expect(seen).toEqual(['OLD', null]);
    expect(navigate).not.toHaveBeenCalled();
  });
});
