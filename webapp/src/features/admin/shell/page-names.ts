/**
 * The back-office pages this app can show, by the `component` (= rule path) of their menu rule: every
 * `features/admin/<rule path>/<name>-page.tsx` is one, found by Vite at build time. A new page is that
 * one file (its default export the page); nothing else lists it.
 *
 * `import.meta.glob` without `eager` gives each page's chunk loader, not the page: the router can tell a
 * forbidden page (401) from a mistyped address (404) without loading any page, and src/app/admin-pages
 * makes the loaders lazy components.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

const found = import.meta.glob<PageModule>(['../**/*-page.tsx', '!../shell/**']);

/** Rule path → its page's chunk loader. */
export const PAGE_LOADERS: Readonly<Record<string, () => Promise<PageModule>>> = Object.fromEntries(
  Object.entries(found).map(([file, load]) => [file.replace(/^\.\.\//, '').replace(/\/[^/]+-page\.tsx$/, ''), load]),
);

export const PAGE_NAMES: readonly string[] = Object.keys(PAGE_LOADERS);
