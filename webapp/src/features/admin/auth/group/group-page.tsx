/** Back office › Permissions › Admin groups (auth/group): the group tree and the rules each holds. */
import { useMemo } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, rowsToTree, type TableConfig } from '../../../../components/schema-table/schema';
import { useAdminState } from '../../../../lib/admin-store';
import { groupToForm, menuTree, useAdminT } from '../../shell/page-kit';
import { table } from './api';

export default function AdminGroupsPage() {
  const t = useAdminT();
  const { menus } = useAdminState();
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      tree: true,
      columns: [
        { key: 'name', title: t('group.name') },
        { key: 'super', title: t('group.super'), render: 'yesno' },
        { key: 'status', title: t('common.status'), render: 'status' },
        { key: 'update_time', title: t('common.updateTime'), render: 'time' },
      ],
      dynamicFields: (rows) => [
        { name: 'pid', label: t('group.parent'), input: 'treeSelect', tree: rowsToTree(rows, (r) => String(r.name)), rules: ['required'] },
        { name: 'name', label: t('group.name'), input: 'input', rules: ['required'] },
        // The rules an admin may grant are those it holds: the menu tree of its own index.
        { name: 'rules', label: t('group.rules'), input: 'tree', tree: menuTree(menus), help: t('group.rulesHelp') },
        { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
        { name: 'remark', label: t('common.remark'), input: 'textarea' },
      ],
      defaults: { status: 'enable', rules: [] },
      toForm: groupToForm,
      beforeSubmit: (values) => ({ ...values, pid: values.pid ?? 0, rules: values.rules ?? [] }),
    }),
    [t, menus],
  );
  return <SchemaTable config={config} />;
}
