/** The admin shell, titled back office (SPEC §2): see features/admin/shell/admin-shell. */
import { AdminShell } from '../features/admin/shell/admin-shell';

export function AdminLayout() {
  return <AdminShell />;
}

export { AdminLayout as Component };
