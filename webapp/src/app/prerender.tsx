/**
 * Build-time rendering of the login screens (lib/prerender; run by scripts/prerender.mjs after the
 * client build, through Vite's SSR build of this file). Renders the real route — the same tree as the
 * browser (app-root) — in a memory router, with antd's styles collected into a cache and written out
 * as <style> tags: the browser then finds every style it needs in the page and antd does not compute
 * them again while hydrating.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { i18n, initI18n, setLanguage, type Language } from '../lib/i18n';
import { markValue } from '../lib/prerender';
import { setLayoutConfig } from '../lib/theme';
import { composeTitle } from '../lib/title';
import { AppRoot, whenRouterReady } from './app-root';
import { routeMetaFor, routes } from './routes';

export interface RenderedPage {
  /** The root element's content. */
  body: string;
  /** antd's <style> tags (and the map that tells antd in the browser which of its styles they are). */
  styles: string;
  title: string;
  /** <html lang>. */
  htmlLang: string;
  /** The root element's data-prerendered value. */
  mark: string;
  /** "This page needs JavaScript" in the page's language. */
  noscript: string;
  /** "The app's files could not be downloaded", shown by the boot script when they cannot. */
  loadError: string;
}

export async function renderPage(path: string, lang: Language, dark: boolean): Promise<RenderedPage> {
  await initI18n(lang);
  await setLanguage(lang);
  setLayoutConfig({ isDark: dark });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  const cache = createCache();
  const body = renderToString(
    <StyleProvider cache={cache}>
      <AppRoot router={router} />
    </StyleProvider>,
  );
  const meta = routeMetaFor(path);
  return {
    body,
    styles: extractStyle(cache),
    title: composeTitle(meta ? i18n.t(meta.title) : '', '', i18n.t('general:defaultSiteName')),
    htmlLang: lang === 'zh-cn' ? 'zh-CN' : 'en',
    mark: markValue({ path, lang, theme: dark ? 'dark' : 'light' }),
    noscript: i18n.t('general:noscript'),
    loadError: i18n.t('general:prerenderLoadError'),
  };
}
