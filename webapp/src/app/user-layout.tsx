/** The member center shell (SPEC §2). Logout posts the refresh token; the session is then dropped. */
import { useTranslation } from 'react-i18next';
import { memberSession } from '../lib/auth-tokens';
import { browser } from '../lib/browser';
import { call, sdk } from '../lib/api/client';
import { ROUTE_PATHS } from '../lib/routes';
import { Shell } from './shell';

export function UserLayout() {
  const { t } = useTranslation('general');
  // SPEC §4: logout posts the refresh token; on code 1 the stored user info is removed and the page
  // reloads (the loading route then sends the visitor to the login page).
  const logout = async () => {
    try {
      const res = await call(
        sdk.userLogout,
        { body: { refresh_token: memberSession.getToken('refresh') } },
        { showErrorMessage: false, showCodeMessage: false },
      );
      if (res.code === 1) {
        memberSession.clear();
        browser.reload();
      }
    } catch {
      // The server did not confirm: drop the local session anyway and go to the login page.
      memberSession.clear();
      browser.assign(ROUTE_PATHS.userLogin);
    }
  };
  return <Shell title={t('layout.memberCenter')} onLogout={() => void logout()} />;
}

export { UserLayout as Component };
