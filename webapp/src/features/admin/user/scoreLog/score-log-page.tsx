/** Back office › Members › Score log (user/scoreLog): read-only. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { useAdminT, walletLogSchema } from '../../shell/page-kit';
import { table } from './api';

export default function ScoreLogPage() {
  const t = useAdminT();
  return <SchemaTable config={useMemo(() => ({ ...walletLogSchema(t, 'score'), api: table }), [t])} />;
}
