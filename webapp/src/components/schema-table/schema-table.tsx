/**
 * The one schema-driven table/form builder of the back office (DESIGN §3): list with quick search,
 * column filters, sorting and paging (./use-listing, ./list-pager: page jumps or Previous / Next as the
 * answer says), column settings, an add/edit drawer form (antd Form, rules of lib/validators), delete,
 * drag sort — configured per page by a schema (./schema). On phones the rows are cards (./row-cards).
 * Buttons are removed by the permission component (../permission) unless the current route allows the
 * action.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Col, Drawer, Empty, Form, Input, Popconfirm, Row as GridRow, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Rule } from 'antd/es/form';
import { ArrowDownOutlined, ArrowUpOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../lib/table-api';
import { notify } from '../../lib/notify';
import { useNarrowScreen } from '../../lib/theme';
import { isFloat, requiredRule, ruleFor, type Translate } from '../../lib/validators';
import { passesPreset, presetMessageKey } from '../../lib/presets';
import { Auth, useAuth } from '../permission';
import { cellContent } from './cell';
import { ColumnSettings, useHiddenColumns } from './column-settings';
import { FieldInput } from './field-input';
import { ListPager } from './list-pager';
import { RowCards, rowTitle } from './row-cards';
import { flattenRows, siblingsOf, type FieldSchema, type TableConfig } from './schema';
import { BatchEdit, CsvButton, StatusSwitch } from './table-tools';
import { SearchFilter } from './search-filter';
import { defaultOperator, isActive, searchOf, type Filter } from './search-operators';
import { useListing } from './use-listing';

const TEXT_INPUTS = new Set(['input', 'password', 'textarea', 'richtext']);
/** Inputs whose value is a list: required means at least one item. */
const LIST_INPUTS = new Set(['multiselect', 'checkbox', 'images', 'files', 'city', 'pairs', 'remoteselects', 'tree']);

/** The antd rules of a field: `required`, the named checks of lib/validators and its bounds. */
export function fieldRules(field: FieldSchema, t: Translate) {
  const rules: Rule[] = (field.rules ?? []).map((rule) =>
    rule !== 'required'
      ? ruleFor(rule, t)
      : field.input === 'richtext'
        ? { required: true, message: t('general:validate.editorRequired') }
        : {
            ...requiredRule(t, field.label, TEXT_INPUTS.has(field.input)),
            ...(LIST_INPUTS.has(field.input) ? { type: 'array' as const } : {}),
          },
  );
  if (field.pattern) {
    try {
      rules.push({ pattern: new RegExp(`^(?:${field.pattern})$`, 'u'), message: t('general:validate.format') });
    } catch {
      // A pattern JavaScript cannot read is left to the server's check.
    }
  }
  for (const preset of field.presets ?? []) {
    const message = preset.message || t(presetMessageKey(preset.name));
    rules.push({
      message,
      validator: (_rule: unknown, value: unknown) =>
        value === undefined || value === null || passesPreset(preset.name, String(value))
          ? Promise.resolve()
          : Promise.reject(new Error(message)),
    });
  }
  const { min, max } = field;
  if (min === undefined && max === undefined) return rules;
  if (TEXT_INPUTS.has(field.input)) {
    const message = t('general:validate.length', { min: min ?? 0, max: max ?? '∞' });
    rules.push({ ...(min ? { min } : {}), ...(max ? { max } : {}), message });
  } else if (field.input === 'number') {
    const message = t('general:validate.range', { min: min ?? '-∞', max: max ?? '∞' });
    rules.push({ type: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), message });
  } else if (field.input === 'decimal') {
    // The value is text: its format is the `float` rule's; here only the bounds of a number it reads as.
    const message = t('general:validate.range', { min: min ?? '-∞', max: max ?? '∞' });
    const within = (v: unknown) => {
      const text = v === undefined || v === null ? '' : String(v);
      if (!isFloat(text)) return true;
      const n = Number(text);
      return (min === undefined || n >= min) && (max === undefined || n <= max);
    };
    rules.push({ validator: (_: unknown, v: unknown) => (within(v) ? Promise.resolve() : Promise.reject(new Error(message))) });
  }
  return rules;
}

/**
 * antd's table copies its header (the "select all" checkbox, sorters) into a hidden row that measures
 * column widths (`aria-hidden`, but still focusable): made inert, so keyboard and screen-reader users
 * meet each control once (axe: aria-hidden-focus).
 */
function useInertMeasureRows(ref: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}

