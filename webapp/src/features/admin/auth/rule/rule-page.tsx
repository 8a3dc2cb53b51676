/** Back office › Permissions › Menu rules (auth/rule): the admin menu tree and its buttons. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { ruleSchema, useAdminT } from '../../shell/page-kit';
import { table } from './api';

export default function AdminRulesPage() {
  const t = useAdminT();
  return <SchemaTable config={useMemo(() => ({ ...ruleSchema(t, ['menu_dir', 'menu', 'button']), api: table }), [t])} />;
}
