/**
 * The admin shell, titled back office (SPEC §2, §3): Default and Classic layouts, dark mode, menu
 * colours in light/dark pairs, menu width, collapse, unique-open, top-bar visibility, header colours
 * and default menu icon — all from the persisted layout config. The tab strip is ./tab-strip (its
 * rules in lib/admin-tabs, the open tabs kept across reloads by lib/admin-store); the browser title
 * names the active tab's page. On a phone the menu is a drawer and the header's tools are behind one
 * "Tools" button (./header-tools); the page never scrolls sideways — a wide page scrolls inside its
 * tab. Full screen (persisted, SPEC §2) hides the menu and the header and always shows a labelled
 * "Exit full screen" button. A page fades in when shown (SPEC §9 default main animation, ./main-animation.css;
 * none with reduced motion).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { Badge, Button, Drawer, Dropdown, Grid, Layout, Menu, Modal, Spin, type MenuProps } from 'antd';
import { FullscreenExitOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BrandTheme } from '../../../components/brand';
import { LoadErrorBoundary } from '../../../components/load-error';
import { RoutePathContext } from '../../../components/permission';
import { isExternal } from '../../../lib/validators';
import { setUnsaved, unsavedAmong } from '../../../lib/unsaved';
import { adminSession } from '../../../lib/auth-tokens';
import { setPageTitle } from '../../../lib/page-title';
import { ROUTE_PATHS } from '../../../lib/routes';
import { BRAND_MARK, pick, setLayoutConfig, useLayoutConfig, useNarrowScreen } from '../../../lib/theme';
import {
  activateTab,
  firstRoute,
  openTab,
  removeAllTabs,
  removeOtherTabs,
  removeTab,
  resetAdminState,
  setFullScreen,
  setMenus,
  useAdminState,
  type MenuNode,
} from '../../../lib/admin-store';
import { IFRAME_PREFIX, menuTarget, tabUrl, type TabRoute } from '../../../lib/admin-tabs';
import { fetchAdminIndex, logout as logoutRequest } from './api';
import { AdminAvatar } from './admin-avatar';
import { HeaderTools } from './header-tools';
import { loadIconSheets } from './icon-sheets';
import { MenuIcon } from './icons';
import { useRoutePush } from './route-push';
import './main-animation.css';
import { useMenuBadges } from './menu-badges';
import { setBackOfficePaths } from './route-loader';
import { TabStrip, type TabAction } from './tab-strip';
import { useAdminNamespace } from './use-admin-i18n';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';

// The layout settings drawer (colour pickers, number inputs, the icon picker) loads when first opened.
const LayoutSettings = lazy(() => import('./layout-settings').then((m) => ({ default: m.LayoutSettings })));

/** The page components by the `component` of their menu rule ('iframe' for iframe menus); src/app
 * hands them in, so the shell never imports a page. */
export type AdminPages = Record<string, ComponentType | undefined>;

const HEADER_HEIGHT = 50;

/** A menu title with its count (new enquiries…): the number shown, a sentence for screen readers. */
function BadgeLabel({ title, count }: { title: string; count: number }) {
  const { t } = useTranslation('admin/common');
  return (
    <span data-badge={count} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%' }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
      <Badge count={count} overflowCount={99} size="small" aria-hidden />
      <span style={VISUALLY_HIDDEN}>{t('shell.badge', { n: count })}</span>
    </span>
  );
}

function countIn(nodes: MenuNode[], badges: Record<string, number>): number {
  return nodes.reduce((sum, node) => sum + (badges[node.name] ?? 0) + countIn(node.children ?? [], badges), 0);
}

function menuItems(nodes: MenuNode[], fallbackIcon: string, badges: Record<string, number>): MenuProps['items'] {
  return nodes
    .filter((node) => node.type !== 'button')
    .map((node) => {
      const icon = <MenuIcon name={node.icon} fallback={fallbackIcon} />;
      const count = node.type === 'menu_dir' ? countIn(node.children ?? [], badges) : (badges[node.name] ?? 0);
      const label = count > 0 ? <BadgeLabel title={node.title} count={count} /> : node.title;
      if (node.type === 'menu_dir') {
        return { key: `dir:${node.id}`, icon, label, children: menuItems(node.children ?? [], fallbackIcon, badges) };
      }
      const target = menuTarget(node);
      return { key: target.kind === 'link' ? `link:${target.to}` : target.to, icon, label };
    });
}

