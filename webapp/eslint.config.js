/**
 * ESLint (flat config) of the web app: typescript-eslint, the React hooks rules, and the module
 * boundaries of DESIGN §3 "Web", enforced by import/no-restricted-paths (eslint-plugin-import; not
 * import-x, whose native resolver has no builds for other platforms in our registry, so `npm ci` failed):
 *
 *   src/lib          helpers with no UI; imports nothing from components, features or app
 *   src/components   shared UI (the schema-driven table/form builder, upload, load errors, …);
 *                    imports lib only
 *   src/features/<f> one folder per area (auth, account, errors, admin); a feature never imports
 *                    another feature nor app — only lib and components
 *   src/features/admin/<area>/<page>  one module per back-office page, named after its menu rule's
 *                    path (auth/group, user/moneyLog, routine/config, dashboard, …); each is a feature
 *                    of its own: it may import lib, components and the back office's shell
 *                    (features/admin/shell: the admin store, the permission hook, the shell layout),
 *                    never another page; the shell never imports a page
 *   src/app          router, providers, shells: may import everything (it wires pages into the shell)
 *
 * Page modules are found on disk (every folder under features/admin without sub-folders other than
 * __tests__), so a new page is covered without editing this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

const FEATURES = 'src/features';
const ADMIN = `${FEATURES}/admin`;
const SHELL = `${ADMIN}/shell`;

const subdirs = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== '__tests__')
        .map((e) => `${dir}/${e.name}`)
    : [];

/** Folders under features/admin that hold one page (leaves), plus the shell. */
function adminModules(dir = ADMIN) {
  return subdirs(dir).flatMap((sub) => (subdirs(sub).length && sub !== SHELL ? adminModules(sub) : [sub]));
}

const rel = (from, to) => `./${path.posix.relative(from, to)}`;

const zones = [
  { target: './src/lib', from: ['./src/components', './src/features', './src/app'], message: 'src/lib imports only src/lib.' },
  { target: './src/components', from: ['./src/features', './src/app'], message: 'src/components imports only src/lib and src/components.' },
  { target: `./${FEATURES}`, from: './src/app', message: 'Features never import src/app.' },
  ...subdirs(FEATURES)
    .filter((f) => f !== ADMIN)
    .map((f) => ({
      target: `./${f}`,
      from: `./${FEATURES}`,
      except: [rel(FEATURES, f)],
      message: 'Features never import each other: share through src/lib or src/components.',
    })),
  ...adminModules().map((m) => ({
    target: `./${m}`,
    from: `./${FEATURES}`,
    except: m === SHELL ? [rel(FEATURES, m)] : [rel(FEATURES, m), rel(FEATURES, SHELL)],
    message:
      m === SHELL
        ? 'The back-office shell never imports a page (src/app hands it the page registry).'
        : 'A back-office page imports lib, components and features/admin/shell only, never another page.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      // Pages fetch in effects (no data library): `load()` sets its loading flag before the request.
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // dayjs through lib/dayjs-locale (it sets the locale; no screen's first load needs dayjs).
      'no-restricted-imports': ['error', { paths: [{ name: 'dayjs', message: 'Import dayjs from src/lib/dayjs-locale.' }] }],
    },
  },
  { files: ['src/lib/dayjs-locale.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['**/__tests__/**', 'src/testing/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
