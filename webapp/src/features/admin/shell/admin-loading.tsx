/**
 * /admin/loading/:to? with an admin token: fetches GET /admin/index/index (admin info, menu tree,
 * site config, terminal settings), stores the menus and hands the terminal its settings, then goes to
 * the target path — or to the first menu when there is none; a target the admin may not see goes to
 * /401 (an unknown one shows the 404 in the shell).
 */
import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { adminSession } from '../../../lib/auth-tokens';
import { parseLoadingTarget, ROUTE_PATHS, targetToUrl } from '../../../lib/routes';
import { firstRoute, setMenus } from '../../../lib/admin-store';
import { terminal } from '../../../lib/terminal-store';
import { fetchAdminIndex } from './api';
import { decideAdminRoute, setBackOfficePaths } from './route-loader';

export function AdminLoading() {
  const { to } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    fetchAdminIndex()
      .then((res) => {
        if (!alive) return;
        const { adminInfo, menus } = res.data;
        adminSession.update({ ...adminInfo, id: adminInfo.id });
        setBackOfficePaths(res.data.paths);
        setMenus(menus);
        terminal().applyServerConfig(res.data.terminal);
        const target = parseLoadingTarget(to);
        const home = firstRoute(menus);
        if (!target || target.path === '/admin' || target.path === '/admin/' || target.path.startsWith('/admin/loading')) {
          void navigate(home ?? ROUTE_PATHS.noPower, { replace: true });
          return;
        }
        // A refused page → /401; a granted one, or an address the back office does not have (its
        // 404 shows inside the shell), opens at its own address.
        const decision = decideAdminRoute(target.path);
        void navigate('to' in decision ? decision.to : targetToUrl(target), { replace: true });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [to, navigate]);
  return failed ? null : <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
}

export { AdminLoading as Component };