function parentKeys(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.type === 'menu' && menuTarget(node).to === path) return trail;
    if (node.children) {
      const found = parentKeys(node.children, path, node.type === 'menu_dir' ? [...trail, `dir:${node.id}`] : trail);
      if (found) return found;
    }
  }
  return null;
}

function TabPage({ tab, pages }: { tab: TabRoute; pages: AdminPages }) {
  const { routes } = useAdminState();
  const { t } = useTranslation('admin/common');
  const menu = routes[tab.path];
  const component = tab.path.startsWith(IFRAME_PREFIX) ? 'iframe' : menu?.component || menu?.name || '';
  const Page = pages[component];
  return (
    <div data-tab={tab.path} className="admin-main-fade">
      <RoutePathContext.Provider value={tab.path}>
        <LoadErrorBoundary>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            {Page ? <Page /> : <p>{t('shell.noComponent', { component })}</p>}
          </Suspense>
        </LoadErrorBoundary>
      </RoutePathContext.Provider>
    </div>
  );
}

/** The admin's avatar and name (the name only on wider screens), opening profile and log out. */
function AccountMenu({
  narrow,
  profile,
  onProfile,
  onLogout,
}: {
  narrow: boolean;
  profile: boolean;
  onProfile: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('admin/common');
  const info = adminSession.get();
  const name = info.nickname || info.username || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [...(profile ? [{ key: 'info', label: t('shell.profile') }] : []), { key: 'logout', label: t('shell.logout') }],
        onClick: ({ key }) => (key === 'logout' ? onLogout() : onProfile()),
      }}
    >
      <Button
        type="text"
        data-testid="admin-menu"
        aria-label={narrow ? t('shell.account', { name }) : undefined}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8, paddingInline: 6, flex: 'none' }}
      >
        <AdminAvatar name={name} avatar={info.avatar} />
        {!narrow && <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>}
      </Button>
    </Dropdown>
  );
}

