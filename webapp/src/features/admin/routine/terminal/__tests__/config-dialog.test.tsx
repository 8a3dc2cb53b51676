/**
 * The terminal's settings dialog: the install service port is saved once per change, whether the admin
 * presses Enter, leaves the field, or both; a refused save puts the saved port back.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../../../testing/server';
import { loadNamespaces } from '../../../../../lib/i18n';
import { terminal, TERMINAL_NS } from '../../../../../lib/terminal-store';
import { ConfigDialog } from '../terminal-panel';

const URL = '/srv/admin/ajax/changeTerminalConfig';

function Dialog() {
  return <ConfigDialog state={terminal().getState()} />;
}

beforeAll(() => loadNamespaces('zh-cn', ['admin/common', TERMINAL_NS]));
afterEach(() => {
  terminal().changePort('8000');
  terminal().toggleConfigDialog(false);
});

describe('terminal settings: the install service port', () => {
  it('saves a typed port once when Enter is followed by leaving the field, and shows its start command', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post(URL, async ({ request }) => {
        saved.push(await request.json());
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ code: 1, msg: '', time: 0, data: {} });
      }),
    );
    terminal().toggleConfigDialog(true);
    const { rerender } = render(<Dialog />);
    const field = screen.getByLabelText('安装服务端口');
    await userEvent.clear(field);
    await userEvent.type(field, '8123{Enter}');
    await userEvent.tab();
    await waitFor(() => expect(terminal().getState().port).toBe('8123'));
    rerender(<Dialog />);
    expect(screen.getByDisplayValue('make run PORT=8123')).toBeTruthy();
    expect(saved).toEqual([{ port: '8123' }]);
  });

  it('puts the saved port back when the server refuses the new one', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ code: 0, msg: 'refused', time: 0, data: null })));
    terminal().toggleConfigDialog(true);
    render(<Dialog />);
    const field = screen.getByLabelText('安装服务端口');
    await userEvent.clear(field);
    await userEvent.type(field, '9001');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('安装服务端口').value).toBe('8000'));
    expect(terminal().getState().port).toBe('8000');
  });
});
