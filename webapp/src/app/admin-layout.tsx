/** The admin shell, titled back office (SPEC §2): see features/admin/shell/admin-shell. */
import { AdminShell } from '../features/admin/shell/admin-shell';
import { ADMIN_PAGES } from './admin-pages';

export function AdminLayout() {
  return <AdminShell pages={ADMIN_PAGES} />;
}

export { AdminLayout as Component };
