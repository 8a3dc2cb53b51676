import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testRequestClient } from '../../../testing/request-client';
import { answerGets, server } from '../../../testing/server';
import { RequestError, type RequestClient, type RequestConfig, type RequestOptions } from '../../request';
import { call, fillPath, sdk, toRequestConfig } from '../client';

function recorder() {
  const calls: { config: RequestConfig; options?: RequestOptions }[] = [];
  const transport = {
    request: vi.fn((config: RequestConfig, options?: RequestOptions) => {
      calls.push({ config, options });
      return Promise.resolve({ code: 1, msg: '', time: 1, data: { ok: true } });
    }),
  } as unknown as RequestClient;
  return { calls, transport };
}

const realClient = () => testRequestClient({ isAdminApp: () => true, currentPath: () => '/admin' });

describe('generated SDK over request.ts', () => {
  it('hands the operation URL (without the OpenAPI /srv prefix), method, query and body to request.ts', async () => {
    const { calls, transport } = recorder();
    await call(sdk.routineConfigDel, { query: { group: 'mail', name: 'smtp' } }, { showSuccessMessage: true }, transport);
    await call(sdk.accountChangePassword, { body: { oldPassword: 'a', newPassword: 'b' } }, {}, transport);
    await call(sdk.accountOverview, {}, {}, transport);
    expect(calls).toEqual([
      {
        config: { url: '/admin/routine/config/del', method: 'DELETE', params: { group: 'mail', name: 'smtp' } },
        options: { showSuccessMessage: true },
      },
      { config: { url: '/api/account/changePassword', method: 'POST', data: { oldPassword: 'a', newPassword: 'b' } }, options: {} },
      { config: { url: '/api/account/overview', method: 'GET' }, options: {} },
    ]);
  });

  it('serializes a multipart body as FormData and leaves the Content-Type to the transport', () => {
    const file = new File(['abcd'], 'a.png', { type: 'image/png' });
    const config = toRequestConfig('POST', {
      url: '/srv/api/ajax/upload',
      body: { topic: 'avatar', file },
      bodySerializer: (body) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(body as Record<string, string | Blob>)) form.append(k, v);
        return form;
      },
      headers: { 'Content-Type': null },
    });
    expect(config.url).toBe('/api/ajax/upload');
    expect(config.data).toBeInstanceOf(FormData);
    expect([...(config.data as FormData).keys()]).toEqual(['topic', 'file']);
    expect(config).not.toHaveProperty('headers');
  });

  it("asks for a file with parseAs 'blob' (a download: request.ts's responseType 'blob')", async () => {
    const { calls, transport } = recorder();
    await call(sdk.crudCrudExport, { query: { name: 'business/news' }, parseAs: 'blob' }, { cancelDuplicateRequest: false }, transport);
    expect(calls).toEqual([
      {
        config: { url: '/admin/crud/crud/export', method: 'GET', params: { name: 'business/news' }, responseType: 'blob' },
        options: { cancelDuplicateRequest: false },
      },
    ]);
  });

  it('keeps request.ts rules: success message, duplicate cancellation', async () => {
    server.use(
      http.get('*/srv/admin/dashboard/index', async () => {
        await delay(30);
        return HttpResponse.json({ code: 1, msg: 'fine', time: 1, data: { days: 7 } });
      }),
    );
    const { client, notifier, logger } = realClient();
    const first = call(sdk.dashboardIndex, { query: { days: 7 } }, {}, client);
    const second = call(sdk.dashboardIndex, { query: { days: 7 } }, { showSuccessMessage: true }, client);
    await expect(first).rejects.toMatchObject({ kind: 'canceled' });
    await expect(first).rejects.toBeInstanceOf(RequestError);
    await expect(second).resolves.toMatchObject({ code: 1, data: { days: 7 } });
    expect(logger).toHaveBeenCalledWith('Automatic cancellation due to duplicate request');
    expect(notifier.success).toHaveBeenCalledWith('fine');
  });
});

describe('path parameters', () => {
  // The designed tables' `{path}` is itself a rule path with a slash (business/news).
  it('sends a designed table request to the URL of its rule path, slashes kept', async () => {
    const seen = answerGets('*/srv/admin/business/news/index', () => ({ list: [], total: 0, remark: '' }));
    const { client } = realClient();
    const res = await call(sdk.designedIndex, { path: { path: 'business/news' }, query: { page: 2 } } as never, {}, client);
    expect(res.code).toBe(1);
    expect(seen.map((url) => url.pathname + url.search)).toEqual(['/srv/admin/business/news/index?page=2']);
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
