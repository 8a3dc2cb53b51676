import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { EXTENSIONS, showValue, usable } from '../rich-text-editor';

describe('the rich-text editor given a value', () => {
  it('fills a live editor and leaves a destroyed one alone instead of throwing', () => {
    // The end-to-end run that found it: the news form at 390 px showed "This part of the page could not be
    // loaded" (TypeError: Cannot read properties of null (reading 'cached')) when useEditor had destroyed
    // the editor of a slow first render before the value arrived.
    const live = new Editor({ extensions: [StarterKit] });
    showValue(live, '<p>明天停电</p>');
    expect(live.getHTML()).toBe('<p>明天停电</p>');

    const gone = new Editor({ extensions: [StarterKit] });
    gone.destroy();
    expect(usable(gone)).toBe(false);
    expect(() => showValue(gone, '<p>检修线路</p>')).not.toThrow();
    live.destroy();
  });
});

describe('pictures and tables in the rich-text editor', () => {
  it('keeps a stored picture with its alt text and size, and a table, as the server saved them', () => {
    const picture = '<img src="/storage/richtext/20261129/river.png" alt="江边步道" class="img-medium">';
    const table =
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>路段</p></th><th colspan="1" rowspan="1"><p>时间</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>东</p></td><td colspan="1" rowspan="1"><p>8:00</p></td></tr></tbody></table>';
    const editor = new Editor({ extensions: EXTENSIONS, content: `<p>通知</p>${picture}${table}` });
    const html = editor.getHTML();
    expect(html).toContain(picture);
    // Tiptap adds its column widths (colgroup, style), which the server drops, and leaves out spans of 1.
    expect(html).toContain('<th><p>路段</p></th>');
    expect(html).toContain('<td><p>8:00</p></td>');
    editor.destroy();
  });

  it('leaves out a pasted picture from another site or inline data, and keeps one of this app as an upload', () => {
    const origin = window.location.origin;
    const pasted =
      '<p>a</p><img src="data:image/png;base64,AAAA" alt="x"><img src="https://evil.example/storage/x.png" alt="y">' +
      `<img src="${origin}/storage/default/own.png" alt="ours"><img src="/storage/../etc/x.png" alt="up">`;
    const editor = new Editor({ extensions: EXTENSIONS, content: pasted });
    expect(editor.getHTML()).toBe('<p>a</p><img src="/storage/default/own.png" alt="ours" class="img-full">');
    editor.destroy();
  });
});
