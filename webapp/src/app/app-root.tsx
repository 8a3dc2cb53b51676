/**
 * The app's React tree, the same in the browser (app/main.tsx) and when the login screens are
 * pre-rendered at build time (app/prerender.tsx): hydration needs the same tree on both sides
 * (antd's theme keys come from React's useId).
 */
import { StrictMode, useEffect } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers';

type AppRouter = RouterProviderProps['router'];

/** `onDrawn`: called once the tree is on the page (after hydration, or the first render). */
export function AppRoot({ router, onDrawn }: { router: AppRouter; onDrawn?: () => void }) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves once the router has run the first navigation's loaders and lazy routes. */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
