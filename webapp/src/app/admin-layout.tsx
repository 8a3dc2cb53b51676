/** The admin shell, titled back office (SPEC §2). Later issues add the dynamic menu and tab strip. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminSession } from '../lib/auth-tokens';
import { api } from '../lib/request';
import { ROUTE_PATHS } from '../lib/routes';
import { Shell } from './shell';

export function AdminLayout() {
  const { t } = useTranslation('general');
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await api.post('/admin/index/logout', { refreshToken: adminSession.getToken('refresh') }, { showErrorMessage: false, showCodeMessage: false });
    } catch {
      // the local session is dropped either way
    }
    adminSession.clear();
    void navigate(ROUTE_PATHS.adminLogin, { replace: true });
  };
  return <Shell title={t('layout.backOffice')} homePath={ROUTE_PATHS.adminLoading} onLogout={() => void logout()} />;
}

export { AdminLayout as Component };
