/**
 * The local icon set's sheet is completed from its folder: a rule per drawing, each naming its own
 * file; the sheet's CSS is completed, not the module of a `?url` import; a badly named file stops
 * the build; the dev server compiles it again when a drawing is added or removed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type TransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { LOCAL_SHEET, localIconRules, localIconSheet } from '../local-icon-sheet';

const ROOT = resolve(__dirname, '..', '..');
const SHEET = join(ROOT, LOCAL_SHEET);
const FOLDER = join(dirname(SHEET), 'local');
const RULE = /^\.local-([a-z0-9-]+) \{\n {2}--local-icon: url\('\.\/local\/([a-z0-9-]+)\.svg'\);\n\}$/gm;

type Transform = (this: object, code: string, id: string) => TransformResult;

function transform(id: string, code = readFileSync(SHEET, 'utf8')): TransformResult {
  const hook = (localIconSheet(ROOT) as Plugin).transform as Transform;
  return hook.call({}, code, id);
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
      const result = transform(id);
      const code = typeof result === 'object' && result ? result.code : '';
      expect(code.startsWith(shared)).toBe(true);
      expect(code.slice(shared.length)).toBe(localIconRules(FOLDER));
    }
  });

  it('leaves alone the modules of its ?url and ?raw imports and every other file', () => {
    expect(transform(`${SHEET}?url`, 'export default "/x.css"')).toBeNull();
    expect(transform(`${SHEET}?raw`, 'export default "x"')).toBeNull();
    expect(transform(join(ROOT, 'src/index.css'), 'body{}')).toBeNull();
  });

  it('refuses a drawing whose name is not an icon name', () => {
    const folder = mkdtempSync(join(tmpdir(), 'local-icons-'));
    writeFileSync(join(folder, 'leaf.svg'), '<svg/>');
    expect(localIconRules(folder)).toContain('.local-leaf {');
    writeFileSync(join(folder, 'Big Tree.svg'), '<svg/>');
    expect(() => localIconRules(folder)).toThrow(/Big Tree\.svg: a local icon is <name>\.svg/);
  });

  it('follows the folder while the dev server runs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'local-icons-dev-'));
    mkdirSync(join(root, 'local'));
    writeFileSync(join(root, 'sheet.css'), '.shared { color: red; }\n');
    writeFileSync(join(root, 'local', 'leaf.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      server: { middlewareMode: true, hmr: false },
      plugins: [localIconSheet(root, 'sheet.css')],
    });
    const compiled = async () => (await server.environments.client.transformRequest('/sheet.css?direct'))?.code ?? '';
    const rulesOf = async () => [...(await compiled()).matchAll(/\.local-([a-z0-9-]+) \{/g)].map((m) => m[1]);
    const until = async (names: string[]) => {
      for (let tries = 0; tries < 100 && (await rulesOf()).join() !== names.join(); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return rulesOf();
    };
    try {
      expect(await compiled()).toContain('.shared');
      expect(await rulesOf()).toEqual(['leaf']);
      writeFileSync(join(root, 'local', 'tree.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      expect(await until(['leaf', 'tree'])).toEqual(['leaf', 'tree']);
      rmSync(join(root, 'local', 'leaf.svg'));
      expect(await until(['tree'])).toEqual(['tree']);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
