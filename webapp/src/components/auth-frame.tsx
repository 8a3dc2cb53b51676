/** Frame of the login and registration screens: toolbar (language, theme), main landmark, panel. */
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

export function AuthFrame({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText, display: 'flex', flexDirection: 'column', fontFamily: token.fontFamily, fontSize: token.fontSize }}>
      <header style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, padding: '12px 16px', flexWrap: 'wrap' }}>
        <LanguageSwitch />
        <ThemeSwitch />
      </header>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '4vh 16px 32px' }}>
        <section
          aria-labelledby={titleId}
          style={{ width: '100%', maxWidth: 420, boxSizing: 'border-box', padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary }}
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
