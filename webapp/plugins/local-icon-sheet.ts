/**
 * The local icon set's style sheet, completed from its folder when Vite builds or serves it.
 *
 * `src/features/admin/shell/icon-sheets/local.css` holds the one rule every `local-<name>` icon
 * shares; this plugin appends a rule per drawing in `icon-sheets/local/` (`<name>.svg` →
 * `.local-<name> { --local-icon: url('./local/<name>.svg'); }`), so a new icon is an SVG file and
 * nothing else. Vite then resolves each `url()` to the drawing's asset as usual. The back office's
 * icon picker reads the names from the loaded sheet's rules (`icon-sheets.ts`).
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The sheet, from the web app's folder. */
export const LOCAL_SHEET = 'src/features/admin/shell/icon-sheets/local.css';

const DRAWING = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** One rule per SVG drawing in `folder`, sorted by name. Any other file name stops the build: a name
 * is lower-case letters and digits in words joined by `-`, as the API's icon names are. */
export function localIconRules(folder: string): string {
  return readdirSync(folder)
    .sort()
    .map((file) => {
      const name = DRAWING.exec(file)?.[1];
      if (!name) throw new Error(`${join(folder, file)}: a local icon is <name>.svg, name in a-z, 0-9 and -`);
      return `.local-${name} {\n  --local-icon: url('./local/${file}');\n}\n`;
    })
    .join('');
}

/** The plugin, for a web app whose folder is `root`. */
export function localIconSheet(root: string): Plugin {
  const sheet = resolve(root, LOCAL_SHEET);
  const folder = join(dirname(sheet), 'local');
  return {
    name: 'cityops:local-icon-sheet',
    enforce: 'pre', // before vite:css resolves the url()s
    transform(code, id) {
      const [file, query = ''] = id.split('?');
      // The sheet's CSS, not the module of its `?url` / `?raw` import.
      if (file !== sheet || /(?:^|&)(?:url|raw|inline)(?:&|=|$)/.test(query)) return null;
      this.addWatchFile(folder);
      return { code: `${code}${localIconRules(folder)}`, map: null };
    },
  };
}
