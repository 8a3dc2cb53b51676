import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { sdk } from '../api/client';
import { tableApi } from '../table-api';

const admins = tableApi({ index: sdk.authAdminIndex, del: sdk.authAdminDel });

describe('generic table API', () => {
  it('deletes rows with DELETE <prefix>/del?ids[]=…, the spelling the server reads', async () => {
    let query: string[] = [];
    server.use(
      http.delete('*/srv/admin/auth/admin/del', ({ request }) => {
        query = [...new URL(request.url).searchParams.keys()];
        return HttpResponse.json({ code: 1, msg: 'Deleted successfully', time: 1, data: { count: 2 } });
      }),
    );
    const res = await admins.del([5, 6]);
    expect(res.data.count).toBe(2);
    expect(query).toEqual(['ids[]', 'ids[]']);
  });

  it('sends the list parameters as the query string the server reads, through the operation the page names', async () => {
    const sent: string[] = [];
    server.use(
      http.get('*/srv/admin/auth/admin/index', ({ request }) => {
        sent.push(new URL(request.url).search);
        return HttpResponse.json({ code: 1, msg: '', time: 1, data: { list: [], total: 0, remark: '' } });
      }),
    );
    const search = JSON.stringify([{ field: 'status', val: 'enable', operator: 'eq' }]);
    await admins.index({ page: 2, limit: 20, cursor: 'abc', quick_search: 'bo', search, order: 'id,desc' });
    await admins.options();
    await admins.pick({ initKey: 'id', initValue: '1,2' });
    expect(sent).toEqual([
      `?page=2&limit=20&cursor=abc&quick_search=bo&search=${encodeURIComponent(search).replace(/%20/g, '+')}&order=id%2Cdesc`,
      '?select=true&limit=1000',
      '?select=true&limit=20&initKey=id&initValue=1%2C2',
    ]);
  });

  it('refuses an action whose operation the page did not name, without a request', async () => {
    await expect(admins.sortable(1, 2)).rejects.toThrow('This table has no sortable operation');
  });
});
