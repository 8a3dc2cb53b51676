/** Back office › Members › Member groups (user/group) and the member rules each holds. */
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, rowsToTree, type TableConfig, type TreeOption } from '../../../../components/schema-table/schema';
import type { Row } from '../../../../lib/table-api';
import { groupToForm, ruleLabel, useConfigWith, type T } from '../../shell/page-kit';
import { memberRules, table } from './api';

const ruleTree = (rows: Row[]) => rowsToTree(rows, ruleLabel);

/** The member groups' table, `rules` the member rules to grant. */
const groupsTable = (t: T, rules: TreeOption[]): TableConfig => ({
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
});

export default function MemberGroupsPage() {
  return <SchemaTable config={useConfigWith(memberRules, ruleTree, groupsTable)} />;
}
