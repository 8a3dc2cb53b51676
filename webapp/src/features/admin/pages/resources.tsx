/** The back office's table pages, each a configuration of the generic TablePage. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/request';
import type { Row } from '../api';
import { useAdminState, type MenuNode } from '../shell/admin-store';
import { allowed } from '../shell/permission';
import { STATUS_OPTIONS, TablePage, flattenRows, rowsToTree, type FieldConfig, type TableConfig, type TreeOption } from './table-page';

type T = (key: string, vars?: Record<string, unknown>) => string;

const ACCOUNT_RE = /^[A-Za-z][A-Za-z0-9_]{2,14}$/;
const PASSWORD_RE = /^[^&<>"']{6,32}$/;

function useT(): T {
  const { t } = useTranslation('admin/common');
  return t as unknown as T;
}

function menuTree(nodes: MenuNode[], parent?: string): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.title,
    // Buttons repeat ("View", "Add"…): name the menu they belong to for screen readers.
    context: n.type === 'button' ? parent : undefined,
    children: n.children ? menuTree(n.children, n.title) : undefined,
  }));
}

function useGroupOptions(prefix: string) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    void api
      .get<{ list: Row[] }>(
        `${prefix}/index`,
        { select: 'true', limit: 1000 },
        { showErrorMessage: false, showCodeMessage: false, cancelDuplicateRequest: false },
      )
      .then((res) => setOptions(flattenRows(res.data.list).map((g) => ({ value: g.id, label: String(g.name) }))))
      .catch(() => undefined);
  }, [prefix]);
  return options;
}

function ruleFields(t: T, types: string[]): (rows: Row[]) => FieldConfig[] {
  return (rows) => [
    {
      name: 'type',
      label: t('rule.type'),
      type: 'radio',
      required: true,
      options: types.map((v) => ({ value: v, label: t(`rule.types.${v}`) })),
    },
    {
      name: 'pid',
      label: t('rule.parent'),
      type: 'treeSelect',
      tree: [{ value: 0, key: 0, title: t('rule.top') }, ...rowsToTree(rows, (r) => String(r.label ?? r.title))],
    },
    { name: 'title', label: t('rule.title'), type: 'input', required: true },
    { name: 'title_en', label: t('rule.titleEn'), type: 'input' },
    { name: 'name', label: t('rule.name'), type: 'input', required: true, help: t('rule.nameHelp') },
    { name: 'path', label: t('rule.path'), type: 'input' },
    { name: 'icon', label: t('rule.icon'), type: 'input', placeholder: 'UserOutlined' },
    {
      name: 'menu_type',
      label: t('rule.menuType'),
      type: 'radio',
      options: ['tab', 'link', 'iframe'].map((v) => ({ value: v, label: t(`rule.menuTypes.${v}`) })),
    },
    { name: 'url', label: t('rule.url'), type: 'input' },
    { name: 'component', label: t('rule.component'), type: 'input' },
    { name: 'keepalive', label: t('rule.keepalive'), type: 'switch' },
    { name: 'weigh', label: t('common.weigh'), type: 'number' },
    { name: 'remark', label: t('common.remark'), type: 'textarea' },
    { name: 'status', label: t('common.status'), type: 'radio', options: STATUS_OPTIONS(t) },
  ];
}

function ruleConfig(t: T, prefix: string, types: string[]): TableConfig {
  return {
    prefix,
    tree: true,
    sortable: true,
    columns: [
      { key: 'label', title: t('rule.title') },
      { key: 'icon', title: t('rule.icon') },
      { key: 'name', title: t('rule.name') },
      { key: 'type', title: t('rule.type'), render: 'tag', options: types.map((v) => ({ value: v, label: t(`rule.types.${v}`) })) },
      { key: 'weigh', title: t('common.weigh') },
      { key: 'status', title: t('common.status'), render: 'status' },
    ],
    dynamicFields: ruleFields(t, types),
    defaults: { type: 'menu', pid: 0, menu_type: 'tab', status: 'enable', weigh: 0, keepalive: false },
    quickSearch: t('rule.quickSearch'),
  };
}

export function AdminRulesPage() {
  const t = useT();
  return <TablePage config={useMemo(() => ruleConfig(t, '/admin/auth/rule', ['menu_dir', 'menu', 'button']), [t])} />;
}

export function MemberRulesPage() {
  const t = useT();
  return (
    <TablePage
      config={useMemo(() => ruleConfig(t, '/admin/user/rule', ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button']), [t])}
    />
  );
}

export function AdminGroupsPage() {
  const t = useT();
  const { menus } = useAdminState();
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/auth/group',
      tree: true,
      columns: [
        { key: 'name', title: t('group.name') },
        { key: 'super', title: t('group.super'), render: 'yesno' },
        { key: 'status', title: t('common.status'), render: 'status' },
        { key: 'update_time', title: t('common.updateTime'), render: 'time' },
      ],
      dynamicFields: (rows) => [
        { name: 'pid', label: t('group.parent'), type: 'treeSelect', tree: rowsToTree(rows, (r) => String(r.name)), required: true },
        { name: 'name', label: t('group.name'), type: 'input', required: true },
        // The rules an admin may grant are those it holds: the menu tree of its own index.
        { name: 'rules', label: t('group.rules'), type: 'tree', tree: menuTree(menus), help: t('group.rulesHelp') },
        { name: 'status', label: t('common.status'), type: 'radio', options: STATUS_OPTIONS(t) },
        { name: 'remark', label: t('common.remark'), type: 'textarea' },
      ],
      defaults: { status: 'enable', rules: [] },
      toForm: (row) => ({ ...row, rules: (row.rules as unknown[]).filter((r) => r !== '*') }),
      beforeSubmit: (values) => ({ ...values, pid: values.pid ?? 0, rules: values.rules ?? [] }),
    }),
    [t, menus],
  );
  return <TablePage config={config} />;
}

export function AdminsPage() {
  const t = useT();
  const groups = useGroupOptions('/admin/auth/group');
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/auth/admin',
      columns: [
        { key: 'id', title: 'ID', sorter: true },
        { key: 'username', title: t('admin.username'), filter: 'input' },
        { key: 'nickname', title: t('admin.nickname') },
        { key: 'group_name_arr', title: t('admin.groups'), render: 'tags' },
        { key: 'avatar', title: t('admin.avatar'), render: 'image' },
        { key: 'email', title: t('admin.email') },
        { key: 'mobile', title: t('admin.mobile') },
        { key: 'last_login_time', title: t('admin.lastLogin'), render: 'time', sorter: true },
        { key: 'status', title: t('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(t) },
      ],
      fields: [
        {
          name: 'username',
          label: t('admin.username'),
          type: 'input',
          required: true,
          pattern: { regex: ACCOUNT_RE, message: t('validate.account') },
        },
        { name: 'nickname', label: t('admin.nickname'), type: 'input', required: true },
        { name: 'group_arr', label: t('admin.groups'), type: 'multiselect', options: groups, required: true },
        { name: 'avatar', label: t('admin.avatar'), type: 'input', placeholder: 'https://…' },
        { name: 'email', label: t('admin.email'), type: 'input' },
        { name: 'mobile', label: t('admin.mobile'), type: 'input' },
        {
          name: 'password',
          label: t('admin.password'),
          type: 'password',
          required: true,
          only: 'add',
          pattern: { regex: PASSWORD_RE, message: t('validate.password') },
        },
        {
          name: 'password',
          label: t('admin.newPassword'),
          type: 'password',
          only: 'edit',
          help: t('admin.passwordHelp'),
          pattern: { regex: PASSWORD_RE, message: t('validate.password') },
        },
        { name: 'motto', label: t('admin.motto'), type: 'textarea' },
        { name: 'status', label: t('common.status'), type: 'radio', options: STATUS_OPTIONS(t) },
      ],
      defaults: { status: 'enable', group_arr: [] },
      toForm: (row) => ({ ...row, password: '' }),
      beforeSubmit: (values) => ({ ...values, password: values.password ?? '' }),
    }),
    [t, groups],
  );
  return <TablePage config={config} />;
}

export function AdminLogPage() {
  const t = useT();
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/auth/adminLog',
      canAdd: false,
      canEdit: false,
      canDelete: false,
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
  return <TablePage config={config} />;
}

function AdjustButton({ row, kind, reload }: { row: Row; kind: 'money' | 'score'; reload: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await api.post(`/admin/user/${kind}Log/add`, { user_id: row.id, ...values }, { showSuccessMessage: true });
      setOpen(false);
      reload();
    } catch {
      // shown
    }
  };
  return (
    <>
      <Button size="small" type="link" onClick={() => (form.resetFields(), setOpen(true))}>
        {kind === 'money' ? t('member.adjustMoney') : t('member.adjustScore')}
      </Button>
      <Modal
        open={open}
        title={`${kind === 'money' ? t('member.adjustMoney') : t('member.adjustScore')} · ${String(row.username)}`}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        destroyOnHidden
      >
        <p>
          {kind === 'money' ? t('member.money') : t('member.score')}: {String(row[kind])}
        </p>
        <Form form={form} layout="vertical" preserve={false}>
          {kind === 'money' ? (
            <Form.Item
              name="money"
              label={t('member.changeMoney')}
              rules={[{ required: true, pattern: /^-?\d+(\.\d{1,2})?$/, message: t('validate.float') }]}
            >
              <Input placeholder="10.00 / -5.50" />
            </Form.Item>
          ) : (
            <Form.Item
              name="score"
              label={t('member.changeScore')}
              rules={[{ required: true, message: t('common.required', { field: t('member.changeScore') }) }]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="memo" label={t('member.memo')}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function MembersPage() {
  const t = useT();
  const { authNode } = useAdminState();
  const groups = useGroupOptions('/admin/user/group');
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/user/user',
      columns: [
        { key: 'id', title: 'ID', sorter: true },
        { key: 'username', title: t('admin.username'), filter: 'input' },
        { key: 'nickname', title: t('admin.nickname') },
        { key: 'group_name', title: t('member.group') },
        { key: 'email', title: t('admin.email') },
        { key: 'mobile', title: t('admin.mobile') },
        { key: 'money', title: t('member.money'), sorter: true },
        { key: 'score', title: t('member.score'), sorter: true },
        { key: 'join_time', title: t('member.joinTime'), render: 'time', sorter: true },
        { key: 'status', title: t('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(t) },
      ],
      fields: [
        {
          name: 'username',
          label: t('admin.username'),
          type: 'input',
          required: true,
          pattern: { regex: ACCOUNT_RE, message: t('validate.account') },
        },
        { name: 'nickname', label: t('admin.nickname'), type: 'input', required: true },
        { name: 'group_id', label: t('member.group'), type: 'select', options: groups, required: true },
        { name: 'email', label: t('admin.email'), type: 'input' },
        { name: 'mobile', label: t('admin.mobile'), type: 'input' },
        { name: 'avatar', label: t('admin.avatar'), type: 'input' },
        {
          name: 'gender',
          label: t('member.gender'),
          type: 'radio',
          options: [0, 1, 2].map((v) => ({ value: v, label: t(`member.genders.${v}`) })),
        },
        { name: 'birthday', label: t('member.birthday'), type: 'date' },
        {
          name: 'password',
          label: t('admin.password'),
          type: 'password',
          required: true,
          only: 'add',
          pattern: { regex: PASSWORD_RE, message: t('validate.password') },
        },
        {
          name: 'password',
          label: t('admin.newPassword'),
          type: 'password',
          only: 'edit',
          help: t('admin.passwordHelp'),
          pattern: { regex: PASSWORD_RE, message: t('validate.password') },
        },
        { name: 'motto', label: t('admin.motto'), type: 'textarea' },
        { name: 'status', label: t('common.status'), type: 'radio', options: STATUS_OPTIONS(t) },
      ],
      defaults: { status: 'enable', gender: 0, group_id: 1 },
      toForm: (row) => ({ ...row, password: '' }),
      beforeSubmit: (values) => ({ ...values, password: values.password ?? '', birthday: values.birthday ?? '' }),
      rowActions: (row, reload) => (
        <>
          {allowed(authNode, '/admin/user/moneyLog', 'add') && <AdjustButton row={row} kind="money" reload={reload} />}
          {allowed(authNode, '/admin/user/scoreLog', 'add') && <AdjustButton row={row} kind="score" reload={reload} />}
        </>
      ),
    }),
    [t, groups, authNode],
  );
  return <TablePage config={config} />;
}

export function MemberGroupsPage() {
  const t = useT();
  const [rules, setRules] = useState<TreeOption[]>([]);
  useEffect(() => {
    void api
      .get<{ list: Row[] }>('/admin/user/rule/index', undefined, {
        showErrorMessage: false,
        showCodeMessage: false,
        cancelDuplicateRequest: false,
      })
      .then((res) => setRules(rowsToTree(res.data.list, (r) => String(r.label ?? r.title))))
      .catch(() => undefined);
  }, []);
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/user/group',
      columns: [
        { key: 'id', title: 'ID' },
        { key: 'name', title: t('group.name'), filter: 'input' },
        { key: 'status', title: t('common.status'), render: 'status' },
        { key: 'update_time', title: t('common.updateTime'), render: 'time' },
      ],
      fields: [
        { name: 'name', label: t('group.name'), type: 'input', required: true },
        { name: 'rules', label: t('group.rules'), type: 'tree', tree: rules },
        { name: 'status', label: t('common.status'), type: 'radio', options: STATUS_OPTIONS(t) },
        { name: 'remark', label: t('common.remark'), type: 'textarea' },
      ],
      defaults: { status: 'enable', rules: [] },
      toForm: (row) => ({ ...row, rules: (row.rules as unknown[]).filter((r) => r !== '*') }),
    }),
    [t, rules],
  );
  return <TablePage config={config} />;
}

function logConfig(t: T, kind: 'money' | 'score'): TableConfig {
  return {
    prefix: `/admin/user/${kind}Log`,
    canAdd: false,
    canEdit: false,
    canDelete: false,
    columns: [
      { key: 'id', title: 'ID', sorter: true },
      { key: 'user_id', title: t('member.userId'), filter: 'input' },
      { key: 'username', title: t('admin.username') },
      { key: 'change', title: kind === 'money' ? t('member.changeMoney') : t('member.changeScore') },
      { key: 'before', title: t('member.before') },
      { key: 'after', title: t('member.after') },
      { key: 'memo', title: t('member.memo'), filter: 'input' },
      { key: 'create_time', title: t('common.createTime'), render: 'time', sorter: true },
    ],
  };
}

export function MoneyLogPage() {
  const t = useT();
  return <TablePage config={useMemo(() => logConfig(t, 'money'), [t])} />;
}

export function ScoreLogPage() {
  const t = useT();
  return <TablePage config={useMemo(() => logConfig(t, 'score'), [t])} />;
}

/** Attachments (API by the uploads issue): list, edit name, delete. */
export function AttachmentsPage() {
  const t = useT();
  const config = useMemo<TableConfig>(
    () => ({
      prefix: '/admin/routine/attachment',
      canAdd: false,
      columns: [
        { key: 'id', title: 'ID', sorter: true },
        { key: 'name', title: t('attachment.name'), filter: 'input' },
        { key: 'url', title: t('attachment.url'), render: 'code' },
        { key: 'mimetype', title: t('attachment.mimetype') },
        { key: 'size', title: t('attachment.size'), sorter: true },
        { key: 'quote', title: t('attachment.quote') },
        { key: 'create_time', title: t('common.createTime'), render: 'time', sorter: true },
      ],
      fields: [{ name: 'name', label: t('attachment.name'), type: 'input', required: true }],
    }),
    [t],
  );
  return <TablePage config={config} />;
}
