import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { tableApi } from '../table-api';

describe('generic table API', () => {
  it('deletes rows with DELETE <prefix>/del?ids[]=…, the spelling the server reads', async () => {
    let query: string[] = [];
    server.use(
      http.delete('*/srv/admin/auth/admin/del', ({ request }) => {
        query = [...new URL(request.url).searchParams.keys()];
        return HttpResponse.json({ code: 1, msg: 'Deleted successfully', time: 1, data: { count: 2 } });
      }),
    );
    const res = await tableApi('/admin/auth/admin').del([5, 6]);
    expect(res.data.count).toBe(2);
    expect(query).toEqual(['ids[]', 'ids[]']);
  });
});
