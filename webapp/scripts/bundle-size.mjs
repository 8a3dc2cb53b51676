#!/usr/bin/env node
/**
 * Gzip size of the JavaScript a first visit loads, per page (DESIGN §5 budgets):
 * the entry chunk and its static imports, plus the page's lazy route modules (and their static
 * imports) and the page's language files; for the back office's first screen (login → dashboard
 * drawn) its CSS too, and the dashboard page with what it draws (its charts are plain SVG there:
 * ECharts, `dashboard-charts.tsx`, loads only when the pointer is on a chart and is not counted).
 * Reads dist/.vite/manifest.json; run after `npm run build`.
 * Exits non-zero when a budget is exceeded.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

function collect(key, seen) {
  const entry = manifest[key];
  // A module moved or renamed: update `pages` below to the route modules of src/app/routes.tsx.
  if (!entry) throw new Error(`not in manifest: ${key} (scripts/bundle-size.mjs names a module the build does not have)`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const css of entry.css ?? []) seen.add(css);
  for (const dep of entry.imports ?? []) collect(dep, seen);
  return seen;
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const locale = (lang, ns) => `src/locales/${lang}/${ns}.json`;

const pages = {
  '/user/login': { budget: 250, modules: ['src/features/auth/components/user-login.tsx'], ns: ['general', 'user/login'] },
  '/user/reg': { budget: 250, modules: ['src/features/auth/components/user-register.tsx'], ns: ['general', 'user/reg'] },
  '/admin/login': { budget: 250, modules: ['src/features/auth/components/admin-login.tsx'], ns: ['general', 'admin/login'] },
  '/404': { budget: 250, modules: ['src/features/errors/components/not-found.tsx'], ns: ['general', '404'] },
  'back office first screen (login → dashboard)': {
    budget: 450,
    modules: [
      'src/features/auth/components/admin-login.tsx',
      'src/app/admin-layout.tsx',
      'src/features/admin/shell/admin-loading.tsx',
      'src/features/admin/dashboard/dashboard-page.tsx',
    ],
    ns: ['general', 'admin/login', 'admin/dashboard'],
    css: true,
  },
};

let failed = false;
const rows = [];
for (const [page, spec] of Object.entries(pages)) {
  const files = collect('index.html', new Set());
  for (const m of spec.modules) collect(m, files);
  for (const ns of spec.ns) if (manifest[locale('zh-cn', ns)]) collect(locale('zh-cn', ns), files);
  const counted = (f) => f.endsWith('.js') || (spec.css && f.endsWith('.css'));
  const total = [...files].filter(counted).reduce((sum, f) => sum + gz(f), 0);
  const kb = total / 1024;
  const ok = kb <= spec.budget;
  if (!ok) failed = true;
  rows.push(
    `${page.padEnd(30)} ${kb.toFixed(1).padStart(7)} KB gzip ${spec.css ? 'JS+CSS' : 'JS'}  (budget ${spec.budget} KB) ${ok ? 'ok' : 'OVER BUDGET'}  [${files.size} files]`,
  );
}
console.log(rows.join('\n'));
process.exit(failed ? 1 : 0);