/** `headerExtra`: what src/app puts into the header before the tools (the publish indicator). */
export function AdminShell({ pages, headerExtra }: { pages: AdminPages; headerExtra?: ReactNode }) {
  // The texts are needed once; after that a language switch keeps the shell (and every open page,
  // with what was typed in it) on screen while the other language's file loads.
  const namespaceReady = useAdminNamespace();
  const [ready, setReady] = useState(namespaceReady);
  if (namespaceReady && !ready) setReady(true);
  const { t, i18n } = useTranslation('admin/common');
  const layout = useLayoutConfig();
  const admin = useAdminState();
  const location = useLocation();
  const navigate = useNavigate();
  const push = useRoutePush();
  const isPhone = useNarrowScreen();
  const screens = Grid.useBreakpoint();
  const compactTools = isPhone || screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Once opened, the drawer stays mounted (it animates closed).
  const [settingsWanted, setSettingsWanted] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const [reloadKeys, setReloadKeys] = useState<Record<string, number>>({});
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const shownLanguage = useRef(i18n.language);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const dark = layout.isDark;
  const path = location.pathname;

  // The three icon style sheets load when the back office starts (menus may name their icons).
  useEffect(() => loadIconSheets(), []);

  // The menu titles come from the server in the request's language: after a switch, ask again
  // (the side menu and the open tabs then show the new titles).
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return undefined;
    shownLanguage.current = i18n.language;
    let alive = true;
    fetchAdminIndex().then(
      (res) => {
        if (!alive) return;
        setBackOfficePaths(res.data.paths);
        setMenus(res.data.menus);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [i18n.language]);

  // Every navigation to a menu route opens (or updates) its tab.
  useEffect(() => {
    if (!admin.loaded) return;
    const menu = admin.routes[path];
    const isIframe = path.startsWith(IFRAME_PREFIX);
    if (!menu && !isIframe) return;
    openTab({
      path,
      title: menu?.title ?? decodeURIComponent(path.slice(IFRAME_PREFIX.length)),
      query: Object.fromEntries(new URLSearchParams(location.search)),
      params: {},
      meta: { addtab: true, menuType: menu?.menu_type ?? 'iframe', keepalive: menu?.keepalive ?? false },
    });
  }, [admin.loaded, admin.routes, path, location.search]);

  useEffect(() => {
    const keys = parentKeys(admin.menus, path);
    if (keys) setOpenKeys((current) => (layout.menuUniqueOpened ? keys : [...new Set([...current, ...keys])]));
  }, [admin.menus, path, layout.menuUniqueOpened]);

  // The address decides the page shown: its tab when it has one (else the 404 inside the shell or the
  // loading route, with no tab selected).
  const activeTab = admin.tabs.tabs.find((tab) => tab.path === path);
  const activePath = activeTab?.path ?? '';

  // A tab's page mounts the first time it is shown (restored tabs do not all load at once).
  if (activePath && !visited.has(activePath)) setVisited(new Set(visited).add(activePath));

  // The browser title names the page: the active tab's menu title, then the site name.
  const pageTitle = activeTab?.title ?? null;
  useEffect(() => {
    setPageTitle(pageTitle);
  }, [pageTitle]);
  useEffect(() => () => void setPageTitle(null), []);

  const badges = useMenuBadges(admin.loaded);
  const items = useMemo(() => menuItems(admin.menus, layout.menuDefaultIcon, badges), [admin.menus, layout.menuDefaultIcon, badges]);
  const home = firstRoute(admin.menus) ?? ROUTE_PATHS.adminLoading;

  if (!ready) return <Spin style={{ margin: 48 }} />;

  const go = (to: string) => {
    setDrawerOpen(false);
    void navigate(to);
  };
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const link = key.startsWith('link:') ? key.slice(5) : null;
    // A link menu to another site (http(s), ftp, mailto, tel: SPEC §5) opens outside the app; a link
    // to one of the app's own paths opens in it; a menu that cannot open, or the page already shown,
    // gets its navigation message (./route-push).
    if (link !== null && isExternal(link)) window.open(link, '_blank', 'noopener');
    else if (push(link ?? key)) setDrawerOpen(false);
  };
  const select = (tabPath: string) => {
    const tab = admin.tabs.tabs.find((candidate) => candidate.path === tabPath);
    if (!tab) return;
    activateTab(tab.path);
    go(tabUrl(tab));
  };
  const reload = (tabPath: string) => setReloadKeys((keys) => ({ ...keys, [tabPath]: (keys[tabPath] ?? 0) + 1 }));
  const closeAll = () => {
    // Keep the home tab: when it is the current page, navigating to it adds nothing.
    removeAllTabs(home);
    go(home);
  };
  const onTabAction = (action: TabAction, tabPath: string) => {
    // A tab with unsaved changes (lib/unsaved) is closed or reloaded only once the admin agrees.
    const affected =
      action === 'close' || action === 'reload'
        ? [tabPath]
        : admin.tabs.tabs.map((tab) => tab.path).filter((candidate) => action === 'all' || candidate !== tabPath);
    const losing = unsavedAmong(affected);
    if (losing.length === 0) return runTabAction(action, tabPath);
    void modal.confirm({
      title: t('shell.unsavedTitle'),
      content: t('shell.unsavedText'),
      okText: t('shell.unsavedDiscard'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => {
        for (const lost of losing) setUnsaved(lost, false);
        runTabAction(action, tabPath);
      },
    });
  };
  const runTabAction = (action: TabAction, tabPath: string) => {
    if (action === 'reload') reload(tabPath);
    if (action === 'all') closeAll();
    if (action === 'others') {
      const tab = admin.tabs.tabs.find((candidate) => candidate.path === tabPath);
      removeOtherTabs(tabPath);
      if (tab) go(tabUrl(tab));
    }
    if (action === 'close') {
      const next = removeTab(tabPath);
      if (tabPath === path) {
        const neighbour = next.tabs.find((tab) => tab.path === next.active);
        go(neighbour ? tabUrl(neighbour) : home);
      }
    }
  };
  const logout = async () => {
    try {
      await logoutRequest();
    } catch {
      // the local session is dropped either way
    }
    adminSession.clear();
    resetAdminState();
    void navigate(ROUTE_PATHS.adminLogin, { replace: true });
  };

  const collapsed = !isPhone && layout.menuCollapse;
  // The site's mark beside the title (the collapsed menu shows only the mark: the heading is named by
  // its alt text then).
  const logo = <img src={BRAND_MARK} alt={collapsed ? t('shell.title') : ''} width={26} height={26} style={{ flex: 'none' }} />;
  const titleStyle: CSSProperties = { margin: 0, fontSize: 16, whiteSpace: 'nowrap', display: 'flex', alignItems: 'center', gap: 8 };
  const classic = layout.layoutMode === 'Classic';
  const menuBackground = pick(layout.menuBackground, dark);
  const topBar = layout.menuShowTopBar && !classic;
  const menu = (inDrawer: boolean) => (
    <nav aria-label={t('shell.menu')} style={{ minHeight: '100%', background: menuBackground }}>
      {topBar && !inDrawer && (
        <div
          data-testid="menu-top-bar"
          style={{
            height: HEADER_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 600,
            background: pick(layout.menuTopBarBackground, dark),
            color: pick(layout.menuColor, dark),
          }}
        >
          <h1 style={titleStyle}>
            {logo}
            {!collapsed && t('shell.title')}
          </h1>
        </div>
      )}
      <Menu
        mode="inline"
        theme={dark ? 'dark' : 'light'}
        items={items}
        selectedKeys={[path]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={(keys) => setOpenKeys(layout.menuUniqueOpened ? keys.slice(-1) : keys)}
        inlineCollapsed={collapsed}
        onClick={onMenuClick}
        style={{ background: menuBackground, color: pick(layout.menuColor, dark), borderInlineEnd: 'none' }}
      />
    </nav>
  );

  const inTabs = Boolean(activeTab);
  const strip = (endGap = 0) => (
    <TabStrip
      tabs={admin.tabs.tabs}
      active={activePath}
      panel={(tab) => (visited.has(tab.path) ? <TabPage key={`${tab.path}#${reloadKeys[tab.path] ?? 0}`} tab={tab} pages={pages} /> : null)}
      onSelect={select}
      onAction={onTabAction}
      endGap={endGap}
      colours={{
        bar: pick(layout.headerBarBackground, dark),
        tab: pick(layout.headerBarTabColor, dark),
        activeTab: pick(layout.headerBarTabActiveColor, dark),
        activeBackground: pick(layout.headerBarTabActiveBackground, dark),
      }}
      contentStyle={{ padding: inTabs ? (isPhone ? 12 : 16) : 0, minWidth: 0, overflowX: 'auto' }}
    />
  );
  // The 404 inside the shell (an address the back office does not have) and the loading route.
  const outlet = !inTabs && (
    <div className="admin-main-fade" style={{ padding: isPhone ? 12 : 16, minWidth: 0, overflowX: 'auto' }}>
      <Outlet />
    </div>
  );

  const shared = (
    <>
      <Drawer
        placement="left"
        open={isPhone && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={Math.min(layout.menuWidth, 300)}
        styles={{ body: { padding: 0, background: menuBackground } }}
        title={t('shell.title')}
      >
        {menu(true)}
      </Drawer>
      {settingsWanted && (
        <Suspense fallback={null}>
          <LayoutSettings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {modalHolder}
    </>
  );
  const rootStyle: CSSProperties = { minHeight: '100vh', maxWidth: '100vw', overflowX: 'clip' };

  if (admin.fullScreen) {
    return (
      <BrandTheme>
        <Layout style={rootStyle} data-layout={layout.layoutMode} data-fullscreen="true">
          <div style={{ position: 'relative', minWidth: 0 }}>
            <Button
              icon={<FullscreenExitOutlined aria-hidden />}
              onClick={() => setFullScreen(false)}
              style={{ position: 'absolute', insetInlineEnd: 12, top: 6, zIndex: 2 }}
            >
              {t('shell.exitFullScreen')}
            </Button>
            <main style={{ minWidth: 0 }}>
              {strip(i18n.language === 'en' ? 150 : 110)}
              {outlet}
            </main>
          </div>
          {shared}
        </Layout>
      </BrandTheme>
    );
  }

  const headerStyle: CSSProperties = {
    background: pick(layout.headerBarBackground, dark),
    display: 'flex',
    alignItems: 'center',
    gap: isPhone ? 4 : 8,
    padding: isPhone ? '0 8px' : '0 12px',
    height: HEADER_HEIGHT,
    lineHeight: `${HEADER_HEIGHT}px`,
    minWidth: 0,
    borderBottom: `1px solid ${dark ? 'rgba(255,255,255,.08)' : 'rgba(5,5,5,.06)'}`,
  };
  const titleInHeader = isPhone || classic || !layout.menuShowTopBar;
  const header = (
    <Layout.Header style={headerStyle}>
      {classic && !isPhone && (
        <h1 style={{ ...titleStyle, width: layout.menuWidth - 12, flex: 'none' }}>
          {logo}
          {t('shell.title')}
        </h1>
      )}
      <Button
        type="text"
        aria-label={isPhone ? t('shell.openMenu') : t('shell.toggleMenu')}
        aria-expanded={isPhone ? drawerOpen : !layout.menuCollapse}
        icon={layout.menuCollapse && !isPhone ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => (isPhone ? setDrawerOpen(true) : setLayoutConfig({ menuCollapse: !layout.menuCollapse }))}
        style={{ flex: 'none' }}
      />
      {titleInHeader && !(classic && !isPhone) ? (
        // The title shows whole or not at all (never "Back of…"): when the header has no room for it (a
        // phone with a publish tag showing), it wraps to a second line the header's height hides, and
        // the logo stays. Screen readers read it either way.
        <h1
          style={{
            ...titleStyle,
            flex: '1 1 auto',
            minWidth: 0,
            flexWrap: 'wrap',
            alignContent: 'flex-start',
            height: HEADER_HEIGHT,
            overflow: 'hidden',
          }}
        >
          <span style={{ display: 'flex', alignItems: 'center', height: HEADER_HEIGHT }}>{logo}</span>
          <span data-testid="header-title">{t('shell.title')}</span>
        </h1>
      ) : null}
      <div style={{ flex: 1, minWidth: 0 }} />
      {headerExtra}
      <HeaderTools
        compact={compactTools}
        canCloseAll={admin.tabs.tabs.length > 0}
        onCloseAll={closeAll}
        onReload={() => reload(path)}
        onFullScreen={() => setFullScreen(true)}
        onSettings={() => {
          setSettingsWanted(true);
          setSettingsOpen(true);
        }}
      />
      <AccountMenu
        narrow={compactTools}
        profile={Boolean(admin.routes['/admin/routine/adminInfo'])}
        onProfile={() => push('/admin/routine/adminInfo')}
        onLogout={() => void logout()}
      />
    </Layout.Header>
  );

  const sider = !isPhone && (
    <Layout.Sider
      width={layout.menuWidth}
      collapsed={collapsed}
      collapsedWidth={64}
      trigger={null}
      style={{
        background: menuBackground,
        position: 'sticky',
        top: 0,
        alignSelf: 'flex-start',
        height: '100vh',
        overflowY: 'auto',
      }}
      theme={dark ? 'dark' : 'light'}
    >
      {menu(false)}
    </Layout.Sider>
  );
  const main = (
    <Layout style={{ minWidth: 0 }}>
      {!classic && header}
      <main style={{ minWidth: 0 }}>
        {strip()}
        {outlet}
      </main>
    </Layout>
  );

  return (
    <BrandTheme>
      <Layout style={rootStyle} data-layout={layout.layoutMode}>
        {classic ? (
          <>
            {header}
            <Layout style={{ minWidth: 0 }}>
              {sider}
              {main}
            </Layout>
          </>
        ) : (
          <>
            {sider}
            {main}
          </>
        )}
        {shared}
      </Layout>
    </BrandTheme>
  );
}
