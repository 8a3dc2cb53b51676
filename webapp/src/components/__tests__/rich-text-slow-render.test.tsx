import { render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import RichTextEditor from '../rich-text-editor';

describe('the rich-text editor whose first editor was destroyed', () => {
  it('shows its toolbar and text box on the editor useEditor makes again, without waiting for a keystroke', async () => {
    // The end-to-end run that found it: the news form showed the labels 正文 / 正文（英文） with nothing
    // under them. useEditor destroys the editor of a first render whose effects have not run one tick
    // later (a busy machine, a form opening while the list reloads) and makes a new one on the next
    // render; the toolbar state kept reading the destroyed editor, so the field stayed empty until a
    // transaction of the new one, which could never come with nothing on screen to type into.
    const view = render(<RichTextEditor label="正文" value="<p>明天停电</p>" />);
    const first = (await screen.findByRole('textbox', { name: '正文' })) as HTMLElement & { editor: Editor };
    first.editor.destroy(); // what useEditor's one-tick check does to an editor it thinks unmounted
    view.rerender(<RichTextEditor label="正文" value="<p>明天停电</p>" />);

    const box = await screen.findByRole('textbox', { name: '正文' });
    expect(box).not.toBe(first);
    expect(box).toHaveTextContent('明天停电');
    expect(screen.getByRole('toolbar')).toBeInTheDocument();
  });
});
