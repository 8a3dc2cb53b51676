/** Back office › Permissions › Admin groups (auth/group): the group tree and the rules each holds. A
 * table whose rows name rows of other tables (tags of news) says so in the rule tree: the names come with
 * the grant of the table itself, the other tables need not be granted. A group's data scope says whose rows of the designed
 * tables its admins reach: every row, the rows its admins created, or each admin's own. */
import { useEffect, useMemo, useState } from 'react';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, rowsToTree, type TableConfig } from '../../../../components/schema-table/schema';
import { useAdminState } from '../../../../lib/admin-store';
import type { TreeOption } from '../../../../components/schema-table/schema';
import type { MenuNode } from '../../../../lib/admin-store';
import { groupToForm, menuTree, useAdminT } from '../../shell/page-kit';
import { relations, table } from './api';

/** The rule tree, a designed table's node followed by the tables whose names it shows. */
function withRelations(
  tree: TreeOption[],
  nodes: MenuNode[],
  related: Record<string, string[]>,
  say: (tables: string) => string,
): TreeOption[] {
  return tree.map((option, index) => {
    const node = nodes[index];
    const tables = node ? related[node.name] : undefined;
    return {
      ...option,
      title: tables?.length ? `${option.title} · ${say(tables.join(', '))}` : option.title,
      children: option.children && node?.children ? withRelations(option.children, node.children, related, say) : option.children,
    };
  });
}

/** The data scopes a group may have, widest first (functions/models/group.py). */
const DATA_SCOPES = ['all', 'group', 'own'] as const;

export default function AdminGroupsPage() {
  const t = useAdminT();
  const { menus } = useAdminState();
  const [related, setRelated] = useState<Record<string, string[]>>({});
  useEffect(() => {
    relations().then(setRelated, () => undefined);
  }, []);
  const config = useMemo<TableConfig>(() => {
    const scopes = DATA_SCOPES.map((value) => ({ value, label: t(`group.dataScopes.${value}`) }));
    return {
      api: table,
      tree: true,
      columns: [
        { key: 'name', title: t('group.name') },
        { key: 'super', title: t('group.super'), render: 'yesno' },
        { key: 'data_scope', title: t('group.dataScope'), render: 'tag', options: scopes },
        { key: 'status', title: t('common.status'), render: 'status' },
        { key: 'update_time', title: t('common.updateTime'), render: 'time' },
      ],
      dynamicFields: (rows) => [
        { name: 'pid', label: t('group.parent'), input: 'treeSelect', tree: rowsToTree(rows, (r) => String(r.name)), rules: ['required'] },
        { name: 'name', label: t('group.name'), input: 'input', rules: ['required'] },
        // The rules an admin may grant are those it holds: the menu tree of its own index.
        {
          name: 'rules',
          label: t('group.rules'),
          input: 'tree',
          tree: withRelations(menuTree(menus), menus, related, (tables) => t('group.namesFrom', { tables })),
          help: t('group.rulesHelp'),
        },
        // Whose rows of the designed tables its admins reach (the API enforces it on every row).
        { name: 'data_scope', label: t('group.dataScope'), input: 'radio', options: scopes, help: t('group.dataScopeHelp') },
        { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
        { name: 'remark', label: t('common.remark'), input: 'textarea' },
      ],
      defaults: { status: 'enable', rules: [], data_scope: 'all' },
      toForm: groupToForm,
      beforeSubmit: (values) => ({ ...values, pid: values.pid ?? 0, rules: values.rules ?? [] }),
    };
  }, [t, menus, related]);
  return <SchemaTable config={config} />;
}
