/**
 * The member center's frame, in the site's brand: a header with the logo and site name (a link home to
 * the public site), the title, language, theme and log out; the page below. The member center's pages
 * bring their own navigation (features/account), so there is no side menu here.
 */
import { type ReactNode } from 'react';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLink, BrandTheme } from '../components/brand';
import { LanguageSwitch } from '../components/language-switch';
import { ThemeSwitch } from '../components/theme-switch';
import { BRAND, useNarrowScreen } from '../lib/theme';

export interface ShellProps {
  title: string;
  onLogout: () => void;
  extra?: ReactNode;
}

function Frame({ title, onLogout, extra }: ShellProps) {
  const { t } = useTranslation('general');
  const { token } = theme.useToken();
  const narrow = useNarrowScreen();
  const heading = (
    <h1 style={{ margin: 0, fontSize: narrow ? 16 : 18, fontWeight: 600, color: token.colorTextHeading, flex: 1, whiteSpace: 'nowrap' }}>
      {title}
    </h1>
  );
  const logout = (
    <Button onClick={onLogout} style={narrow ? { marginLeft: 'auto' } : undefined}>
      {t('layout.logout')}
    </Button>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderTop: `4px solid ${BRAND.green}`,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          height: 'auto',
          lineHeight: 'normal',
          padding: 0,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: narrow ? 8 : 16,
            rowGap: 8,
            maxWidth: 1200,
            margin: '0 auto',
            padding: narrow ? '8px 12px' : '10px 24px',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flex: narrow ? '1 1 100%' : '1 1 auto', minWidth: 0 }}>
            <BrandLink color={token.colorTextHeading} compact={narrow} />
            {!narrow && <span aria-hidden style={{ width: 1, height: 20, background: token.colorBorder }} />}
            {!narrow && heading}
            {narrow && logout}
          </div>
          {narrow && heading}
          {extra}
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginLeft: 'auto' }}>
            <LanguageSwitch />
            <ThemeSwitch />
            {!narrow && logout}
          </div>
        </div>
      </Layout.Header>
      <Layout.Content style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: narrow ? 12 : 24, boxSizing: 'border-box' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

export function Shell(props: ShellProps) {
  return (
    <BrandTheme>
      <Frame {...props} />
    </BrandTheme>
  );
}
