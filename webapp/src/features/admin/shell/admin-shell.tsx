/**
 * The admin shell, titled back office (SPEC §2, §3): Default and Classic layouts, dark mode, menu
 * colours in light/dark pairs, menu width, collapse, unique-open, top-bar visibility, header colours
 * and default menu icon — all from the persisted layout config. The tab strip follows ./tabs; every
 * open tab stays mounted (hidden when inactive) so it keeps its state. On a phone the menu is a drawer.
 */
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { Button, Drawer, Dropdown, Grid, Layout, Menu, Spin, Tooltip, type MenuProps } from 'antd';
import {
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ClearCacheMenu } from '../../../components/clear-cache-menu';
import { LanguageSwitch } from '../../../components/language-switch';
import { LoadErrorBoundary } from '../../../components/load-error';
import { RoutePathContext } from '../../../components/permission';
import { ThemeSwitch } from '../../../components/theme-switch';
import { adminSession } from '../../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../../lib/routes';
import { pick, useLayoutConfig, setLayoutConfig } from '../../../lib/theme';
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
import { menuTarget, tabUrl, type TabRoute } from '../../../lib/admin-tabs';
import { fetchAdminIndex, logout as logoutRequest } from './api';
import { MenuIcon } from './icons';
import { LayoutSettings } from './layout-settings';
import { useAdminNamespace } from './use-admin-i18n';

/** The page components by the `component` of their menu rule ('iframe' for iframe menus); src/app
 * hands them in, so the shell never imports a page. */
export type AdminPages = Record<string, ComponentType | undefined>;

const IFRAME_PREFIX = '/admin/iframe/';

