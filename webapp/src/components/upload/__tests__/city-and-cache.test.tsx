import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testRequestClient } from '../../../testing/request-client';
import { answerGets, server } from '../../../testing/server';
import { ADMIN_INFO, LAYOUT_CONFIG, SAVED_ACCOUNT } from '../../../lib/storage-keys';
import { clearBrowserData, clearServerCache } from '../../clear-cache-menu';
import { CityCascader } from '../../city-cascader';

const client = () => testRequestClient().client;

describe('clear cache', () => {
  it('clears the stored browser data but keeps the session', () => {
    localStorage.setItem(LAYOUT_CONFIG, '{}');
    localStorage.setItem(SAVED_ACCOUNT, 'alice');
    localStorage.setItem(ADMIN_INFO, '{"token":"t"}');
    clearBrowserData();
    expect(localStorage.getItem(LAYOUT_CONFIG)).toBeNull();
    expect(localStorage.getItem(SAVED_ACCOUNT)).toBeNull();
    expect(localStorage.getItem(ADMIN_INFO)).toBe('{"token":"t"}');
  });

  it('asks the server to clear every cache', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/srv/admin/ajax/clearCache', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ code: 1, msg: 'Cache cleared', time: 0, data: { cleared: ['config'] } });
      }),
    );
    await clearServerCache(client());
    expect(body).toEqual({ type: 'all' });
  });
});

describe('CityCascader', () => {
  it('loads provinces, then the cities and districts of the value', async () => {
    const asked = answerGets('*/srv/api/ajax/area', ({ searchParams }) => ({
      list: searchParams.get('city')
        ? [{ value: '440305', label: '南山区' }]
        : searchParams.get('province')
          ? [{ value: '4403', label: '深圳市' }]
          : [{ value: '44', label: '广东省' }],
    }));
    render(<CityCascader client={client()} value={['44', '4403', '440305']} />);
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeInTheDocument());
    expect(asked.map((url) => url.search)).toEqual(['', '?province=44', '?province=44&city=4403']);
  });
});
