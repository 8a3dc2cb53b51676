/**
 * Path parameters of generated operations: the designed tables' `{path}` is itself a rule path with a
 * slash (`business/news`), and must reach `/srv/admin/business/news/index`, not `business%2Fnews`.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/server';
import { createRequestClient } from '../../request';
import { call, fillPath, sdk } from '../client';

function realClient() {
  const empty = { getToken: () => '', setToken: () => undefined, removeToken: () => undefined };
  return createRequestClient({
    notifier: { success: vi.fn(), error: vi.fn() },
    logger: vi.fn(),
    navigate: vi.fn(),
    tokens: { admin: empty, user: empty },
    isAdminApp: () => true,
    currentPath: () => '/admin',
    isOnline: () => true,
    fetch: (input, init) => fetch(new URL(String(input), window.location.origin), init),
  });
}

describe('path parameters', () => {
  it('sends a designed table request to the URL of its rule path, slashes kept', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/srv/admin/business/news/index', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.pathname + url.search);
        return HttpResponse.json({ code: 1, msg: '', time: 1, data: { list: [], total: 0, remark: '' } });
      }),
    );
    const res = await call(sdk.designedIndex, { path: { path: 'business/news' }, query: { page: 2 } } as never, {}, realClient());
    expect(res.code).toBe(1);
    expect(seen).toEqual(['/srv/admin/business/news/index?page=2']);
  });

  it('encodes each segment and refuses segments that would change the route', () => {
    expect(fillPath('/srv/admin/{path}/design', { path: 'business/news' })).toBe('/srv/admin/business/news/design');
    expect(fillPath('/srv/admin/{path}/index', { path: 'a b/c?d' })).toBe('/srv/admin/a%20b/c%3Fd/index');
    expect(fillPath('/srv/admin/index/index')).toBe('/srv/admin/index/index');
    expect(() => fillPath('/srv/admin/{path}/index', { path: 'business/../auth' })).toThrow(/Invalid path parameter/);
    expect(() => fillPath('/srv/admin/{path}/index', { path: '' })).toThrow(/Invalid path parameter/);
    expect(() => fillPath('/srv/admin/{path}/index', {})).toThrow(/Missing path parameter/);
  });
});
