/**
 * What happens on every navigation (SPEC §2, §4): the progress bar runs while the router loads;
 * the loading overlay shows on the first navigation and is removed after navigation ends (500 ms,
 * then a 300 ms clean-up); the page title follows the route meta, the language and the site name.
 */
import type { RouteMeta } from '../lib/routes';
import type { ProgressBar } from '../lib/progress';
import type { LoadingOverlay } from '../lib/overlay';

interface RouterLike {
  state: {
    initialized: boolean;
    navigation: { state: string };
    matches: Array<{ route: { handle?: unknown } }>;
  };
  subscribe(fn: (state: RouterLike['state']) => void): () => void;
}

export interface NavigationEffects {
  progress: ProgressBar;
  overlay: LoadingOverlay;
  setTitle: (titleKey: string | undefined) => void;
}

export function leafMeta(matches: RouterLike['state']['matches']): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].route.handle as RouteMeta | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

export function attachNavigationEffects(router: RouterLike, effects: NavigationEffects): () => void {
  const { progress, overlay, setTitle } = effects;
  const onState = (state: RouterLike['state']) => {
    const busy = !state.initialized || state.navigation.state !== 'idle';
    if (busy) {
      if (!progress.isStarted()) progress.start();
      return;
    }
    progress.done();
    overlay.hide();
    setTitle(leafMeta(state.matches)?.title);
  };
  // The first navigation is the initial load: it starts before anything subscribes.
  overlay.show();
  onState(router.state);
  return router.subscribe(onState);
}
