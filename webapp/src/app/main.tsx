import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { i18n, initI18n } from '../lib/i18n';
import { api } from '../lib/request';
import { pathForRouteName } from '../lib/routes';
import { createProgressBar } from '../lib/progress';
import { createLoadingOverlay } from '../lib/overlay';
import { applyTitle, watchTitle } from '../lib/page-title';
import { loadSiteConfig } from '../lib/site';
import { routes } from './routes';
import { attachNavigationEffects } from './navigation';
import { AppProviders } from './providers';

void initI18n();
const router = createBrowserRouter(routes);

api.configure({
  navigate: (to) => {
    const path = (to.name && pathForRouteName(to.name)) || to.path;
    if (path) void router.navigate(path);
  },
});

attachNavigationEffects(router, {
  progress: createProgressBar(),
  overlay: createLoadingOverlay(),
  setTitle: (key) => applyTitle(key),
});
watchTitle();
void loadSiteConfig();
// The site name is translated by the server: ask again in the new language.
i18n.on('languageChanged', () => void loadSiteConfig());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
