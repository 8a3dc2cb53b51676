/** Back office › Members › Members (user/user), with balance and points adjustments. */
import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, type TableConfig } from '../../../../components/schema-table/schema';
import { useAdminState } from '../../../../lib/admin-store';
import { allowed } from '../../../../components/permission';
import type { Row } from '../../../../lib/table-api';
import { requiredRule, ruleFor } from '../../../../lib/validators';
import { accountColumns, accountFields, nameOptions, passwordFields, useAdminT, useLoaded } from '../../shell/page-kit';
import { adjust, groupOptions, table } from './api';

function AdjustButton({ row, kind, reload }: { row: Row; kind: 'money' | 'score'; reload: () => void }) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    // An invalid form shows its messages; nothing more to do (no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await adjust(kind, { user_id: row.id, ...values });
      setOpen(false);
      reload();
    } catch {
      // shown
    }
  };
  const title = kind === 'money' ? t('member.adjustMoney') : t('member.adjustScore');
  return (
    <>
      <Button size="small" type="link" onClick={() => (form.resetFields(), setOpen(true))}>
        {title}
      </Button>
      <Modal
        open={open}
        title={`${title} · ${String(row.username)}`}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        destroyOnHidden
      >
        <p>
          {kind === 'money' ? t('member.money') : t('member.score')}: {String(row[kind])}
        </p>
        <Form form={form} layout="vertical" preserve={false}>
          {kind === 'money' ? (
            <Form.Item name="money" label={t('member.changeMoney')} rules={[requiredRule(t, t('member.changeMoney')), ruleFor('money', t)]}>
              <Input placeholder="10.00 / -5.50" />
            </Form.Item>
          ) : (
            <Form.Item name="score" label={t('member.changeScore')} rules={[requiredRule(t, t('member.changeScore'), false)]}>
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

export default function MembersPage() {
  const t = useAdminT();
  const { authNode } = useAdminState();
  const groups = useLoaded(groupOptions, nameOptions);
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      columns: [
        ...accountColumns(t, { key: 'group_name', title: t('member.group') }),
        { key: 'email', title: t('admin.email') },
        { key: 'mobile', title: t('admin.mobile') },
        { key: 'money', title: t('member.money'), sorter: true },
        { key: 'score', title: t('member.score'), sorter: true },
        { key: 'join_time', title: t('member.joinTime'), render: 'time', sorter: true },
        { key: 'status', title: t('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(t) },
      ],
      fields: [
        ...accountFields(t),
        { name: 'group_id', label: t('member.group'), input: 'select', options: groups, rules: ['required'] },
        { name: 'email', label: t('admin.email'), input: 'input' },
        { name: 'mobile', label: t('admin.mobile'), input: 'input' },
        { name: 'avatar', label: t('admin.avatar'), input: 'input' },
        {
          name: 'gender',
          label: t('member.gender'),
          input: 'radio',
          options: [0, 1, 2].map((v) => ({ value: v, label: t(`member.genders.${v}`) })),
        },
        { name: 'birthday', label: t('member.birthday'), input: 'date' },
        ...passwordFields(t),
        { name: 'motto', label: t('admin.motto'), input: 'textarea' },
        { name: 'status', label: t('common.status'), input: 'radio', options: STATUS_OPTIONS(t) },
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
  return <SchemaTable config={config} />;
}
