import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NO_TOKENS, testRequestClient } from '../../testing/request-client';
import { server } from '../../testing/server';
import { setLanguage } from '../i18n';
import { sha1Hex, suffixIconUrl, UploadCheckError, uploadFile } from '../upload';

const client = () =>
  testRequestClient({
    tokens: { admin: { ...NO_TOKENS, getToken: () => 'admin-token' }, user: { ...NO_TOKENS, getToken: () => 'member-token' } },
  });

const row = {
  id: 7,
  url: '/storage/avatar/20260101/a.png',
  name: 'a.png',
  size: 4,
  mimetype: 'image/png',
  width: 1,
  height: 1,
  sha1: 'x',
  topic: 'avatar',
  storage: 'local',
};

describe('uploadFile', () => {
  it('refuses before sending with the SPEC messages', async () => {
    await setLanguage('en');
    const { client: c } = client();
    const file = new File(['hello'], 'a.exe', { type: 'application/octet-stream' });
    await expect(uploadFile(file, { client: c, config: { mimetype: 'jpg,png', maxsize: 100 } })).rejects.toThrow(
      'The type of uploaded file is not allowed!',
    );
    const big = new File(['x'.repeat(200)], 'a.png', { type: 'image/png' });
    const error = await uploadFile(big, { client: c, config: { mimetype: 'png', maxsize: 100 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadCheckError);
    expect((error as UploadCheckError).rule).toBe('tooLarge');
    await setLanguage('zh-cn');
    await expect(uploadFile(big, { client: c, config: { mimetype: 'png', maxsize: 100 } })).rejects.toThrow(
      '上传文件的大小超出了允许范围！',
    );
  });

  it('posts the file and topic to the member upload call in local mode', async () => {
    let seen: { topic?: string; size?: number; token?: string | null } = {};
    server.use(
      http.post('*/srv/api/ajax/upload', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        // (jsdom's File reaches the mock without its name; the browser sends it: see tests/e2e.)
        seen = { topic: String(form.get('topic')), size: file.size, token: request.headers.get('ba-user-token') };
        return HttpResponse.json({ code: 1, msg: 'ok', time: 0, data: { file: row } });
      }),
    );
    const { client: c } = client();
    const file = new File(['abcd'], 'a.png', { type: 'image/png' });
    const stored = await uploadFile(file, { client: c, topic: 'avatar', config: { mode: 'local', mimetype: 'png', maxsize: 100 } });
    expect(stored.url).toBe(row.url);
    expect(seen).toMatchObject({ topic: 'avatar', token: 'member-token' });
    // With a progress handler the body goes through XMLHttpRequest, which reports progress.
    const progress = vi.fn();
    await uploadFile(file, { client: c, topic: 'avatar', onProgress: progress, config: { mode: 'local', mimetype: 'png', maxsize: 100 } });
    expect(seen.topic).toBe('avatar');
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it('uses the back-office call when asked and shows server refusals', async () => {
    server.use(
      http.post('*/srv/admin/ajax/upload', () =>
        HttpResponse.json({ code: 0, msg: 'The file content does not match its type!', time: 0, data: null }),
      ),
    );
    const { client: c, notifier } = client();
    const file = new File(['abcd'], 'a.png', { type: 'image/png' });
    await expect(uploadFile(file, { client: c, admin: true, config: { mimetype: 'png', maxsize: 100 } })).rejects.toThrow(
      'The file content does not match its type!',
    );
    expect(notifier.error).toHaveBeenCalledWith('The file content does not match its type!');
  });

  it('remote mode: params, form post with key first, then the callback', async () => {
    const calls: string[] = [];
    let formOrder: string[] = [];
    let callback: Record<string, unknown> = {};
    server.use(
      http.post('*/srv/api/Alioss/params', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`params:${String(body.sha1)}`);
        return HttpResponse.json({
          code: 1,
          msg: '',
          time: 0,
          data: {
            url: 'https://bucket.example.com/',
            params: { 'Content-Type': 'image/png', key: 'incoming/abc/a.png', policy: 'p' },
            key: 'incoming/abc/a.png',
            fileUrl: '/incoming/abc/a.png',
            token: 'tok',
          },
        });
      }),
      http.post('https://bucket.example.com/', async ({ request }) => {
        const form = await request.formData();
        formOrder = [...form.keys()];
        calls.push('bucket');
        return new HttpResponse(null, { status: 201 });
      }),
      http.post('*/srv/api/Alioss/callback', async ({ request }) => {
        callback = (await request.json()) as Record<string, unknown>;
        calls.push('callback');
        return HttpResponse.json({ code: 1, msg: '', time: 0, data: { file: { ...row, storage: 's3' } } });
      }),
    );
    const { client: c } = client();
    const file = new File(['abcd'], 'a.png', { type: 'image/png' });
    const sha1 = await sha1Hex(file);
    expect(sha1).toBe('81fe8bfe87576c3ecb22426f8e57847382917acf');
    const stored = await uploadFile(file, { client: c, fetchImpl: fetch, config: { mode: 's3', mimetype: 'png', maxsize: 100 } });
    expect(stored.storage).toBe('s3');
    expect(calls).toEqual([`params:${sha1}`, 'bucket', 'callback']);
    expect(formOrder).toEqual(['key', 'Content-Type', 'policy', 'file']);
    expect(callback).toMatchObject({ url: '/incoming/abc/a.png', name: 'a.png', size: 4, type: 'image/png', sha1, token: 'tok' });
  });

  it('builds the suffix icon URL', () => {
    expect(suffixIconUrl('report.final.PDF', '/srv')).toBe('/srv/api/ajax/buildSuffixSvg?suffix=PDF');
  });
});
