/** Back office › Permissions › Admins (auth/admin). */
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, type Option, type TableConfig } from '../../../../components/schema-table/schema';
import { accountColumns, accountFields, nameOptions, passwordFields, useConfigWith, type T } from '../../shell/page-kit';
import { groupOptions, table } from './api';

/** The admins' table, `groups` the admin groups to pick from. */
const adminsTable = (t: T, groups: Option[]): TableConfig => ({
  api: table,
  columns: [
    ...accountColumns(t, { key: 'group_name_arr', title: t('admin.groups'), render: 'tags' }),
    { key: 'avatar', title: t('admin.avatar'), render: 'image' },
    { key: 'email', title: t('admin.email') },
    { key: 'mobile', title: t('admin.mobile') },
    { key: 'last_login_time', title: t('admin.lastLogin'), render: 'time', sorter: true },
    { key: 'status', title: t('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(t) },
  ],
  fields: [
    ...accountFields(t),
    { name: 'group_arr', label: t('admin.groups'), input: 'multiselect', options: groups, rules: ['required'] },
    { name: 'avatar', label: t('admin.avatar'), input: 'input', placeholder: 'https://…' },
    { name: 'email', label: t('admin.email'), input: 'input' },
    { name: 'mobile', label: t('admin.mobile'), input: 'input' },
    ...passwordFields(t),
    { name: 'motto', label: t('admin.motto'), input: 'textarea' },
    { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
  ],
  defaults: { status: 'enable', group_arr: [] },
  toForm: (row) => ({ ...row, password: '' }),
  beforeSubmit: (values) => ({ ...values, password: values.password ?? '' }),
});

export default function AdminsPage() {
  return <SchemaTable config={useConfigWith(groupOptions, nameOptions, adminsTable)} />;
}
