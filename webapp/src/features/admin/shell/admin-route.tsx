/** The lazy route module of /admin/* (see AdminRouteGuard). */
import { AdminRouteGuard } from './admin-shell';

export { AdminRouteGuard as Component };
