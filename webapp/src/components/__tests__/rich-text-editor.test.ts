import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { showValue, usable } from '../rich-text-editor';

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
