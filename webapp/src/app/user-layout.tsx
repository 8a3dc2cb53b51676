/** The member center shell (SPEC §2). Logout posts the refresh token; the session is then dropped. */
import { useTranslation } from 'react-i18next';
import { memberSession } from '../lib/auth-tokens';
import { browser } from '../lib/browser';
import { api } from '../lib/request';
import { ROUTE_PATHS } from '../lib/routes';
import { Shell } from './shell';

export function UserLayout() {
  const { t } = useTranslation('general');
  const logout = async () => {
    try {
      await api.post('/api/user/logout', { refresh_token: memberSession.getToken('refresh') }, { showErrorMessage: false, showCodeMessage: false });
    } catch {
      // the local session is dropped either way
    }
    memberSession.clear();
    browser.assign(ROUTE_PATHS.userLogin);
  };
  return <Shell title={t('layout.memberCenter')} homePath={ROUTE_PATHS.userLoading} onLogout={() => void logout()} />;
}

export { UserLayout as Component };
