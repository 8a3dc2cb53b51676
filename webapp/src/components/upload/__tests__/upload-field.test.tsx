import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/server';
import { setLanguage } from '../../../lib/i18n';
import { attachNoticeSink, type Notice } from '../../../lib/notify';
import { setSiteConfig } from '../../../lib/site';
import { UploadField } from '../upload-field';

let notices: Notice[] = [];

beforeEach(async () => {
  await setLanguage('en');
  notices = [];
  attachNoticeSink((n) => notices.push(n));
  setSiteConfig({ upload: { mode: 'local', maxsize: 1024, mimetype: 'jpg,png,pdf', savename: '' } });
});
afterEach(() => attachNoticeSink(null));

function input(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type=file]') as HTMLInputElement;
}

describe('UploadField', () => {
  it('rejects with the SPEC messages before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = render(<UploadField type="image" onChange={onChange} />);
    await user.upload(input(container), new File(['%PDF-1.4'], 'doc.pdf', { type: 'application/pdf' }));
    await user.upload(input(container), new File(['x'.repeat(2000)], 'big.png', { type: 'image/png' }));
    await user.upload(input(container), new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(notices.map((n) => n.text)).toEqual([
      'Please choose an image file',
      'The size of the uploaded file exceeds the allowed range!',
      'The type of uploaded file is not allowed!',
    ]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads, shows the preview and emits the stored URL; remove empties the value', async () => {
    server.use(
      http.post('*/srv/api/ajax/upload', () =>
        HttpResponse.json({
          code: 1,
          msg: 'Upload successful',
          time: 0,
          data: {
            file: {
              id: 1,
              url: '/storage/avatar/20260101/face.png',
              name: 'face.png',
              size: 4,
              mimetype: 'image/png',
              width: 1,
              height: 1,
              sha1: 'a',
              topic: 'avatar',
              storage: 'local',
            },
          },
        }),
      ),
    );
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<UploadField type="image" topic="avatar" onChange={onChange} />);
    await user.upload(input(container), new File(['abcd'], 'face.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/storage/avatar/20260101/face.png'), { timeout: 20_000 }).catch(
      (e: unknown) => {
        throw new Error(JSON.stringify(notices) + String(e));
      },
    );
    const thumb = await screen.findByRole('img', { name: 'face.png' });
    expect(thumb).toHaveAttribute('src', '/storage/avatar/20260101/face.png');
    await user.click(screen.getByRole('button', { name: /remove|delete/i }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows the current value of a files field with file-type icons', () => {
    render(<UploadField type="files" value={['/storage/docs/a.pdf', '/storage/docs/b.png']} />);
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByText('b.png')).toBeInTheDocument();
  });

  it('refuses more files than the limit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(<UploadField type="images" limit={1} value={['/storage/x/a.png']} />);
    await user.upload(input(container), new File(['abcd'], 'face.png', { type: 'image/png' }));
    expect(notices.map((n) => n.text)).toEqual(['At most 1 file can be uploaded']);
  });
});
