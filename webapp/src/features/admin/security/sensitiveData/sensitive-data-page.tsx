/**
 * Back office › Security › Sensitive-data rules (security/sensitiveData): per table, the fields whose
 * every change the sensitive-data log records. The form offers the fields of the table picked (the
 * table cannot change once the rule exists).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { STATUS_OPTIONS, type TableConfig } from '../../../../components/schema-table/schema';
import { Auth } from '../../../../components/permission';
import type { Row } from '../../../../lib/table-api';
import { requiredRule } from '../../../../lib/validators';
import { TableName } from '../../shell/table-name';
import { useAdminT, useWatchedTables } from '../../shell/page-kit';
import { loadTables, table } from './api';

const NS = 'admin/security';

export default function SensitiveDataPage() {
  const { t } = useTranslation(NS);
  const tc = useAdminT();
  const tables = useWatchedTables(loadTables);
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ row: Row | null; reload: () => void } | null>(null);
  const [saving, setSaving] = useState(false);
  const picked = Form.useWatch('table', form) as string | undefined;
  const pickedTable = tables.find((x) => x.path === picked);
  const fieldOptions = (pickedTable?.fields ?? []).map((name) => {
    const title = pickedTable?.field_titles?.[name];
    return { value: name, label: title ? `${title} (${name})` : name };
  });

  const open = (row: Row | null, reload: () => void) => {
    form.resetFields();
    form.setFieldsValue(
      row ? { table: row.table, title: row.title, fields: row.fields, status: row.status } : { status: 'enable', fields: [] },
    );
    setEditing({ row, reload });
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    setSaving(true);
    try {
      if (editing.row) await table.save({ ...values, id: editing.row.id });
      else await table.add(values);
      editing.reload();
      setEditing(null);
    } catch {
      // shown by the request client; the form stays open
    } finally {
      setSaving(false);
    }
  };

  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      canEdit: false,
      columns: [
        { key: 'id', title: 'ID' },
        { key: 'title', title: t('ruleTitle'), filter: 'input' },
        { key: 'table', title: t('table') },
        { key: 'fields', title: t('fields'), render: 'tags' },
        { key: 'status', title: tc('common.status'), render: 'status', filter: 'select', options: STATUS_OPTIONS(tc) },
        { key: 'update_time', title: tc('common.updateTime'), render: 'time' },
      ],
      cells: { table: (row) => <TableName row={row} /> },
      onAdd: (reload) => open(null, reload),
      rowActions: (row, reload) => (
        <Auth name="edit">
          <Button size="small" type="link" onClick={() => open(row, reload)}>
            {tc('common.edit')}
          </Button>
        </Auth>
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- open only uses the form and state setters
    [t, tc],
  );

  return (
    <>
      <Alert type="info" showIcon message={t('sensitiveRemark')} style={{ marginBottom: 12 }} />
      <SchemaTable config={config} />
      <Modal
        open={editing !== null}
        title={editing?.row ? t('editRule') : t('addRule')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={tc('common.save')}
        cancelText={tc('common.cancel')}
        confirmLoading={saving}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="table" label={t('table')} rules={[requiredRule(tc, t('table'), false)]}>
            <Select
              showSearch
              optionFilterProp="label"
              disabled={Boolean(editing?.row)}
              options={tables.map((x) => ({ value: x.path, label: `${x.title} (${x.path})` }))}
              onChange={() => form.setFieldValue('fields', [])}
            />
          </Form.Item>
          <Form.Item name="title" label={t('ruleTitle')} rules={[requiredRule(tc, t('ruleTitle'))]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="fields" label={t('fields')} rules={[requiredRule(tc, t('fields'), false)]}>
            <Select
              mode="multiple"
              options={fieldOptions}
              tagRender={({ label, closable, onClose }) => (
                <Tag closable={closable} onClose={onClose}>
                  {label}
                </Tag>
              )}
            />
          </Form.Item>
          <Form.Item name="status" label={tc('common.status')}>
            <Radio.Group options={STATUS_OPTIONS(tc)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
