/** The admin shell, titled back office (SPEC §2): see features/admin/shell/admin-shell. */
import { AdminShell } from '../features/admin/shell/admin-shell';
import { PublishIndicator } from '../features/admin/routine/publish/publish-indicator';
import { TerminalButton } from '../features/admin/routine/terminal/terminal-panel';
import { ADMIN_PAGES } from './admin-pages';

export function AdminLayout() {
  return (
    <AdminShell
      pages={ADMIN_PAGES}
      headerExtra={
        <>
          <PublishIndicator />
          <TerminalButton />
        </>
      }
    />
  );
}

export { AdminLayout as Component };
