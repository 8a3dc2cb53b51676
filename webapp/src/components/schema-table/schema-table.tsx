/**
 * The one schema-driven table/form builder of the back office (DESIGN §3): list with quick search,
 * column filters, sorting and pagination, an add/edit drawer form (antd Form, rules of lib/validators),
 * delete, drag sort — configured per page by a schema (./schema). Buttons are removed by the permission
 * component (../permission) unless the current route allows the action.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../lib/table-api';
import { timeFormat } from '../../lib/time';
import { requiredRule, ruleFor, type Translate } from '../../lib/validators';
import { Auth, useAuth } from '../permission';
import { FieldInput } from './field-input';
import { flattenRows, siblingsOf, type FieldSchema, type TableConfig } from './schema';

const TEXT_INPUTS = new Set(['input', 'password', 'textarea']);

/** The antd rules of a field: `required` and the named checks of lib/validators. */
export function fieldRules(field: FieldSchema, t: Translate) {
  return (field.rules ?? []).map((rule) =>
    rule === 'required' ? requiredRule(t, field.label, TEXT_INPUTS.has(field.input)) : ruleFor(rule, t),
  );
}

export function SchemaTable({ config }: { config: TableConfig }) {
  const { t } = useTranslation('admin/common');
  const api = config.api;
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [quick, setQuick] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [order, setOrder] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [dragId, setDragId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [form] = Form.useForm();
  const canEdit = useAuth('edit');
  const canDelete = useAuth('del');
  const canSort = useAuth('sortable');

  const load = useCallback(async () => {
    setLoading(true);
    const search = Object.entries(filters)
      .filter(([, v]) => v !== '' && v !== undefined)
      .map(([field, val]) => ({ field, val, operator: config.columns.find((c) => c.key === field)?.filter === 'select' ? 'eq' : 'like' }));
    try {
      const res = await api.index({
        page,
        limit,
        quick_search: quick || undefined,
        search: search.length ? JSON.stringify(search) : undefined,
        order,
      });
      setRows(res.data.list);
      setTotal(res.data.total);
      // A tree opens fully after every load, so a newly added child is visible too.
      if (config.tree)
        setExpanded(
          flattenRows(res.data.list)
            .filter((r) => r.children?.length)
            .map((r) => r.id),
        );
    } catch {
      // the request client shows the message
    } finally {
      setLoading(false);
    }
  }, [api, page, limit, quick, filters, order, config.columns, config.tree]);

  useEffect(() => {
    void load();
  }, [load]);

  const fields = useMemo(() => [...(config.fields ?? []), ...(config.dynamicFields ? config.dynamicFields(rows) : [])], [config, rows]);

  const openEdit = async (row: Row | null) => {
    form.resetFields();
    if (row) {
      const res = await api.edit(row.id);
      const data = res.data.row;
      form.setFieldsValue(config.toForm ? config.toForm(data) : data);
      setEditing(data);
    } else {
      form.setFieldsValue(config.defaults ?? {});
      setEditing(null);
    }
  };

  const submit = async () => {
    // An invalid form shows its messages; nothing more to do (no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const data = config.beforeSubmit ? config.beforeSubmit(values, editing ?? null) : values;
    setSaving(true);
    try {
      if (editing) await api.save({ ...data, id: editing.id });
      else await api.add(data);
      setEditing(undefined);
      void load();
    } catch {
      // message shown by the client; keep the drawer open
    } finally {
      setSaving(false);
    }
  };

  const remove = async (ids: number[]) => {
    try {
      await api.del(ids);
      setSelected([]);
      void load();
    } catch {
      // shown
    }
  };

  const columns: TableColumnsType<Row> = config.columns.map((col) => ({
    key: col.key,
    dataIndex: col.key,
    title: col.title,
    width: col.width,
    sorter: col.sorter,
    render: (value: unknown) => {
      const option = col.options?.find((o) => String(o.value) === String(value));
      switch (col.render) {
        case 'time':
          return timeFormat(value as string | number | null);
        case 'status':
          return (
            <Tag color={value === 'enable' ? 'success' : 'default'}>{value === 'enable' ? t('common.enable') : t('common.disable')}</Tag>
          );
        case 'yesno':
          return value ? t('common.yes') : t('common.no');
        case 'tag':
          return <Tag>{option?.label ?? String(value ?? '')}</Tag>;
        case 'tags':
          return (value as unknown[] | undefined)?.map((v) => <Tag key={String(v)}>{String(v)}</Tag>);
        case 'image':
          return value ? <img src={String(value)} alt="" style={{ width: 32, height: 32, objectFit: 'cover' }} /> : '-';
        case 'code':
          return (
            <Typography.Text code ellipsis style={{ maxWidth: 320 }}>
              {String(value ?? '')}
            </Typography.Text>
          );
        default:
          return option?.label ?? (value === null || value === undefined || value === '' ? '-' : String(value));
      }
    },
  }));
  const sorting = Boolean(config.sortable && canSort);
  // Keyboard-accessible alternative to drag sort: move a row above / below its neighbour.
  const move = (row: Row, step: -1 | 1) => {
    const siblings = siblingsOf(rows, row.id);
    const target = siblings[siblings.findIndex((r) => r.id === row.id) + step];
    if (target)
      void api.sortable(row.id, target.id).then(
        () => load(),
        () => undefined,
      );
  };
  const rowTitle = (row: Row) => String(row.label ?? row.title ?? row.name ?? row.id);
  // The API marks rows the caller may not change (e.g. an admin holding more than the caller, or the
  // caller's own account): their edit/delete buttons and checkbox are disabled, the API refuses anyway.
  const locked = (row: Row) => row.editable === false;
  if ((config.canEdit !== false && canEdit) || (config.canDelete !== false && canDelete) || config.rowActions || sorting) {
    columns.push({
      key: '_actions',
      title: t('common.actions'),
      fixed: 'right',
      width: sorting ? 240 : 180,
      render: (_: unknown, row: Row) => (
        <Space size="small">
          {config.rowActions?.(row, () => void load())}
          {sorting && (
            <>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('common.moveUp', { name: rowTitle(row) })}
                title={t('common.moveUp', { name: rowTitle(row) })}
                disabled={siblingsOf(rows, row.id)[0]?.id === row.id}
                onClick={() => move(row, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('common.moveDown', { name: rowTitle(row) })}
                title={t('common.moveDown', { name: rowTitle(row) })}
                disabled={siblingsOf(rows, row.id).at(-1)?.id === row.id}
                onClick={() => move(row, 1)}
              />
            </>
          )}
          {config.canEdit !== false && (
            <Auth name="edit">
              <Button size="small" type="link" disabled={locked(row)} onClick={() => void openEdit(row)}>
                {t('common.edit')}
              </Button>
            </Auth>
          )}
          {config.canDelete !== false && (
            <Auth name="del">
              <Popconfirm title={t('common.confirmDelete')} onConfirm={() => void remove([row.id])} disabled={locked(row)}>
                <Button size="small" type="link" danger disabled={locked(row)}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Auth>
          )}
        </Space>
      ),
    });
  }

  const filterCols = config.columns.filter((c) => c.filter);

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => void load()}>{t('common.refresh')}</Button>
        {config.canAdd !== false && (
          <Auth name="add">
            <Button type="primary" onClick={() => void openEdit(null)}>
              {t('common.add')}
            </Button>
          </Auth>
        )}
        {config.canDelete !== false && (
          <Auth name="del">
            <Popconfirm title={t('common.confirmDelete')} onConfirm={() => void remove(selected)} disabled={!selected.length}>
              <Button danger disabled={!selected.length}>
                {t('common.deleteSelected')}
              </Button>
            </Popconfirm>
          </Auth>
        )}
        {config.toolbar?.(() => void load())}
        <Input.Search
          allowClear
          placeholder={config.quickSearch ?? t('common.quickSearch')}
          aria-label={t('common.quickSearch')}
          onSearch={(v) => {
            setPage(1);
            setQuick(v.trim());
          }}
          style={{ width: 240 }}
        />
        {filterCols.map((col) =>
          col.filter === 'select' ? (
            <Select
              key={col.key}
              allowClear
              placeholder={col.title}
              style={{ width: 140 }}
              options={col.options}
              onChange={(v) => {
                setPage(1);
                setFilters((f) => ({ ...f, [col.key]: v === undefined ? '' : String(v) }));
              }}
            />
          ) : (
            <Input
              key={col.key}
              allowClear
              placeholder={col.title}
              style={{ width: 140 }}
              onPressEnter={(e) => {
                setPage(1);
                setFilters((f) => ({ ...f, [col.key]: (e.target as HTMLInputElement).value }));
              }}
              onChange={(e) => !e.target.value && setFilters((f) => ({ ...f, [col.key]: '' }))}
            />
          ),
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        expandable={config.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)) } : undefined}
        rowSelection={
          config.canDelete !== false && canDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: Row) => ({ disabled: locked(row), 'aria-label': t('common.selectRow', { name: rowTitle(row) }) }),
              }
            : undefined
        }
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setOrder(s?.order ? `${String(s.columnKey)},${s.order === 'descend' ? 'desc' : 'asc'}` : undefined);
        }}
        onRow={(row) =>
          sorting
            ? {
                draggable: true,
                title: t('common.dragToSort'),
                onDragStart: () => setDragId(row.id),
                onDragOver: (e) => e.preventDefault(),
                onDrop: () => {
                  if (dragId !== null && dragId !== row.id)
                    void api.sortable(dragId, row.id).then(
                      () => load(),
                      () => undefined,
                    );
                  setDragId(null);
                },
              }
            : {}
        }
        pagination={
          config.tree && !quick && !Object.values(filters).some(Boolean)
            ? false
            : {
                current: page,
                pageSize: limit,
                total,
                showSizeChanger: true,
                showTotal: (n) => t('common.total', { count: n }),
                onChange: (p, l) => {
                  setPage(p);
                  setLimit(l);
                },
              }
        }
      />
      <Drawer
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('common.edit') : t('common.add')}
        size={520}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(undefined)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          {fields
            .filter((f) => !f.only || (f.only === 'edit') === Boolean(editing))
            .map((field) => (
              <Form.Item key={field.name} name={field.name} label={field.label} help={field.help} rules={fieldRules(field, t as Translate)}>
                <FieldInput field={field} />
              </Form.Item>
            ))}
        </Form>
      </Drawer>
    </div>
  );
}
