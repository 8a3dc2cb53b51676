import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeMetaFor, routes } from '../routes';
import { attachNavigationEffects, leafMeta } from '../navigation';
import { adminSession, memberSession } from '../../lib/auth-tokens';
import { loadingPathFor, parseLoadingTarget } from '../../lib/routes';

type Router = ReturnType<typeof createMemoryRouter>;

async function settle(router: Router) {
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 20_000 },
  );
}

async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await settle(router);
  return router;
}

const where = (router: Router) => router.state.location.pathname + router.state.location.search;

describe('route table and redirects (SPEC §2)', () => {
  it('sends an unknown path to /404', async () => {
    expect(where(await open('/nowhere'))).toBe('/404');
    expect(where(await open('/users'))).toBe('/404');
    expect(where(await open('/a/b/c?x=1'))).toBe('/404');
  });

  it('keeps the screens of the table', async () => {
    for (const path of ['/admin/login', '/user/login', '/user/reg', '/404', '/401']) {
      expect(where(await open(path))).toBe(path);
    }
  });

  it('passes an unknown /admin path and its query to the loading route as JSON', async () => {
    adminSession.set({ id: 1, token: 'A' });
    const router = await open('/admin/x?y=1');
    const expected = `/admin/loading/${encodeURIComponent(JSON.stringify({ path: '/admin/x', query: { y: '1' } }))}`;
    expect(router.state.location.pathname).toBe(expected);
    expect(expected).toBe(loadingPathFor('admin', '/admin/x', '?y=1'));
    expect(parseLoadingTarget(router.state.matches.at(-1)!.params.to)).toEqual({ path: '/admin/x', query: { y: '1' } });
  });

  it('does the same under /user', async () => {
    memberSession.set({ id: 3, token: 'U' });
    const router = await open('/user/account/overview?tab=2');
    expect(parseLoadingTarget(router.state.matches.at(-1)!.params.to)).toEqual({ path: '/user/account/overview', query: { tab: '2' } });
    expect(router.state.location.pathname.startsWith('/user/loading/')).toBe(true);
  });

  it('/admin redirects to /admin/loading (logged in) and the loading route renders the shell', async () => {
    adminSession.set({ id: 1, token: 'A' });
    const router = await open('/admin');
    expect(where(router)).toBe('/admin/loading');
    expect(where(await open('/admin/'))).toBe('/admin/loading');
    expect(leafMeta(router.state.matches)?.name).toBe('adminLoading');
  });

  it('/user redirects to /user/loading (member with id and token)', async () => {
    memberSession.set({ id: 3, token: 'U' });
    expect(where(await open('/user'))).toBe('/user/loading');
  });

  it('without an admin token the admin loading route goes to adminLogin, keeping the target', async () => {
    expect(where(await open('/admin'))).toBe('/admin/login');
    const router = await open('/admin/auth/admin?page=2');
    expect(router.state.location.pathname).toBe('/admin/login');
    const to = new URLSearchParams(router.state.location.search).get('to');
    expect(parseLoadingTarget(to)).toEqual({ path: '/admin/auth/admin', query: { page: '2' } });
  });

  it('without a member session the member loading route goes to userLogin', async () => {
    memberSession.set({ id: 3 }); // no token: not logged in
    expect(where(await open('/user'))).toBe('/user/login');
    const router = await open('/user/account');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(parseLoadingTarget(new URLSearchParams(router.state.location.search).get('to'))?.path).toBe('/user/account');
  });

  it('carries name, title and addtab meta', () => {
    expect(routeMetaFor('/user/reg')).toEqual({ name: 'userReg', title: 'general:route.userReg', addtab: false });
    expect(routeMetaFor('/admin/login')?.name).toBe('adminLogin');
    expect(routeMetaFor('/user/login')?.name).toBe('userLogin');
    expect(routeMetaFor('/admin/loading/abc')?.name).toBe('adminLoading');
    expect(routeMetaFor('/user/loading')?.name).toBe('userLoading');
  });
});

describe('navigation effects', () => {
  function fakes() {
    let started = false;
    const progress = {
      start: vi.fn(() => {
        started = true;
      }),
      done: vi.fn(() => {
        started = false;
      }),
      isStarted: () => started,
    };
    const overlay = { show: vi.fn(), hide: vi.fn() };
    const setTitle = vi.fn();
    return { progress, overlay, setTitle };
  }

  it('starts the progress bar and shows the overlay for the first navigation, ends both, sets the title', async () => {
    const effects = fakes();
    const router = createMemoryRouter(routes, { initialEntries: ['/user/reg'] });
    attachNavigationEffects(router, effects);
    expect(effects.overlay.show).toHaveBeenCalledTimes(1);
    expect(effects.progress.start).toHaveBeenCalledTimes(1);
    await settle(router);
    expect(effects.progress.done).toHaveBeenCalled();
    expect(effects.overlay.hide).toHaveBeenCalled();
    expect(effects.setTitle).toHaveBeenLastCalledWith('general:route.userReg');

    effects.progress.start.mockClear();
    const navigation = router.navigate('/401');
    expect(effects.progress.start).toHaveBeenCalledTimes(1);
    await navigation;
    await settle(router);
    expect(effects.setTitle).toHaveBeenLastCalledWith('general:route.noPower');
    expect(effects.progress.isStarted()).toBe(false);
    expect(effects.overlay.show).toHaveBeenCalledTimes(1);
  });
});
