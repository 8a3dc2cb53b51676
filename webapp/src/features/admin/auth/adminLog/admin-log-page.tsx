/** Back office › Permissions › Admin log (auth/adminLog): every write request, read-only. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { READ_ONLY, type TableConfig } from '../../../../components/schema-table/schema';
import { useAdminT } from '../../shell/page-kit';
import { table } from './api';

export default function AdminLogPage() {
  const t = useAdminT();
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      ...READ_ONLY,
      columns: [
        { key: 'id', title: 'ID', sorter: true },
        { key: 'username', title: t('admin.username'), filter: 'input' },
        { key: 'title', title: t('log.title'), filter: 'input' },
        { key: 'url', title: t('log.url'), filter: 'input' },
        { key: 'data', title: t('log.data'), render: 'code' },
        { key: 'ip', title: 'IP', filter: 'input' },
        { key: 'useragent', title: t('log.useragent'), render: 'code' },
        { key: 'create_time', title: t('common.createTime'), render: 'time', sorter: true },
      ],
    }),
    [t],
  );
  return <SchemaTable config={config} />;
}
