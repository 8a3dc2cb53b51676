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

/** The plugin, for a web app whose folder is `root`: `sheetPath` is relative to it, the drawings
 * are in `local/` beside the sheet. */
export function localIconSheet(root: string, sheetPath = LOCAL_SHEET): Plugin {
  const sheet = resolve(root, sheetPath);
  const folder = join(dirname(sheet), 'local');
  return {
    name: 'cityops:local-icon-sheet',
    enforce: 'pre', // before vite:css resolves the url()s
    configureServer(server) {
      // A drawing added or removed while `npm run dev` runs: the sheet is compiled again and the
      // page reloads (a changed drawing needs nothing: Vite serves the file itself).
      const client = server.environments.client;
      const changed = (file: string) => {
        if (dirname(file) !== folder) return;
        for (const module of client.moduleGraph.getModulesByFile(sheet) ?? []) client.moduleGraph.invalidateModule(module);
        client.hot.send({ type: 'full-reload' });
      };
      server.watcher.add(folder);
      server.watcher.on('add', changed).on('unlink', changed);
    },
    transform(code, id) {
      const [file, query = ''] = id.split('?');
      // The sheet's CSS, not the module of its `?url` / `?raw` import.
      if (file !== sheet || /(?:^|&)(?:url|raw|inline)(?:&|=|$)/.test(query)) return null;
      return { code: `${code}${localIconRules(folder)}`, map: null };
    },
  };
}
