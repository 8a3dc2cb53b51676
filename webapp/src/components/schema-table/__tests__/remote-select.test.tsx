/**
 * A relation field's select lists the rows of what was typed, never rows of an earlier search: typing into
 * a closed select opens it after the typed search began, and the opening's own search for the first rows
 * must not answer in its place (a fresh-clone run clicked "公司新闻" in a list that still held every tag,
 * and the answer moved it away from under the click).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoteSelect, type RemoteRow, type RemoteSource } from '../remote-select';

const TAGS: RemoteRow[] = [
  { id: 2, label: '项目动态' },
  { id: 1, label: '公司新闻' },
];

/** A source whose answers the test releases; `asked` lists each search's keyword. */
function heldSource() {
  const asked: string[] = [];
  const answers: (() => void)[] = [];
  const source: RemoteSource = {
    find: ({ quick_search = '' }) => {
      asked.push(quick_search);
      return new Promise((done) => answers.push(() => done(TAGS.filter((row) => row.label.includes(quick_search)))));
    },
  };
  const answerAll = async () => {
    await act(async () => {
      answers.splice(0).forEach((answer) => answer());
    });
  };
  return { source, asked, answerAll };
}

/** The rows the open list shows (antd's own list; its listbox for screen readers holds only ids). */
function shownOptions(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option-content')].map((row) => row.textContent ?? '');
}

describe('a relation field', () => {
  it('lists only the rows of what was typed into it', { timeout: 30_000 }, async () => {
    const { source, asked, answerAll } = heldSource();
    const chosen = vi.fn();
    const user = userEvent.setup();
    render(<RemoteSelect source={source} multiple label="Tags" onChange={chosen} />);
    act(() => screen.getByRole('combobox', { name: 'Tags' }).focus());
    await user.keyboard('公司'); // as a paste or an input method does: no click opened the list first
    await answerAll();
    expect(asked.at(-1)).toBe('公司');
    expect(asked).not.toContain(''); // typing opened the list: no search for the first rows behind it
    expect(shownOptions()).toEqual(['公司新闻']);
    await user.click(screen.getByText('公司新闻', { selector: '.ant-select-item-option-content' }));
    expect(chosen).toHaveBeenLastCalledWith([1]);
  });

  it("drops an earlier search's rows while the next one is asked", { timeout: 30_000 }, async () => {
    const { source, answerAll } = heldSource();
    const user = userEvent.setup();
    render(<RemoteSelect source={source} multiple={false} label="Tag" />);
    const box = screen.getByRole('combobox', { name: 'Tag' });
    await user.click(box);
    await answerAll();
    expect(shownOptions()).toEqual(['项目动态', '公司新闻']);
    await user.type(box, '公');
    expect(shownOptions()).toEqual([]); // nothing to click on until the answer comes
    await answerAll();
    expect(shownOptions()).toEqual(['公司新闻']);
  });
});
