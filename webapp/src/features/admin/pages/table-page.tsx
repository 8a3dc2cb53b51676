/**
 * The generic table page (DESIGN §3): list with quick search, column filters and pagination, an
 * add/edit drawer form, delete, drag sort — configured per resource (./resources). Buttons are
 * removed by the permission component unless the route allows the action.
 */
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tree,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CaretDownFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tableApi, type Row } from '../api';
import { Auth, useAuth } from '../shell/permission';

export interface Option {
  value: string | number;
  label: string;
}

export interface TreeOption {
  value: number | string;
  title: string;
  key: number | string;
  children?: TreeOption[];
  /** Read to screen readers after the title (e.g. the menu a "View" button belongs to). */
  context?: string;
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export interface ColumnConfig {
  key: string;
  title: string;
  render?: 'text' | 'time' | 'status' | 'tag' | 'tags' | 'image' | 'yesno' | 'code';
  options?: Option[];
  width?: number;
  sorter?: boolean;
  /** Offer a filter on this column (input: like, select: eq). */
  filter?: 'input' | 'select';
}

export interface FieldConfig {
  name: string;
  label: string;
  type: 'input' | 'password' | 'textarea' | 'number' | 'select' | 'multiselect' | 'radio' | 'switch' | 'date' | 'treeSelect' | 'tree';
  required?: boolean;
  options?: Option[];
  tree?: TreeOption[];
  placeholder?: string;
  help?: string;
  /** Only in the add form / only in the edit form. */
  only?: 'add' | 'edit';
  pattern?: { regex: RegExp; message: string };
}

export interface TableConfig {
  prefix: string;
  columns: ColumnConfig[];
  fields?: FieldConfig[];
  /** Fields computed from the loaded list (e.g. parent pickers). */
  dynamicFields?: (rows: Row[]) => FieldConfig[];
  defaults?: Record<string, unknown>;
  tree?: boolean;
  sortable?: boolean;
  canAdd?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  quickSearch?: string;
  beforeSubmit?: (values: Record<string, unknown>, row: Row | null) => Record<string, unknown>;
  toForm?: (row: Row) => Record<string, unknown>;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  toolbar?: (reload: () => void) => ReactNode;
}

export const STATUS_OPTIONS = (t: (k: string) => string): Option[] => [
  { value: 'enable', label: t('common.enable') },
  { value: 'disable', label: t('common.disable') },
];

export function flattenRows(rows: Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flattenRows((row.children as Row[] | undefined) ?? [])]);
}

export function rowsToTree(rows: Row[], label: (row: Row) => string): TreeOption[] {
  return rows.map((row) => ({
    value: row.id,
    key: row.id,
    title: label(row),
    children: row.children ? rowsToTree(row.children, label) : undefined,
  }));
}

/** Keys to show as checked when a rule tree opens: only the leaves. Conduction derives the parents,
 * so a group holding a parent and only some of its children does not appear to hold them all. */
export function leafKeys(tree: TreeOption[] | undefined, keys: unknown[]): (string | number)[] {
  const held = new Set(keys.map(String));
  const leaves: (string | number)[] = [];
  const walk = (nodes: TreeOption[]) =>
    nodes.forEach((node) => {
      if (node.children?.length) walk(node.children);
      else if (held.has(String(node.key))) leaves.push(node.key);
    });
  walk(tree ?? []);
  return leaves;
}

function RuleTree({ field, id, value, onChange }: { field: FieldConfig; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const checked = useMemo(() => leafKeys(field.tree, (value as unknown[]) ?? []), [field.tree, value]);
  return (
    <Tree
      data-field={id}
      aria-label={field.label}
      checkable
      defaultExpandAll
      // The expand toggle is not part of a node's name (antd's default icon is labelled "caret-down").
      switcherIcon={<CaretDownFilled aria-hidden />}
      treeData={field.tree}
      checkedKeys={checked}
      titleRender={(node) => (
        <>
          {node.title}
          {node.context && <span style={VISUALLY_HIDDEN}> ({node.context})</span>}
        </>
      )}
      // A half-checked parent is granted too: without it the checked children are unreachable.
      onCheck={(keys, info) => onChange?.([...(Array.isArray(keys) ? keys : keys.checked), ...(info.halfCheckedKeys ?? [])])}
    />
  );
}

/** One form control; `id` comes from Form.Item so the field's label names the control. */
function FieldInput({ field, id, value, onChange }: { field: FieldConfig; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin/common');
  switch (field.type) {
    case 'password':
      return (
        <Input.Password
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={field.placeholder}
          autoComplete="new-password"
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          rows={3}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={field.placeholder}
        />
      );
    case 'number':
      return <InputNumber id={id} value={value as number} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          id={id}
          value={value}
          onChange={onChange}
          options={field.options}
          placeholder={field.placeholder ?? t('common.select')}
          allowClear
          optionFilterProp="label"
          showSearch
        />
      );
    case 'multiselect':
      return (
        <Select
          id={id}
          mode="multiple"
          value={value}
          onChange={onChange}
          options={field.options}
          placeholder={field.placeholder ?? t('common.select')}
          optionFilterProp="label"
        />
      );
    case 'radio':
      return (
        <Radio.Group
          id={id}
          aria-label={field.label}
          role="radiogroup"
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          options={field.options}
        />
      );
    case 'switch':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'date':
      return (
        <DatePicker id={id} value={value ? dayjs(value as string) : null} onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')} />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          id={id}
          value={value}
          onChange={onChange}
          treeData={field.tree}
          treeDefaultExpandAll
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={field.placeholder}
        />
      );
    case 'tree':
      return <RuleTree field={field} id={id} value={value} onChange={onChange} />;
    default:
      return <Input id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} placeholder={field.placeholder} />;
  }
}

/** The rows sharing `id`'s parent (the top level or a `children` list), in display order. */
export function siblingsOf(rows: Row[], id: number): Row[] {
  if (rows.some((r) => r.id === id)) return rows;
  for (const row of rows) {
    const found = siblingsOf((row.children as Row[] | undefined) ?? [], id);
    if (found.length) return found;
  }
  return [];
}

export function formatTime(value: unknown): string {
  if (value === null || value === undefined || value === '' || value === 0) return '-';
  const n = Number(value);
  return dayjs(String(value).length === 10 ? n * 1000 : n).format('YYYY-MM-DD HH:mm:ss');
}

export function TablePage({ config }: { config: TableConfig }) {
  const { t } = useTranslation('admin/common');
  const api = useMemo(() => tableApi(config.prefix), [config.prefix]);
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
            .filter((r) => (r.children as Row[] | undefined)?.length)
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
    const values = await form.validateFields();
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
          return formatTime(value);
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
                getCheckboxProps: (row: Row) => ({ disabled: locked(row), 'aria-label': rowTitle(row) }),
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
              <Form.Item
                key={field.name}
                name={field.name}
                label={field.label}
                help={field.help}
                rules={[
                  ...(field.required ? [{ required: true, message: t('common.required', { field: field.label }) }] : []),
                  ...(field.pattern ? [{ pattern: field.pattern.regex, message: field.pattern.message }] : []),
                ]}
              >
                <FieldInput field={field} />
              </Form.Item>
            ))}
        </Form>
      </Drawer>
    </div>
  );
}
