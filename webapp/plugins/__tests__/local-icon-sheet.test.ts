/**
 * The local icon set's sheet is completed from its folder: a rule per drawing, each naming its own
 * file; the sheet's CSS is completed, not the module of a `?url` import; a badly named file stops
 * the build.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, TransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { LOCAL_SHEET, localIconRules, localIconSheet } from '../local-icon-sheet';

const ROOT = resolve(__dirname, '..', '..');
const SHEET = join(ROOT, LOCAL_SHEET);
const FOLDER = join(dirname(SHEET), 'local');
const RULE = /^\.local-([a-z0-9-]+) \{\n {2}--local-icon: url\('\.\/local\/([a-z0-9-]+)\.svg'\);\n\}$/gm;

type Transform = (this: { addWatchFile(file: string): void }, code: string, id: string) => TransformResult;

function transform(id: string, code = readFileSync(SHEET, 'utf8')): { result: TransformResult; watched: string[] } {
  const watched: string[] = [];
  const hook = (localIconSheet(ROOT) as Plugin).transform as Transform;
  const result = hook.call({ addWatchFile: (file) => watched.push(file) }, code, id);
  return { result, watched };
}

describe('the local icon sheet', () => {
  it('has a rule for every SVG drawing of its folder and no other', () => {
    const rules = [...localIconRules(FOLDER).matchAll(RULE)];
    expect(rules.every(([, name, file]) => name === file)).toBe(true);
    const files = readdirSync(FOLDER).map((f) => f.replace(/\.svg$/, ''));
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(rules.map(([, name]) => name)).toEqual(files.sort());
  });

  it('is completed where Vite compiles the sheet, after the rule the icons share', () => {
    const shared = readFileSync(SHEET, 'utf8');
    for (const id of [SHEET, `${SHEET}?direct`, `${SHEET}?transform-only`]) {
      const { result, watched } = transform(id);
      const code = typeof result === 'object' && result ? result.code : '';
      expect(code.startsWith(shared)).toBe(true);
      expect(code.slice(shared.length)).toBe(localIconRules(FOLDER));
      expect(watched).toEqual([FOLDER]);
    }
  });

  it('leaves alone the modules of its ?url and ?raw imports and every other file', () => {
    expect(transform(`${SHEET}?url`, 'export default "/x.css"').result).toBeNull();
    expect(transform(`${SHEET}?raw`, 'export default "x"').result).toBeNull();
    expect(transform(join(ROOT, 'src/index.css'), 'body{}').result).toBeNull();
  });

  it('refuses a drawing whose name is not an icon name', () => {
    const folder = mkdtempSync(join(tmpdir(), 'local-icons-'));
    writeFileSync(join(folder, 'leaf.svg'), '<svg/>');
    expect(localIconRules(folder)).toContain('.local-leaf {');
    writeFileSync(join(folder, 'Big Tree.svg'), '<svg/>');
    expect(() => localIconRules(folder)).toThrow(/Big Tree\.svg: a local icon is <name>\.svg/);
  });
});
