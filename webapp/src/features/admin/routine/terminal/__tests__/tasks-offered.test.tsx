/**
 * The terminal offers the task buttons the server lists for this admin: none when it lists none (an
 * admin holding only the terminal, on AWS, where every task needs another permission), with a note
 * saying why, instead of every button.
 */
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../../lib/i18n';
import { terminal, TERMINAL_NS } from '../../../../../lib/terminal-store';
import { TerminalDialog } from '../terminal-panel';

beforeAll(() => loadNamespaces('zh-cn', ['admin/common', TERMINAL_NS]));
afterEach(() => terminal().toggle(false));

function shown(tasks: string[]) {
  terminal().applyServerConfig({ mode: 'aws', tasks });
  terminal().toggle(true);
  render(<TerminalDialog state={terminal().getState()} opener={createRef()} />);
  return [...document.body.querySelectorAll('[data-task]')].map((b) => b.getAttribute('data-task'));
}

describe('terminal: the tasks offered', () => {
  it('shows no task button and says why when the server lists none for this admin', () => {
    expect(shown([])).toEqual([]);
    expect(screen.getByText(/这里没有您可以运行的任务/)).toBeInTheDocument();
  });

  it('shows only the tasks the server lists', () => {
    expect(shown(['publish', 'cdn-clear'])).toEqual(['publish', 'cdn-clear']);
    expect(screen.queryByText(/这里没有您可以运行的任务/)).not.toBeInTheDocument();
  });
});
