/**
 * The common frame of the two shells: a header (title, language, theme, log out), a side menu that
 * collapses into a drawer-like zero-width sider on phones, and the main landmark.
 */
import { useState, type ReactNode } from 'react';
import { Button, Layout, Menu, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { ThemeSwitch } from '../components/theme-switch';
import { siteHomePath } from '../lib/site-links';
import { useLayoutConfig } from '../lib/theme';

export interface ShellProps {
  title: string;
  homePath: string;
  onLogout: () => void;
  extra?: ReactNode;
}

export function Shell({ title, homePath, onLogout, extra }: ShellProps) {
  const { t } = useTranslation('general');
  const { token } = theme.useToken();
  const { isDark, menuWidth } = useLayoutConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const selected = location.pathname.startsWith(homePath) ? homePath : '';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={menuWidth}
        breakpoint="md"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        theme={isDark ? 'dark' : 'light'}
        trigger={null}
      >
        <nav aria-label={t('layout.mainNav')}>
          <div style={{ padding: '16px', fontWeight: 600, fontSize: 16, color: token.colorTextHeading }}>{title}</div>
          <Menu
            mode="inline"
            theme={isDark ? 'dark' : 'light'}
            selectedKeys={[selected]}
            items={[{ key: homePath, label: t('layout.home') }]}
            onClick={({ key }) => void navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: '8px 16px',
            flexWrap: 'wrap',
            height: 'auto',
            minHeight: 64,
            lineHeight: 'normal',
          }}
        >
          <Button type="text" aria-label={t('layout.openMenu')} aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
            ☰
          </Button>
          <h1 style={{ margin: 0, fontSize: 18, flex: 1, color: token.colorTextHeading }}>{title}</h1>
          {extra}
          <a href={siteHomePath()}>{t('layout.siteHome')}</a>
          <LanguageSwitch />
          <ThemeSwitch />
          <Button onClick={onLogout}>{t('layout.logout')}</Button>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <div style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, minHeight: 240 }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
