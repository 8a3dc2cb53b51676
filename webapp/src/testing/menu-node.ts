/** A menu rule of the admin index for tests (a tab menu `auth/admin` unless overridden). */
import type { MenuNode } from '../lib/admin-store';

export const menuNode = (over: Partial<MenuNode>): MenuNode => ({
  id: 1,
  pid: 0,
  type: 'menu',
  title: 't',
  name: 'auth/admin',
  path: 'auth/admin',
  icon: '',
  menu_type: 'tab',
  url: '',
  component: 'auth/admin',
  keepalive: true,
  ...over,
});
