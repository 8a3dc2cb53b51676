/**
 * The attachment page on the schema table: what each file row shows (preview or type icon, link, size,
 * type with image size, uploader), the type filter, the guidance, and the upload button (the list
 * reloads with the new file).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../testing/server';
import { loadNamespaces } from '../../../../../lib/i18n';
import { attachNoticeSink, type Notice } from '../../../../../lib/notify';
import { setSiteConfig } from '../../../../../lib/site';
import { AttachmentList } from '../attachment-page';

// Rendering antd tables and clicking through them takes more than the default 5 s on a busy two-core machine.
const STEPS = { timeout: 30_000 };

const PHOTO = {
  id: 2,
  url: '/storage/banner/20261123/night.png',
  name: '城市夜景.png',
  size: 2048,
  mimetype: 'image/png',
  width: 640,
  height: 480,
  sha1: 'a',
  topic: 'banner',
  storage: 'local',
  admin_id: 1,
  user_id: 0,
  uploader: 'admin',
  quote: 3,
  create_time: 1763900000,
  last_upload_time: 1763900000,
};
const REPORT = {
  ...PHOTO,
  id: 1,
  url: '/storage/default/20261123/report.pdf',
  name: 'report.pdf',
  size: 3 * 1024 * 1024,
  mimetype: 'application/pdf',
  width: 0,
  height: 0,
  uploader: 'user',
  admin_id: 0,
  user_id: 7,
  quote: 1,
};

let notices: Notice[] = [];
let asked: URLSearchParams[] = [];
let rows: Record<string, unknown>[] = [];

beforeAll(() => loadNamespaces('zh-cn', ['admin/common', 'admin/routine/attachment']));
beforeEach(() => {
  window.history.pushState({}, '', '/admin/routine/attachment');
  setSiteConfig({ upload: { mode: 'local', maxsize: 10485760, mimetype: 'jpg,png,pdf', savename: '' } });
  notices = [];
  attachNoticeSink((n) => notices.push(n));
  asked = [];
  rows = [PHOTO, REPORT];
  server.use(
    http.get('*/srv/admin/routine/attachment/index', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        code: 1,
        msg: '',
        time: 1,
        data: { list: rows, total: rows.length, remark: '', cursor: '', more: false, pager: 'pages', sortable: ['id', 'create_time'] },
      });
    }),
  );
});
afterEach(() => {
  attachNoticeSink(null);
  window.history.pushState({}, '', '/');
});

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('attachment page', () => {
  it('shows each file with its preview, size, type and uploader, and explains the page', STEPS, async () => {
    render(<AttachmentList />);
    await screen.findByText('城市夜景.png');
    const photo = rowOf('城市夜景.png');
    expect(within(photo).getByRole('img', { name: '城市夜景.png' })).toHaveAttribute('src', PHOTO.url);
    expect(within(photo).getByRole('link', { name: '城市夜景.png' })).toHaveAttribute('href', PHOTO.url);
    expect(within(photo).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(photo).getByText(/640×480/)).toBeInTheDocument();
    expect(within(photo).getByText('管理员 #1')).toBeInTheDocument();
    const report = rowOf('report.pdf');
    expect(within(report).getByRole('img', { name: 'report.pdf' }).getAttribute('src')).toContain('buildSuffixSvg');
    expect(within(report).getByText('3.00 MB')).toBeInTheDocument();
    expect(within(report).getByText('会员 #7')).toBeInTheDocument();
    expect(screen.getByText(/单个文件最大 10.00 MB；允许的类型：jpg, png, pdf。/)).toBeInTheDocument();
  });

  it('filters by file type with a prefix condition', STEPS, async () => {
    const user = userEvent.setup();
    render(<AttachmentList />);
    await screen.findByText('城市夜景.png');
    await user.click(screen.getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('图片'));
    await waitFor(() =>
      expect(JSON.parse(asked.at(-1)?.get('search') ?? '[]')).toEqual([{ field: 'mimetype', val: 'image/', operator: 'like' }]),
    );
    expect(asked.at(-1)?.get('page')).toBe('1');
  });

  it('uploads a file with the upload button and lists it', STEPS, async () => {
    const stored = { ...PHOTO, id: 3, name: 'notes.png', url: '/storage/default/20261123/notes.png' };
    server.use(
      http.post('*/srv/admin/ajax/upload', () => {
        rows = [stored, ...rows];
        return HttpResponse.json({ code: 1, msg: '上传成功', time: 1, data: { file: stored } });
      }),
    );
    const user = userEvent.setup();
    const { container } = render(<AttachmentList />);
    await screen.findByText('城市夜景.png');
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
    await user.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['abcd'], 'notes.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('notes.png')).toBeInTheDocument();
    expect(notices.map((n) => n.text)).toContain('已上传：notes.png');
  });
});
