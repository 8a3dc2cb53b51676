/**
 * The member center's pages, rendered by the member loading route (/user/loading/:to?): every
 * /user/… path goes there (SPEC §2) with the original path as the JSON parameter, and this
 * component shows the page that path names. Unknown or missing targets show the overview. Once shown,
 * the address bar gets the page's own address back (/user/account/<page>), not the loading route's
 * JSON parameter; reloading or sharing that address comes back here through the same redirect.
 *
 *   /user/account/overview        greeting, balance, points, recent changes, 7-day chart
 *   /user/account/profile         profile form and the change of a bound e-mail/mobile
 *   /user/account/changePassword  change the password (logs out afterwards)
 *   /user/account/balance         balance log        /user/account/integral   points log
 *
 * Only the pages the member's group grants (member rules `account/<page>`, from GET /api/user/index)
 * are in the menu; another page's address says the member has no permission (its API refuses too).
 */
import { useEffect, useState } from 'react';
import { Menu, Result, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { brandSelected, useLayoutConfig, useNarrowScreen } from '../../../lib/theme';
import { getMemberIndex, menuNames } from '../api/account-api';
import { ACCOUNT_PAGES, accountPath, addressFor, pageFor, type AccountPage } from './account-pages';
import { ChangePassword } from './change-password';
import { LogList } from './log-list';
import { OverviewPage } from './overview';
import { ProfilePage } from './profile';

export function AccountCenter() {
  const { t, ready } = useTranslation(['userLoading', 'general']);
  const { token } = theme.useToken();
  const narrow = useNarrowScreen();
  const selected = brandSelected(useLayoutConfig().isDark);
  const { to } = useParams();
  const page = pageFor(to);
  const [granted, setGranted] = useState<Set<AccountPage> | null>(null);
  useEffect(() => {
    let alive = true;
    getMemberIndex()
      .then((res) => {
        const names = menuNames(res.data.menus);
        if (alive) setGranted(new Set(ACCOUNT_PAGES.filter((name) => names.has(`account/${name}`))));
      })
      .catch(() => alive && setGranted(new Set()));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    // The router keeps its own location (the loading route); only the bar shows the page's address.
    const address = addressFor(to);
    if (window.location.pathname + window.location.search !== address) window.history.replaceState(window.history.state, '', address);
  }, [to]);
  useEffect(() => {
    document.getElementById('account-page-heading')?.focus();
  }, [page]);
  if (!ready) return null;
  if (!granted) return <Skeleton active aria-busy />;
  const links = ACCOUNT_PAGES.filter((name) => granted.has(name)).map((name) => ({
    name,
    to: accountPath(name),
    label: t(`userLoading:menu.${name}`),
    current: page === name,
  }));
  // Phones: every page in one row that scrolls sideways (nothing hidden behind a "…"); larger screens: antd's inline menu.
  const menu = narrow ? (
    <nav aria-label={t('general:layout.mainNav')}>
      <ul style={{ display: 'flex', gap: 4, margin: 0, padding: 6, listStyle: 'none', overflowX: 'auto', scrollbarWidth: 'none' }}>
        {links.map((link) => (
          <li key={link.name} style={{ flex: 'none' }}>
            <Link
              to={link.to}
              aria-current={link.current ? 'page' : undefined}
              ref={link.current ? (el) => el?.scrollIntoView({ block: 'nearest', inline: 'nearest' }) : undefined}
              style={{
                display: 'block',
                padding: '8px 14px',
                borderRadius: token.borderRadius,
                whiteSpace: 'nowrap',
                color: link.current ? selected.color : token.colorText,
                background: link.current ? selected.bg : undefined,
                fontWeight: link.current ? 600 : 400,
              }}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  ) : (
    <nav aria-label={t('general:layout.mainNav')}>
      <Menu
        mode="inline"
        selectedKeys={[page]}
        style={{ borderInlineEnd: 0, background: 'transparent' }}
        items={links.map((link) => ({
          key: link.name,
          label: (
            <Link to={link.to} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </Link>
          ),
        }))}
      />
    </nav>
  );
  const card = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary };
  return (
    <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', gap: narrow ? 12 : 24, alignItems: 'flex-start' }}>
      <div
        style={{
          ...card,
          flex: narrow ? 'none' : '0 0 200px',
          width: narrow ? '100%' : undefined,
          padding: narrow ? 0 : '8px 0',
          overflow: 'hidden',
        }}
      >
        {menu}
      </div>
      <section
        aria-labelledby="account-page-heading"
        style={{ ...card, flex: 1, minWidth: 0, width: narrow ? '100%' : undefined, boxSizing: 'border-box', padding: narrow ? 16 : 24 }}
      >
        <h2 id="account-page-heading" tabIndex={-1} style={{ marginTop: 0, fontSize: 20, outline: 'none', color: token.colorTextHeading }}>
          {t(`userLoading:menu.${page}`)}
        </h2>
        {!granted.has(page) && (
          <Result status="403" title={t('userLoading:noPermission.heading')} subTitle={t('userLoading:noPermission.text')} />
        )}
        {granted.has(page) && page === 'overview' && <OverviewPage />}
        {granted.has(page) && page === 'profile' && <ProfilePage />}
        {granted.has(page) && page === 'changePassword' && <ChangePassword />}
        {granted.has(page) && page === 'balance' && <LogList kind="balance" key="balance" />}
        {granted.has(page) && page === 'integral' && <LogList kind="integral" key="integral" />}
      </section>
    </div>
  );
}

export { AccountCenter as Component };