export function SchemaTable({ config }: { config: TableConfig }) {
  const { t } = useTranslation('admin/common');
  const api = config.api;
  const narrow = useNarrowScreen();
  const root = useRef<HTMLDivElement>(null);
  useInertMeasureRows(root);
  const twoColumns = config.formColumns === 2 && !narrow;
  const listing = useListing(api);
  const { answer, loading, criteria } = listing;
  const rows = answer.list;
  const [filters, setFilters] = useState<Record<string, Filter>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [dragId, setDragId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [showFilters, setShowFilters] = useState(false);
  const filterId = useId();
  const [hidden, setHidden] = useHiddenColumns(window.location.pathname);
  const [form] = Form.useForm();
  const canEdit = useAuth('edit');
  const canDelete = useAuth('del');
  const canSort = useAuth('sortable');
  const reload = listing.reload;

  // A tree opens fully after every load, so a newly added child is visible too.
  useEffect(() => {
    if (config.tree)
      setExpanded(
        flattenRows(answer.list)
          .filter((r) => r.children?.length)
          .map((r) => r.id),
      );
  }, [answer, config.tree]);

  const fields = useMemo(() => [...(config.fields ?? []), ...(config.dynamicFields ? config.dynamicFields(rows) : [])], [config, rows]);

  const filterBy = (key: string, filter: Filter) => {
    const next = { ...filters, [key]: filter };
    setFilters(next);
    const search = searchOf(next, config.columns);
    if (search !== criteria.search) listing.reset({ search });
  };

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

  /** The form's values as a save sends them; null when invalid (the form shows its messages). */
  const formValues = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return null;
    return config.beforeSubmit ? config.beforeSubmit(values, editing ?? null) : values;
  };

  const submit = async () => {
    // An invalid form shows its messages; nothing more to do (no unhandled rejection).
    const data = await formValues();
    if (!data) return;
    setSaving(true);
    try {
      if (editing) await api.save({ ...data, id: editing.id });
      else await api.add(data);
      setEditing(undefined);
      reload();
    } catch {
      // message shown by the client; keep the drawer open
    } finally {
      setSaving(false);
    }
  };

  const remove = async (ids: number[]) => {
    try {
      if (config.beforeDelete && !(await config.beforeDelete(ids))) return;
      await api.del(ids);
      setSelected([]);
      reload();
    } catch {
      // shown
    }
  };

  // Only the fields the answer can sort by have a sorter (a schema may still turn one off).
  const sortable = answer.sortable ?? [];
  const [orderField, orderDirection] = criteria.order.split(',');
  const sortOrder = (key: string) => (orderField === key ? (orderDirection === 'desc' ? 'descend' : 'ascend') : null);
  const shownColumns = config.columns.filter((c) => !hidden.includes(c.key));
  const sortColumns = config.columns.filter((c) => c.sorter !== false && sortable.includes(c.key));

  // Status cells that switch in place (edit permission), in the table and the phone cards.
  const switches = config.columns.filter((c) => c.inlineSwitch && config.canEdit !== false && canEdit);
  const cellConfig = switches.length
    ? {
        cells: {
          ...config.cells,
          ...Object.fromEntries(
            switches.map((col) => [
              col.key,
              (row: Row) =>
                row.editable === false ? (
                  cellContent({ ...col, inlineSwitch: false }, row, {}, t as Translate)
                ) : (
                  <StatusSwitch config={config} row={row} col={col} label={rowTitle(row)} reload={listing.reload} />
                ),
            ]),
          ),
        },
      }
    : config;
  const columns: TableColumnsType<Row> = shownColumns.map((col) => {
    const canSortBy = sortColumns.includes(col);
    return {
      key: col.key,
      dataIndex: col.key,
      title: col.title,
      width: col.width,
      sorter: canSortBy,
      sortOrder: canSortBy ? sortOrder(col.key) : undefined,
      render: (_: unknown, row: Row) => cellContent(col, row, cellConfig, t as Translate),
    };
  });
  // Moving rows is offered in the list's own order only: under a column's order a moved row would not
  // show where it was put.
  const sorting = Boolean(config.sortable && canSort && !criteria.order);
  // Keyboard-accessible alternative to drag sort: move a row above / below its neighbour.
  const move = (row: Row, step: -1 | 1) => {
    const siblings = siblingsOf(rows, row.id);
    const target = siblings[siblings.findIndex((r) => r.id === row.id) + step];
    if (target)
      void api.sortable(row.id, target.id).then(
        () => reload(),
        () => undefined,
      );
  };
  // The API marks rows the caller may not change (e.g. an admin holding more than the caller, or the
  // caller's own account): their edit/delete buttons and checkbox are disabled, the API refuses anyway.
  const locked = (row: Row) => row.editable === false;
  // Delete (one row, or the selected ones) after a confirmation; shown only with the `del` permission.
  const deleteButton = (ids: number[], disabled: boolean, label: string, inRow = false) =>
    config.canDelete !== false && (
      <Auth name="del">
        <Popconfirm title={config.confirmDelete ?? t('common.confirmDelete')} onConfirm={() => void remove(ids)} disabled={disabled}>
          <Button size={inRow ? 'small' : undefined} type={inRow ? 'link' : undefined} danger disabled={disabled}>
            {label}
          </Button>
        </Popconfirm>
      </Auth>
    );
  const hasActions = (config.canEdit !== false && canEdit) || (config.canDelete !== false && canDelete) || config.rowActions || sorting;
  const actions = (row: Row): ReactNode => (
    <>
      {config.rowActions?.(row, reload)}
      {sorting &&
        ([-1, 1] as const).map((step) => {
          const siblings = siblingsOf(rows, row.id);
          const label = t(step < 0 ? 'common.moveUp' : 'common.moveDown', { name: rowTitle(row) });
          return (
            <Button
              key={step}
              size="small"
              type="text"
              icon={step < 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}
              aria-label={label}
              title={label}
              disabled={(step < 0 ? siblings[0] : siblings.at(-1))?.id === row.id}
              onClick={() => move(row, step)}
            />
          );
        })}
      {config.canEdit !== false && (
        <Auth name="edit">
          <Button size="small" type="link" disabled={locked(row)} onClick={() => void openEdit(row)}>
            {t('common.edit')}
          </Button>
        </Auth>
      )}
      {deleteButton([row.id], locked(row), t('common.delete'), true)}
    </>
  );
  if (hasActions) {
    columns.push({
      key: '_actions',
      title: t('common.actions'),
      fixed: 'right',
      width: sorting ? 240 : 180,
      render: (_: unknown, row: Row) => <Space size="small">{actions(row)}</Space>,
    });
  }

  const filterCols = config.columns.filter((c) => c.filter);
  const filterCount = filterCols.length + (narrow && sortColumns.length > 0 ? 1 : 0);
  const activeFilters = Object.values(filters).filter(isActive).length + (criteria.order ? 1 : 0);
  const filtered = Boolean(criteria.quick || criteria.search);
  const paged = !(config.tree && !filtered);
  // Nothing under the spinner while loading; a filtered list that read 2,000 rows without a match says
  // that Next looks further.
  const empty = loading ? <span /> : answer.more && answer.cursor ? t('common.noMatchYet') : undefined;
  const selectionOn = (config.canDelete !== false && canDelete) || Boolean(config.batchEdit && config.canEdit !== false && canEdit);

  return (
    <div ref={root}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Button onClick={reload}>{t('common.refresh')}</Button>
        {config.canAdd !== false && (
          <Auth name="add">
            <Button type="primary" onClick={() => (config.onAdd ? config.onAdd(reload) : void openEdit(null))}>
              {t('common.add')}
            </Button>
          </Auth>
        )}
        {deleteButton(selected, !selected.length, t('common.deleteSelected'))}
        {config.batchEdit && config.canEdit !== false && canEdit && (
          <BatchEdit
            config={config}
            fields={fields.filter((f) => !f.only && f.input !== 'password')}
            ids={selected}
            onDone={() => {
              setSelected([]);
              reload();
            }}
          />
        )}
        {config.csv && (
          <CsvButton
            config={config}
            columns={shownColumns}
            filename={config.csv}
            query={{ quick_search: criteria.quick || undefined, search: criteria.search || undefined, order: criteria.order || undefined }}
          />
        )}
        {config.tree && !narrow && (
          <>
            <Button
              onClick={() =>
                setExpanded(
                  flattenRows(rows)
                    .filter((r) => r.children?.length)
                    .map((r) => r.id),
                )
              }
            >
              {t('common.expandAll')}
            </Button>
            <Button onClick={() => setExpanded([])}>{t('common.collapseAll')}</Button>
          </>
        )}
        {config.toolbar?.(reload, selected, () => setSelected([]))}
        <Input.Search
          allowClear
          placeholder={config.quickSearch ?? t('common.quickSearch')}
          aria-label={t('common.quickSearch')}
          onSearch={(v) => listing.reset({ quick: v.trim() })}
          style={{ flex: '1 1 200px', maxWidth: narrow ? undefined : 280 }}
        />
        {narrow && filterCount > 0 && (
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={showFilters}
            aria-controls={filterId}
            onClick={() => setShowFilters((v) => !v)}
            type={activeFilters ? 'primary' : 'default'}
            ghost={Boolean(activeFilters)}
          >
            {activeFilters ? t('common.filtersActive', { count: activeFilters }) : t('common.filters')}
          </Button>
        )}
        {/* On a phone the filters wait behind their button: the first row stays on the first screen. Hidden,
            not removed, so what was typed into them stays. */}
        <div id={filterId} style={{ display: narrow && !showFilters ? 'none' : 'contents' }}>
          {filterCols.map((col) => (
            <SearchFilter
              key={col.key}
              col={col}
              narrow={narrow}
              filter={filters[col.key] ?? { operator: defaultOperator(col), val: '' }}
              onChange={(filter) => filterBy(col.key, filter)}
            />
          ))}
          {narrow && sortColumns.length > 0 && (
            <Select
              allowClear
              aria-label={t('common.sortBy')}
              placeholder={t('common.sortBy')}
              value={criteria.order || undefined}
              style={{ flex: '1 1 140px' }}
              onChange={(v?: string) => listing.reset({ order: v ?? '' })}
              options={sortColumns.flatMap((c) => [
                { value: `${c.key},asc`, label: `${c.title} ↑` },
                { value: `${c.key},desc`, label: `${c.title} ↓` },
              ])}
            />
          )}
        </div>
        <ColumnSettings columns={config.columns} hidden={hidden} onChange={setHidden} />
      </div>
      {narrow ? (
        <RowCards
          rows={rows}
          columns={shownColumns}
          content={(col, row) => cellContent(col, row, cellConfig, t as Translate, true)}
          actions={hasActions ? actions : undefined}
          selection={selectionOn ? { selected, onChange: setSelected, disabled: locked } : undefined}
          loading={loading}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
        />
      ) : (
        // Busy while a list is asked for (as the phone cards are): the rows shown until then are the
        // previous answer's.
        <div aria-busy={loading}>
          <Table<Row>
            rowKey="id"
            size="middle"
            loading={loading}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            locale={empty === undefined ? undefined : { emptyText: empty }}
            expandable={
              config.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)) } : undefined
            }
            rowSelection={
              selectionOn
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(Number)),
                    getCheckboxProps: (row: Row) => ({
                      disabled: locked(row),
                      'aria-label': t('common.selectRow', { name: rowTitle(row) }),
                    }),
                  }
                : undefined
            }
            onChange={(_, __, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              listing.reset({ order: s?.order ? `${String(s.columnKey)},${s.order === 'descend' ? 'desc' : 'asc'}` : '' });
            }}
            onRow={(row) =>
              sorting
                ? {
                    draggable: true,
                    title: t('common.dragToSort'),
                    onDragStart: () => setDragId(row.id),
                    onDragOver: (e) => e.preventDefault(),
                    onDrop: () => {
                      // A row moves among its siblings only (SPEC §8: beyond the movable range otherwise).
                      if (dragId !== null && dragId !== row.id && !siblingsOf(rows, dragId).some((r) => r.id === row.id))
                        notify('error', t('navigation.beyondMovableRange'));
                      else if (dragId !== null && dragId !== row.id)
                        void api.sortable(dragId, row.id).then(
                          () => reload(),
                          () => undefined,
                        );
                      setDragId(null);
                    },
                  }
                : {}
            }
            pagination={false}
          />
        </div>
      )}
      {paged && <ListPager listing={listing} narrow={narrow} />}
      <Drawer
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('common.edit') : t('common.add')}
        size={narrow ? '100%' : twoColumns ? 760 : 520}
        destroyOnHidden
        extra={
          <Space wrap>
            {config.formActions?.(formValues, editing ?? null)}
            <Button onClick={() => setEditing(undefined)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <GridRow gutter={16}>
            {fields
              .filter((f) => !f.only || (f.only === 'edit') === Boolean(editing))
              .map((field) => (
                <Col key={field.name} span={twoColumns && !field.wide ? 12 : 24}>
                  <Form.Item name={field.name} label={field.label} extra={field.help} rules={fieldRules(field, t as Translate)}>
                    <FieldInput field={field} />
                  </Form.Item>
                </Col>
              ))}
          </GridRow>
        </Form>
      </Drawer>
    </div>
  );
}
