import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { currentLanguage, i18n, initI18n } from '../lib/i18n';
import { api } from '../lib/request';
import { pathForRouteName } from '../lib/routes';
import { createProgressBar } from '../lib/progress';
import { createLoadingOverlay, type LoadingOverlay } from '../lib/overlay';
import { applyTitle, watchTitle } from '../lib/page-title';
import { canHydrate, readBeforeApp, readMark, rememberPreferences, takeOver } from '../lib/prerender';
import { loadSiteConfig } from '../lib/site';
import { getLayoutConfig, subscribeLayoutConfig } from '../lib/theme';
import { routes } from './routes';
import { attachNavigationEffects } from './navigation';
import { AppRoot, whenRouterReady } from './app-root';

void initI18n();
const router = createBrowserRouter(routes);
const rootElement = document.getElementById('root')!;
// A pre-rendered login screen (lib/prerender) is hydrated when it shows what the app would draw now.
const mark = readMark(rootElement);
const hydrate = canHydrate(mark, {
  pathname: window.location.pathname,
  search: window.location.search,
  lang: currentLanguage(),
  isDark: getLayoutConfig().isDark,
  historyState: window.history.state,
});
// The pre-rendered screen is already readable: no loading overlay over it.
const noOverlay: LoadingOverlay = { show: () => undefined, hide: () => undefined };

api.configure({
  navigate: (to) => {
    const path = (to.name && pathForRouteName(to.name)) || to.path;
    if (path) void router.navigate(path);
  },
});

attachNavigationEffects(router, {
  progress: createProgressBar(),
  overlay: hydrate ? noOverlay : createLoadingOverlay(),
  setTitle: (key) => applyTitle(key),
});
watchTitle();
void loadSiteConfig();
// The site name is translated by the server: ask again in the new language.
i18n.on('languageChanged', () => void loadSiteConfig());
// The server picks the pre-rendered screen of the visitor's language and theme by cookie.
const remember = () => rememberPreferences(currentLanguage(), getLayoutConfig().isDark);
remember();
i18n.on('languageChanged', remember);
subscribeLayoutConfig(remember);

if (hydrate) {
  // Hydration waits for the route's code and language files (the markup needs them) and runs as a
  // transition, so React splits it into short tasks instead of one long one. Then the app takes over
  // what the visitor typed or submitted before it ran.
  const onDrawn = () => takeOver(rootElement, readBeforeApp(rootElement));
  void whenRouterReady(router).then(() =>
    startTransition(() => void hydrateRoot(rootElement, <AppRoot router={router} onDrawn={onDrawn} />)),
  );
} else if (mark) {
  // A pre-rendered screen the app draws differently now (another language, theme or query): drawn
  // anew once its route is ready, keeping what the visitor typed.
  void whenRouterReady(router).then(() => {
    const before = readBeforeApp(rootElement);
    rootElement.replaceChildren();
    createRoot(rootElement).render(<AppRoot router={router} onDrawn={() => takeOver(rootElement, before)} />);
  });
} else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(<AppRoot router={router} />);
}
