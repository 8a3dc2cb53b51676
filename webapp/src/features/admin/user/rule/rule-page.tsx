/** Back office › Members › Member rules (user/rule): the member center's routes, menus and buttons. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { ruleSchema, useAdminT } from '../../shell/page-kit';
import { table } from './api';

const TYPES = ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'];

export default function MemberRulesPage() {
  const t = useAdminT();
  return <SchemaTable config={useMemo(() => ({ ...ruleSchema(t, TYPES), api: table }), [t])} />;
}
