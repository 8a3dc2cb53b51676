/**
 * Frame of the login, registration and password-retrieval screens (member and admin), in the site's
 * brand: a green band with the logo and name (a link home to the public site in the current language),
 * the language and theme switches, the panel with the screen's title, and a "back to the site" link.
 * The login screens are pre-rendered (lib/prerender), so what differs on phones is left to CSS
 * (index.html's .auth-* rules) rather than to script. Before the app has taken the page over, the form
 * takes typing and the switches take a click: the first gesture starts the app, which adopts what was
 * typed and clicks the switch again once it has taken the page over (lib/prerender takeOver).
 */
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../lib/theme';

/** Height of the green band behind the header and the panel's top. */
const BAND_HEIGHT = 200;
import { siteHomePath } from '../lib/site-links';
import { BrandLink, BrandTheme } from './brand';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

function Frame({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('general');
  return (
    <div
      className="auth-frame"
      style={{
        minHeight: '100vh',
        backgroundColor: token.colorBgLayout,
        backgroundImage: `linear-gradient(135deg, ${BRAND.greenDark}, ${BRAND.green})`,
        backgroundSize: `100% ${BAND_HEIGHT}px`,
        backgroundRepeat: 'no-repeat',
        color: token.colorText,
        display: 'flex',
        flexDirection: 'column',
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 16px',
          flexWrap: 'wrap',
          maxWidth: 1120,
          width: '100%',
          margin: '0 auto',
          boxSizing: 'border-box',
        }}
      >
        <BrandLink color="#fff" compact="auto" style={{ marginRight: 'auto' }} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main className="auth-main" style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}>
        <section
          aria-labelledby={titleId}
          className="auth-panel"
          style={{
            width: '100%',
            maxWidth: 420,
            boxSizing: 'border-box',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            borderTop: `4px solid ${BRAND.amber}`,
          }}
        >
          <h1 id={titleId} style={{ fontSize: 22, margin: '0 0 20px', textAlign: 'center', color: token.colorTextHeading }}>
            {title}
          </h1>
          {children}
        </section>
      </main>
      <footer style={{ textAlign: 'center', padding: '0 16px 24px' }}>
        <a href={siteHomePath()} style={{ color: token.colorLink }}>
          ← {t('layout.siteHome')}
        </a>
      </footer>
    </div>
  );
}

export function AuthFrame(props: { title: string; titleId: string; children: ReactNode }) {
  return (
    <BrandTheme>
      <Frame {...props} />
    </BrandTheme>
  );
}
