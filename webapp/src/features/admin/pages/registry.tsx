/** Page components by the `component` of their menu rule; each page is its own lazy chunk. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from './page-names';

type Page = LazyExoticComponent<ComponentType>;

const named = (loader: () => Promise<Record<string, ComponentType>>, name: string): Page =>
  lazy(() => loader().then((m) => ({ default: m[name] })));

const resources = () => import('./resources');

export const PAGES: Record<PageName | 'iframe', Page> & Record<string, Page | undefined> = {
  dashboard: lazy(() => import('./dashboard')),
  'auth/admin': named(resources, 'AdminsPage'),
  'auth/group': named(resources, 'AdminGroupsPage'),
  'auth/rule': named(resources, 'AdminRulesPage'),
  'auth/adminLog': named(resources, 'AdminLogPage'),
  'user/user': named(resources, 'MembersPage'),
  'user/group': named(resources, 'MemberGroupsPage'),
  'user/rule': named(resources, 'MemberRulesPage'),
  'user/moneyLog': named(resources, 'MoneyLogPage'),
  'user/scoreLog': named(resources, 'ScoreLogPage'),
  'routine/attachment': lazy(() => import('../routine/attachment/components/attachment-list')),
  'routine/config': lazy(() => import('./config-page')),
  'routine/adminInfo': lazy(() => import('./admin-info')),
  iframe: lazy(() => import('./iframe-page')),
};
