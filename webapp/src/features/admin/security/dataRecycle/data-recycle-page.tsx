/**
 * Back office › Security › Recycle rules (security/dataRecycle): which tables keep their deleted rows in
 * the recycle bin — one rule per table (or one for every designed table without its own), enabled or
 * not. The table is picked from the tables the server names and cannot change once the rule exists.
 */
import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, type TableConfig } from '../../../../components/schema-table/schema';
import { TableName } from '../../shell/table-name';
import { useAdminT, useWatchedTables } from '../../shell/page-kit';
import { loadTables, table } from './api';

const NS = 'admin/security';

export default function DataRecyclePage() {
  const { t } = useTranslation(NS);
  const tc = useAdminT();
  const tables = useWatchedTables(loadTables);
  const config = useMemo<TableConfig>(() => {
    const options = [{ value: '*', label: t('everyDesigned') }, ...tables.map((x) => ({ value: x.path, label: `${x.title} (${x.path})` }))];
    return {
      api: table,
      columns: [
        { key: 'id', title: 'ID' },
        { key: 'title', title: t('ruleTitle'), filter: 'input' },
        { key: 'table_title', title: t('table') },
        { key: 'status', title: tc('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(tc) },
        { key: 'update_time', title: tc('common.updateTime'), render: 'time' },
      ],
      fields: [
        { name: 'table', label: t('table'), input: 'select', options, rules: ['required'], only: 'add' },
        { name: 'title', label: t('ruleTitle'), input: 'input', rules: ['required'], max: 100 },
        { name: 'status', label: tc('common.status'), input: 'radio', options: STATUS_OPTIONS(tc) },
      ],
      defaults: { status: 'enable' },
      cells: { table_title: (row) => <TableName row={row} /> },
    };
  }, [t, tc, tables]);
  return (
    <>
      <Alert type="info" showIcon message={t('recycleRemark')} style={{ marginBottom: 12 }} />
      <SchemaTable config={config} />
    </>
  );
}
