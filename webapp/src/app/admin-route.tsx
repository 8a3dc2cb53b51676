/**
 * The route element under /admin/* (lazy route module): a menu route shows in the shell (as a tab); a
 * page the admin may not see → /401; an address the back office does not have → the 404 page inside
 * the shell. The decision is features/admin/shell/route-loader's, as in the loader.
 */
import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { NotFound } from '../features/errors/components/not-found';
import { useNamespace } from '../features/admin/shell/use-admin-i18n';
import { decideAdminRoute } from '../features/admin/shell/route-loader';
import { firstRoute, useAdminState } from '../lib/admin-store';
import { ROUTE_PATHS } from '../lib/routes';

export function AdminRouteGuard() {
  const admin = useAdminState();
  const location = useLocation();
  const ready = useNamespace('404');
  const decision = decideAdminRoute(location.pathname, location.search, admin);
  if ('to' in decision) return <Navigate to={decision.to} replace />;
  if (decision.show === 'unknown')
    return ready ? <NotFound embedded homePath={firstRoute(admin.menus) ?? ROUTE_PATHS.adminLoading} /> : <Spin />;
  return null;
}

export { AdminRouteGuard as Component };
