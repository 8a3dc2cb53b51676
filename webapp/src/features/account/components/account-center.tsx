/**
 * The member center's pages, rendered by the member loading route (/user/loading/:to?): every
 * /user/… path goes there (SPEC §2) with the original path as the JSON parameter, and this
 * component shows the page that path names. Unknown or missing targets show the overview.
 *
 *   /user/account/overview        greeting, balance, points, recent changes, 7-day chart
 *   /user/account/profile         profile form and the change of a bound e-mail/mobile
 *   /user/account/changePassword  change the password (logs out afterwards)
 *   /user/account/balance         balance log        /user/account/integral   points log
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { loadingPathFor, parseLoadingTarget } from '../../../lib/routes';
import { ChangePassword } from './change-password';
import { LogList } from './log-list';
import { OverviewPage } from './overview';
import { ProfilePage } from './profile';

export const ACCOUNT_PAGES = ['overview', 'profile', 'changePassword', 'balance', 'integral'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

export function pageFor(to: string | undefined): AccountPage {
  const target = parseLoadingTarget(to);
  const name = target?.path.replace(/^\/user\/account\/?/, '').replace(/\/+$/, '');
  return (ACCOUNT_PAGES as readonly string[]).includes(name ?? '') ? (name as AccountPage) : 'overview';
}

export function accountPath(page: AccountPage): string {
  return loadingPathFor('user', `/user/account/${page}`);
}

export function AccountCenter() {
  const { t, ready } = useTranslation(['userLoading', 'general']);
  const { to } = useParams();
  const page = pageFor(to);
  const [, force] = useState(0);
  useEffect(() => {
    document.getElementById('account-page-heading')?.focus();
  }, [page]);
  if (!ready) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
      <nav aria-label={t('userLoading:nav')} style={{ flex: '0 0 180px' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {ACCOUNT_PAGES.map((name) => (
            <li key={name} style={{ flex: '1 0 160px' }}>
              <Link
                to={accountPath(name)}
                aria-current={page === name ? 'page' : undefined}
                onClick={() => force((n) => n + 1)}
                style={{
                  display: 'block',
                  padding: '8px 12px',
                  borderRadius: 6,
                  fontWeight: page === name ? 600 : 400,
                  background: page === name ? 'rgba(22,119,255,.1)' : undefined,
                }}
              >
                {t(`userLoading:menu.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section style={{ flex: '1 1 320px', minWidth: 0 }} aria-labelledby="account-page-heading">
        <h2 id="account-page-heading" tabIndex={-1} style={{ marginTop: 0 }}>
          {t(`userLoading:menu.${page}`)}
        </h2>
        {page === 'overview' && <OverviewPage />}
        {page === 'profile' && <ProfilePage />}
        {page === 'changePassword' && <ChangePassword />}
        {page === 'balance' && <LogList kind="balance" key="balance" />}
        {page === 'integral' && <LogList kind="integral" key="integral" />}
      </section>
    </div>
  );
}

export { AccountCenter as Component };
