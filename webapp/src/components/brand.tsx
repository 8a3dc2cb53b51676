/**
 * The site's brand on the member and sign-in screens: its logo and name, a link home to the public site
 * (in the current language), and the nested antd theme with the site's green (lib/theme brandTheme).
 */
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSiteConfig, subscribeSiteConfig } from '../lib/site';
import { siteHomePath } from '../lib/site-links';
import { BRAND_MARK, useBrandTheme } from '../lib/theme';

/** The site's name (server config, else the translated default). */
export function useSiteName(): string {
  const { t } = useTranslation('general');
  // While hydrating a pre-rendered screen (lib/prerender), the name it was rendered with: the default.
  const name = useSyncExternalStore(
    subscribeSiteConfig,
    () => getSiteConfig().siteName,
    () => '',
  );
  return name.trim() || t('defaultSiteName');
}

/**
 * Logo and site name linking to the public site's home; `color` for the name (it sits on light or green).
 * `compact`: the phone size; 'auto' leaves the size to the screen width (index.html's .brand-auto rules),
 * so that a pre-rendered page has it right before any script runs.
 */
export function BrandLink({ color, compact = false, style }: { color: string; compact?: boolean | 'auto'; style?: CSSProperties }) {
  const { t } = useTranslation('general');
  const name = useSiteName();
  const auto = compact === 'auto';
  const mark = compact === true ? 32 : 36;
  return (
    <a
      href={siteHomePath()}
      title={t('layout.siteHome')}
      data-testid="brand-home"
      className={auto ? 'brand-auto' : undefined}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color, textDecoration: 'none', minWidth: 0, ...style }}
    >
      <img src={BRAND_MARK} alt="" width={mark} height={mark} style={{ flex: 'none' }} />
      <span style={{ fontWeight: 700, fontSize: auto ? undefined : compact ? 16 : 18, letterSpacing: '.02em', whiteSpace: 'nowrap' }}>
        {name}
      </span>
    </a>
  );
}

/** The brand's antd theme around `children`. */
export function BrandTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={useBrandTheme()}>{children}</ConfigProvider>;
}
