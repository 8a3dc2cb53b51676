/**
 * Back office › CRUD › CRUD log (crud/log): every save and delete of a table design — table, title,
 * version, what happened, who and when — searchable; a saved design reopens in the generator as the
 * start of a new one (crud/crud?log=<id>).
 */
import { useMemo } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { allowed } from '../../../../components/permission';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { READ_ONLY, type TableConfig } from '../../../../components/schema-table/schema';
import { useAdminState } from '../../../../lib/admin-store';
import { useRoutePush } from '../../shell/route-push';
import { table } from './api';

const NS = 'admin/crud/log';

export default function CrudLogPage() {
  const { t } = useTranslation(NS);
  const push = useRoutePush();
  const { authNode } = useAdminState();
  const canGenerate = allowed(authNode, '/admin/crud/crud', 'generate');
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      ...READ_ONLY,
      quickSearch: t('quickSearch'),
      columns: [
        { key: 'id', title: 'ID', width: 80 },
        { key: 'title', title: t('tableTitle') },
        { key: 'name', title: t('name'), filter: 'input', filterOperator: 'eq' },
        { key: 'version', title: t('version'), width: 90 },
        {
          key: 'action',
          title: t('action'),
          render: 'tag',
          filter: 'select',
          options: [
            { value: 'save', label: t('save') },
            { value: 'delete', label: t('delete') },
          ],
        },
        { key: 'username', title: t('admin') },
        { key: 'create_time', title: t('time'), render: 'time' },
      ],
      rowActions: (row) =>
        canGenerate && row.action === 'save' ? (
          <Button type="link" size="small" onClick={() => push(`/admin/crud/crud?log=${row.id}`)}>
            {t('reopen')}
          </Button>
        ) : null,
    }),
    [t, canGenerate, push],
  );
  return <SchemaTable config={config} />;
}
