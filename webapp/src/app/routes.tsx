/**
 * The route table of the React app (SPEC §2). Data mode (createBrowserRouter); every screen is
 * lazy-loaded (route.lazy) so each is its own chunk. Route meta lives on `handle`:
 * { name, title (i18n key), addtab }.
 *
 *   /admin/login            adminLogin   admin login screen
 *   /user/login             userLogin    member login screen
 *   /user/reg               userReg      member registration screen
 *   /404, /401                           error screens
 *   /admin                  → /admin/loading        (admin shell, child loading/:to?)
 *   /admin/<anything>       → /admin/loading/<encodeURIComponent(JSON.stringify({path, query}))>
 *   /user                   → /user/loading         (member center, child loading/:to?)
 *   /user/<anything>        → /user/loading/<…same JSON…>
 *   any other path          → /404
 *
 * A route (or language file) that cannot be loaded shows components/load-error (both languages,
 * bundled) with "Try again".
 *
 * The root loader loads the language files of the target page before it renders (lib/i18n
 * prepareRoute: general + by path + by route name + extras) and runs on every navigation.
 */
import { matchRoutes, Outlet, redirect, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { prepareRoute } from '../lib/i18n';
import { loadingPathFor, ROUTE_PATHS, type RouteMeta, type RouteName } from '../lib/routes';
import { adminLoadingLoader, userLoadingLoader } from '../features/loading/loaders';
import { RouteLoadError } from '../components/load-error';

const meta = (name: RouteName, addtab = false): RouteMeta => ({ name, title: `general:route.${name}`, addtab });

function toLoading(area: 'admin' | 'user') {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    return redirect(loadingPathFor(area, url.pathname, url.search));
  };
}

type AreaRoute = Omit<NonIndexRouteObject, 'path' | 'children'>;

/**
 * An area's routes, alike for /admin and /user: its shell (`layout`) around the area's root (→ its
 * loading route), the loading route `loading/:to?` and every other path.
 */
function area(
  name: 'admin' | 'user',
  layout: NonIndexRouteObject['lazy'],
  { loading, other }: { loading: Omit<AreaRoute, 'handle'>; other: AreaRoute },
): RouteObject {
  const loadingName = name === 'admin' ? 'adminLoading' : 'userLoading';
  return {
    path: ROUTE_PATHS[name],
    lazy: layout,
    children: [
      { index: true, loader: () => redirect(ROUTE_PATHS[loadingName]) },
      { path: 'loading/:to?', handle: meta(loadingName), ...loading },
      { path: '*', ...other },
    ],
  };
}

/** The meta of the deepest matched route that has one. */
export function routeMetaFor(pathname: string): RouteMeta | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].route.handle as RouteMeta | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}

export async function rootLoader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  await prepareRoute(pathname, routeMetaFor(pathname)?.name);
  return null;
}

function RootLayout() {
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: rootLoader,
    shouldRevalidate: () => true,
    HydrateFallback: () => null,
    // A lazy route that cannot be loaded (offline) shows a recoverable message, not a white page.
    ErrorBoundary: RouteLoadError,
    children: [
      { path: ROUTE_PATHS.adminLogin, handle: meta('adminLogin'), lazy: () => import('../features/auth/components/admin-login') },
      { path: ROUTE_PATHS.userLogin, handle: meta('userLogin'), lazy: () => import('../features/auth/components/user-login') },
      { path: ROUTE_PATHS.userReg, handle: meta('userReg'), lazy: () => import('../features/auth/components/user-register') },
      { path: ROUTE_PATHS.notFound, handle: meta('notFound'), lazy: () => import('../features/errors/components/not-found') },
      { path: ROUTE_PATHS.noPower, handle: meta('noPower'), lazy: () => import('../features/errors/components/no-power') },
      area('admin', () => import('./admin-layout'), {
        loading: { loader: adminLoadingLoader, lazy: () => import('../features/admin/shell/admin-loading') },
        // Menu routes (and /admin/iframe/{url}) render inside the shell's tabs; an unknown or
        // forbidden path goes to the loading route (menus not loaded yet) or to /401.
        other: {
          handle: { ...meta('adminLoading'), addtab: true },
          // Its own chunk (with the admin store): the login screens' first load does not need it.
          loader: (args) => import('../features/admin/shell/route-loader').then((m) => m.adminRouteLoader(args)),
          lazy: () => import('./admin-route'),
        },
      }),
      area('user', () => import('./user-layout'), {
        // The member center's pages (features/account) are chosen by the `to` parameter.
        loading: { loader: userLoadingLoader, lazy: () => import('../features/account/components/account-center') },
        other: { loader: toLoading('user') },
      }),
      { path: '*', loader: () => redirect(ROUTE_PATHS.notFound) },
    ],
  },
];
