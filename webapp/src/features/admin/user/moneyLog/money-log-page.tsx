/** Back office › Members › Money log (user/moneyLog): read-only. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { useAdminT, walletLogSchema } from '../../shell/page-kit';
import { table } from './api';

export default function MoneyLogPage() {
  const t = useAdminT();
  return <SchemaTable config={useMemo(() => ({ ...walletLogSchema(t, 'money'), api: table }), [t])} />;
}