function menuItems(nodes: MenuNode[], fallbackIcon: string): MenuProps['items'] {
  return nodes
    .filter((node) => node.type !== 'button')
    .map((node) => {
      const icon = <MenuIcon name={node.icon} fallback={fallbackIcon} />;
      if (node.type === 'menu_dir') {
        return { key: `dir:${node.id}`, icon, label: node.title, children: menuItems(node.children ?? [], fallbackIcon) };
      }
      const target = menuTarget(node);
      return { key: target.kind === 'link' ? `link:${target.to}` : target.to, icon, label: node.title };
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

function TabPage({ tab, active, pages }: { tab: TabRoute; active: boolean; pages: AdminPages }) {
  const { routes } = useAdminState();
  const { t } = useTranslation('admin/common');
  const menu = routes[tab.path];
  const component = tab.path.startsWith(IFRAME_PREFIX) ? 'iframe' : menu?.component || menu?.name || '';
  const Page = pages[component];
  return (
    <div hidden={!active} data-tab={tab.path} style={{ height: '100%' }}>
      <RoutePathContext.Provider value={tab.path}>
        <LoadErrorBoundary>
          <Suspense fallback={<Spin />}>{Page ? <Page /> : <p>{t('shell.noComponent', { component })}</p>}</Suspense>
        </LoadErrorBoundary>
      </RoutePathContext.Provider>
    </div>
  );
}

export function AdminShell({ pages }: { pages: AdminPages }) {
  const ready = useAdminNamespace();
  const { t } = useTranslation('admin/common');
  const layout = useLayoutConfig();
  const admin = useAdminState();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reloadKeys, setReloadKeys] = useState<Record<string, number>>({});
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const dark = layout.isDark;
  const path = location.pathname;
  const { i18n } = useTranslation();
  const shownLanguage = useRef(i18n.language);

  // The menu titles come from the server in the request's language: after a switch, ask again
  // (the side menu and the open tabs then show the new titles).
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return undefined;
    shownLanguage.current = i18n.language;
    let alive = true;
    fetchAdminIndex().then(
      (res) => alive && setMenus(res.data.menus),
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

  const items = useMemo(() => menuItems(admin.menus, layout.menuDefaultIcon), [admin.menus, layout.menuDefaultIcon]);
  const home = firstRoute(admin.menus) ?? ROUTE_PATHS.adminLoading;

  const go = (to: string) => {
    setDrawerOpen(false);
    void navigate(to);
  };
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('link:')) window.open(key.slice(5), '_blank', 'noopener');
    else go(key);
  };
  const close = (tabPath: string) => {
    const next = removeTab(tabPath);
    if (tabPath === path) go(next.active ? tabUrl(next.tabs.find((tab) => tab.path === next.active)!) : home);
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

  const info = adminSession.get();
  const collapsed = !isPhone && layout.menuCollapse;
  const menuStyle: CSSProperties = {
    background: pick(layout.menuBackground, dark),
    color: pick(layout.menuColor, dark),
    borderInlineEnd: 'none',
  };
  const menu = (
    <nav aria-label={t('shell.menu')} style={{ height: '100%', background: pick(layout.menuBackground, dark) }}>
      {layout.menuShowTopBar && layout.layoutMode === 'Default' && (
        <div
          data-testid="menu-top-bar"
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 600,
            background: pick(layout.menuTopBarBackground, dark),
            color: pick(layout.menuColor, dark),
          }}
        >
          <h1 style={{ margin: 0, fontSize: 16 }}>{collapsed ? t('shell.short') : t('shell.title')}</h1>
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
        style={menuStyle}
      />
    </nav>
  );

  const tabBar = (
    <div
      role="tablist"
      aria-label={t('shell.tabs')}
      style={{ display: 'flex', alignItems: 'stretch', gap: 2, overflowX: 'auto', flex: 1, minWidth: 0 }}
    >
      {admin.tabs.tabs.map((tab) => {
        const active = tab.path === admin.tabs.active;
        const style: CSSProperties = {
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          padding: '0 12px',
          cursor: 'pointer',
          whiteSpace: 'nowrap',
          borderRadius: '6px 6px 0 0',
          color: pick(active ? layout.headerBarTabActiveColor : layout.headerBarTabColor, dark),
          background: active ? pick(layout.headerBarTabActiveBackground, dark) : 'transparent',
        };
        return (
          <Dropdown
            key={tab.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'reload', label: t('shell.reloadTab') },
                { key: 'close', label: t('shell.closeTab') },
                { key: 'others', label: t('shell.closeOthers') },
                { key: 'all', label: t('shell.closeAll') },
              ],
              onClick: ({ key }) => {
                if (key === 'reload') setReloadKeys((keys) => ({ ...keys, [tab.path]: (keys[tab.path] ?? 0) + 1 }));
                if (key === 'close') close(tab.path);
                if (key === 'others') {
                  removeOtherTabs(tab.path);
                  go(tabUrl(tab));
                }
                if (key === 'all') {
                  // Keep the home tab: when it is the current page, navigating to it adds nothing.
                  removeAllTabs(home);
                  go(home);
                }
              },
            }}
          >
            <div
              role="tab"
              aria-selected={active}
              data-path={tab.path}
              style={style}
              onClick={() => (activateTab(tab.path), go(tabUrl(tab)))}
            >
              <span>{tab.title}</span>
              <CloseOutlined
                aria-label={t('shell.closeTab')}
                role="button"
                style={{ fontSize: 10 }}
                onClick={(event) => {
                  event.stopPropagation();
                  close(tab.path);
                }}
              />
            </div>
          </Dropdown>
        );
      })}
    </div>
  );

  const headerTools = (
    // The header's 64 px line height would stretch the switches; on a phone the tools scroll sideways
    // instead of squeezing their labels into one column.
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        lineHeight: 'normal',
        whiteSpace: 'nowrap',
        minWidth: 0,
        overflowX: 'auto',
        marginLeft: 'auto',
      }}
    >
      {admin.tabs.tabs.length > 0 && (
        <Tooltip title={t('shell.closeAll')}>
          <Button type="text" aria-label={t('shell.closeAll')} icon={<CloseOutlined />} onClick={() => (removeAllTabs(home), go(home))} />
        </Tooltip>
      )}
      <Tooltip title={t('shell.reloadTab')}>
        <Button
          type="text"
          aria-label={t('shell.reloadTab')}
          icon={<ReloadOutlined />}
          onClick={() => setReloadKeys((keys) => ({ ...keys, [path]: (keys[path] ?? 0) + 1 }))}
        />
      </Tooltip>
      <Tooltip title={admin.fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}>
        <Button
          type="text"
          aria-label={admin.fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
          aria-pressed={admin.fullScreen}
          icon={admin.fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={() => setFullScreen(!admin.fullScreen)}
        />
      </Tooltip>
      <ClearCacheMenu />
      <LanguageSwitch />
      <ThemeSwitch />
      <Button type="text" aria-label={t('shell.layoutSettings')} icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} />
      <Dropdown
        menu={{
          items: [
            ...(admin.routes['/admin/routine/adminInfo'] ? [{ key: 'info', label: t('shell.profile') }] : []),
            { key: 'logout', label: t('shell.logout') },
          ],
          onClick: ({ key }) => (key === 'logout' ? void logout() : go('/admin/routine/adminInfo')),
        }}
      >
        <Button type="text" data-testid="admin-menu">
          {info.nickname || info.username}
        </Button>
      </Dropdown>
    </div>
  );

  if (!ready) return <Spin style={{ margin: 48 }} />;

  const activePath = admin.tabs.active;
  const inTabs = admin.tabs.tabs.some((tab) => tab.path === path);
  const content = (
    <div style={{ position: 'relative', minHeight: 240 }}>
      {admin.tabs.tabs.map((tab) => (
        <TabPage key={`${tab.path}#${reloadKeys[tab.path] ?? 0}`} tab={tab} active={inTabs && tab.path === activePath} pages={pages} />
      ))}
      {!inTabs && <Outlet />}
    </div>
  );

  const headerStyle: CSSProperties = {
    background: pick(layout.headerBarBackground, dark),
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    padding: '0 12px',
    height: 50,
    lineHeight: '50px',
  };
  const toggle = (
    <Button
      type="text"
      aria-label={t('shell.toggleMenu')}
      icon={layout.menuCollapse && !isPhone ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={() => (isPhone ? setDrawerOpen(true) : setLayoutConfig({ menuCollapse: !layout.menuCollapse }))}
    />
  );
  const wrap = (node: ReactNode) => (
    <>
      {node}
      <Drawer
        placement="left"
        open={isPhone && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={layout.menuWidth}
        styles={{ body: { padding: 0 } }}
        title={t('shell.title')}
      >
        {menu}
      </Drawer>
      <LayoutSettings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );

  if (admin.fullScreen) {
    return wrap(
      <Layout style={{ minHeight: '100vh' }} data-layout={layout.layoutMode} data-fullscreen="true">
        <Layout.Header style={headerStyle}>
          {tabBar}
          {headerTools}
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>{content}</Layout.Content>
      </Layout>,
    );
  }

  const sider = !isPhone && (
    <Layout.Sider
      width={layout.menuWidth}
      collapsed={collapsed}
      collapsedWidth={64}
      trigger={null}
      style={{ background: pick(layout.menuBackground, dark) }}
      theme={dark ? 'dark' : 'light'}
    >
      {menu}
    </Layout.Sider>
  );

  if (layout.layoutMode === 'Classic') {
    return wrap(
      <Layout style={{ minHeight: '100vh' }} data-layout="Classic">
        <Layout.Header style={{ ...headerStyle, borderBottom: '1px solid rgba(128,128,128,.2)' }}>
          <h1 style={{ margin: 0, fontSize: 16, width: isPhone ? 'auto' : layout.menuWidth - 12, whiteSpace: 'nowrap' }}>
            {t('shell.title')}
          </h1>
          {toggle}
          <div style={{ flex: 1 }} />
          {headerTools}
        </Layout.Header>
        <Layout>
          {sider}
          <Layout>
            <div style={{ ...headerStyle, height: 40, lineHeight: '40px' }}>{tabBar}</div>
            <Layout.Content style={{ padding: 16 }}>{content}</Layout.Content>
          </Layout>
        </Layout>
      </Layout>,
    );
  }

  return wrap(
    <Layout style={{ minHeight: '100vh' }} data-layout="Default">
      {sider}
      <Layout>
        <Layout.Header style={headerStyle}>
          {toggle}
          {tabBar}
          {headerTools}
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>{content}</Layout.Content>
      </Layout>
    </Layout>,
  );
}
