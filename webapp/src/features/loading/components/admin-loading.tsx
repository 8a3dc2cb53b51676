/** /admin/loading/:to? with an admin token: the back-office home placeholder. */
import { adminSession } from '../../../lib/auth-tokens';
import { LoadingHome } from './loading-home';

export function AdminLoading() {
  const info = adminSession.get();
  return <LoadingHome name={info.nickname || info.username} />;
}

export { AdminLoading as Component };
