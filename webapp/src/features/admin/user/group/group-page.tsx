/** Back office › Members › Member groups (user/group) and the member rules each holds. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, rowsToTree, type TableConfig } from '../../../../components/schema-table/schema';
import type { Row } from '../../../../lib/table-api';
import { groupToForm, ruleLabel, useAdminT, useLoaded } from '../../shell/page-kit';
import { memberRules, table } from './api';

const ruleTree = (rows: Row[]) => rowsToTree(rows, ruleLabel);

export default function MemberGroupsPage() {
  const t = useAdminT();
  const rules = useLoaded(memberRules, ruleTree);
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      columns: [
        { key: 'id', title: 'ID' },
        { key: 'name', title: t('group.name'), filter: 'input' },
        { key: 'status', title: t('common.status'), render: 'status' },
        { key: 'update_time', title: t('common.updateTime'), render: 'time' },
      ],
      fields: [
        { name: 'name', label: t('group.name'), input: 'input', rules: ['required'] },
        { name: 'rules', label: t('group.rules'), input: 'tree', tree: rules },
        { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
        { name: 'remark', label: t('common.remark'), input: 'textarea' },
      ],
      defaults: { status: 'enable', rules: [] },
      toForm: groupToForm,
    }),
    [t, rules],
  );
  return <SchemaTable config={config} />;
}
