#!/usr/bin/env node
/**
 * Pre-renders the login screens (src/lib/prerender.ts) into dist/prerender/<screen>.<lang>.<theme>.html;
 * run by `npm run build` after the client build. Vite builds src/app/prerender.tsx for Node (all of it
 * bundled, into node_modules/.cache/prerender), which renders each screen's real route; every page is
 * dist/index.html with the rendered screen in #root, antd's styles in <head>, the title and <html lang>
 * of its language, its theme's colour scheme, and no loading overlay (the screen is readable at once).
 * The page loads a small boot script (dist/assets/prerender-boot-<hash>.js, scripts/prerender-boot.mjs)
 * instead of the app's entry and its preloads: it downloads the app after the first paint and runs it on
 * the visitor's first gesture, so a visitor who only looks pays no script time (DESIGN §5: Lighthouse
 * mobile ≥ 90). No inline script: the production CSP allows only the app's own script files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { bootPrerendered, INTENT_EVENTS } from './prerender-boot.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const outDir = path.join(root, 'node_modules', '.cache', 'prerender');

// The pre-rendered screens, languages and themes (src/lib/prerender.ts PRERENDERED, src/lib/i18n.ts LANGUAGES).
const SCREENS = { '/user/login': 'user-login', '/admin/login': 'admin-login' };
const LANGUAGES = ['zh-cn', 'en'];
const THEMES = ['light', 'dark'];

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html, pattern, replacement) {
  if (!pattern.test(html)) throw new Error(`dist/index.html has no ${pattern}: update scripts/prerender.mjs`);
  return html.replace(pattern, replacement);
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The boot script's source: bootPrerendered with the app's entry and its preloads. */
export function bootScript(template) {
  const entry = template.match(ENTRY)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry script: update scripts/prerender.mjs');
  const preloads = [...template.matchAll(PRELOAD)].map((match) => match[1]);
  const args = [preloads, entry, INTENT_EVENTS].map((value) => JSON.stringify(value)).join(', ');
  return `// Starts the app on a pre-rendered screen (webapp/scripts/prerender-boot.mjs).\n(${bootPrerendered.toString()})(${args});\n`;
}

/** dist/index.html with the rendered screen in it; `boot`: the boot script's address. */
export function fillTemplate(template, page, theme, boot) {
  let html = template;
  html = replaceOnce(html, ENTRY, '');
  html = html.replace(PRELOAD, '');
  html = replaceOnce(html, /<\/body>/, `  <script type="module" src="${boot}"></script>\n  </body>`);
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${page.htmlLang}" data-theme="${theme}" style="color-scheme: ${theme}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(html, /<\/head>/, `${page.styles}\n  </head>`);
  // The loading overlay is for screens the app draws itself.
  html = replaceOnce(html, /<body class="app-loading-active">/, '<body>');
  html = replaceOnce(html, /\s*<!--[^]*?-->\s*<div id="app-loading"[^]*?<\/svg>[^]*?<\/div>\s*<\/div>/, '');
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<noscript><p class="noscript-note">${escapeHtml(page.noscript)}</p></noscript>\n    <p class="noscript-note" id="prerender-load-error" role="alert" hidden>${escapeHtml(page.loadError)}</p>\n    <div id="root" data-prerendered="${escapeHtml(page.mark)}">${page.body}</div>`,
  );
  return html;
}

async function main() {
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const { renderPage } = await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href);
  const boot = bootScript(template);
  const bootFile = `assets/prerender-boot-${crypto.createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(dist, bootFile), boot);
  const base = template.match(ENTRY)[1].replace(/assets\/[^/]+$/, '');
  fs.mkdirSync(path.join(dist, 'prerender'), { recursive: true });
  for (const [screenPath, stem] of Object.entries(SCREENS)) {
    for (const lang of LANGUAGES) {
      for (const theme of THEMES) {
        const page = await renderPage(screenPath, lang, theme === 'dark');
        const file = path.join(dist, 'prerender', `${stem}.${lang}.${theme}.html`);
        fs.writeFileSync(file, fillTemplate(template, page, theme, base + bootFile));
        console.log(`prerendered ${screenPath} (${lang}, ${theme}) → ${path.relative(root, file)}`);
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
