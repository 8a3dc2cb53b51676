/**
 * Frame of the login and registration screens: toolbar (back to the public site in the current
 * language, language, theme), main landmark, panel.
 */
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteHomePath } from '../lib/site-links';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

export function AuthFrame({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('general');
  return (
    <div
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        display: 'flex',
        flexDirection: 'column',
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
      }}
    >
      <header
        style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, padding: '12px 16px', flexWrap: 'wrap' }}
      >
        <a href={siteHomePath()} style={{ marginRight: 'auto', color: token.colorLink }}>
          {t('layout.siteHome')}
        </a>
        <LanguageSwitch />
        <ThemeSwitch />
      </header>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '4vh 16px 32px' }}>
        <section
          aria-labelledby={titleId}
          style={{
            width: '100%',
            maxWidth: 420,
            boxSizing: 'border-box',
            padding: 24,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <h1 id={titleId} style={{ fontSize: 22, margin: '0 0 20px', textAlign: 'center', color: token.colorTextHeading }}>
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
