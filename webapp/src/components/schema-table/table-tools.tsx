/**
 * The schema table's extra tools (issue 12 §4), each optional by schema:
 * - `RangeFilter`: the from–to value of a filter on numbers, dates or times (between, not between);
 * - `exportCsv` / `CsvButton`: the rows of the current search, sorting and filters as a CSV file, read
 *   page by page through the same bounded list API (at most `CSV_MAX_ROWS`), with progress;
 * - `StatusSwitch`: a status cell that switches enable/disable in place;
 * - `BatchEdit`: one field set to one value on every selected row.
 * Rows are changed through the table's own edit API (read the row, save it with the change), so every
 * check and log of a normal save applies.
 */
import { useState, type CSSProperties } from 'react';
import { Button, DatePicker, Form, InputNumber, Modal, Progress, Select, Space, Switch } from 'antd';
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from '../../lib/dayjs-locale';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import { notify } from '../../lib/notify';
import type { ListQuery, Row, TableApi } from '../../lib/table-api';
import { timeFormat } from '../../lib/time';
import type { Translate } from '../../lib/validators';
import { FieldInput } from './field-input';
import type { ColumnSchema, FieldSchema, TableConfig } from './schema';

export const CSV_MAX_ROWS = 10_000;
const CSV_PAGE = 200;

/** "from,to" of a range filter; either side may be empty. */
export function RangeFilter({ col, onChange, style }: { col: ColumnSchema; onChange: (value: string) => void; style: CSSProperties }) {
  const { t } = useTranslation('admin/common');
  const [low, setLow] = useState<number | null>(null);
  const [high, setHigh] = useState<number | null>(null);
  const width = style;
  if (col.filter === 'range') {
    const apply = (a: number | null, b: number | null) => onChange(a === null && b === null ? '' : `${a ?? ''},${b ?? ''}`);
    return (
      <Space.Compact style={width}>
        <InputNumber
          aria-label={t('common.rangeFrom', { field: col.title })}
          placeholder={`${col.title} ≥`}
          value={low}
          onChange={(v) => setLow(v)}
          onBlur={() => apply(low, high)}
          onPressEnter={() => apply(low, high)}
          style={{ width: '50%' }}
        />
        <InputNumber
          aria-label={t('common.rangeTo', { field: col.title })}
          placeholder="≤"
          value={high}
          onChange={(v) => setHigh(v)}
          onBlur={() => apply(low, high)}
          onPressEnter={() => apply(low, high)}
          style={{ width: '50%' }}
        />
      </Space.Compact>
    );
  }
  const toValue = (dates: [Dayjs | null, Dayjs | null] | null): string => {
    if (!dates || (!dates[0] && !dates[1])) return '';
    const [a, b] = dates;
    if (col.filter === 'dateRange') return `${a ? a.format('YYYY-MM-DD') : ''},${b ? b.format('YYYY-MM-DD') : ''}`;
    return `${a ? a.startOf('day').unix() : ''},${b ? b.endOf('day').unix() : ''}`;
  };
  return (
    <DatePicker.RangePicker
      aria-label={col.title}
      placeholder={[`${col.title} ${t('common.from')}`, t('common.to')]}
      allowEmpty={[true, true]}
      onChange={(dates) => onChange(toValue(dates as [Dayjs | null, Dayjs | null] | null))}
      style={width}
    />
  );
}

/** A cell as text (for CSV): option labels, formatted times, lists joined. */
export function plainCell(col: ColumnSchema, row: Row, t: Translate): string {
  const value = row[col.key];
  if (col.text) return col.text(value, row);
  const label = (v: unknown) => col.options?.find((o) => String(o.value) === String(v))?.label ?? String(v ?? '');
  if (Array.isArray(value))
    return value
      .map((v) => (typeof v === 'object' && v !== null ? Object.values(v).join('=') : label(v)))
      .join(col.render === 'city' ? '/' : ', ');
  switch (col.render) {
    case 'time':
      return value ? timeFormat(value as number) : '';
    case 'status':
      return value === 'enable' ? t('common.enable') : value === 'disable' ? t('common.disable') : '';
    case 'yesno':
      return value ? t('common.yes') : t('common.no');
    default:
      return value === null || value === undefined ? '' : label(value);
  }
}

/** RFC 4180 text: fields quoted when they hold a comma, quote or line break; a formula-looking text is
 * prefixed with ' so a spreadsheet does not run it. */
export function toCsv(columns: ColumnSchema[], rows: Row[], t: Translate): string {
  const quote = (text: string) => {
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((c) => quote(c.title)), ...rows.map((row) => columns.map((c) => quote(plainCell(c, row, t))))];
  return lines.map((cells) => cells.join(',')).join('\r\n');
}

/** Every row of the current query, page by page (cursor or page numbers), up to `CSV_MAX_ROWS`. */
export async function allRows(
  api: TableApi,
  query: Omit<ListQuery, 'page' | 'limit' | 'cursor'>,
  onProgress: (count: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  let page = 1;
  let cursor: string | undefined;
  for (;;) {
    const res = await api.index({ ...query, page, limit: CSV_PAGE, cursor });
    const answer = res.data;
    rows.push(...answer.list);
    onProgress(rows.length);
    if (rows.length >= CSV_MAX_ROWS) return rows.slice(0, CSV_MAX_ROWS);
    if (answer.cursor) cursor = answer.cursor;
    else if (!((answer.pager ?? 'pages') === 'pages' && page * CSV_PAGE < answer.total && answer.list.length)) return rows;
    else cursor = undefined;
    page += 1;
  }
}

export function CsvButton({
  config,
  columns,
  query,
  filename,
}: {
  config: TableConfig;
  columns: ColumnSchema[];
  query: Omit<ListQuery, 'page' | 'limit' | 'cursor'>;
  filename: string;
}) {
  const { t } = useTranslation('admin/common');
  const [count, setCount] = useState<number | null>(null);
  const run = async () => {
    setCount(0);
    try {
      const rows = await allRows(config.api, query, setCount);
      const blob = new Blob(['\uFEFF', toCsv(columns, rows, t as Translate)], { type: 'text/csv;charset=utf-8' });
      saveBlob(blob, `${filename}-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
      notify('success', t(rows.length >= CSV_MAX_ROWS ? 'common.exportedMax' : 'common.exported', { count: rows.length }));
    } catch {
      // the request client showed why
    } finally {
      setCount(null);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={count !== null} onClick={() => void run()} aria-live="polite">
      {count === null ? t('common.exportCsv') : t('common.exporting', { count })}
    </Button>
  );
}

/** The values to save a row with: its edit form's values (as the drawer would send them) plus `patch`. */
async function saveWith(config: TableConfig, id: number, patch: Record<string, unknown>): Promise<void> {
  const res = await config.api.edit(id);
  const row = res.data.row;
  const form = config.toForm ? config.toForm(row) : row;
  const values = config.beforeSubmit ? config.beforeSubmit({ ...form, ...patch }, row) : { ...form, ...patch };
  await config.api.save({ ...values, id }, true);
}

export function StatusSwitch({
  config,
  row,
  col,
  label,
  reload,
}: {
  config: TableConfig;
  row: Row;
  col: ColumnSchema;
  label: string;
  reload: () => void;
}) {
  const { t } = useTranslation('admin/common');
  const [busy, setBusy] = useState(false);
  const on = row[col.key] === 'enable';
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      aria-label={`${col.title}: ${label}`}
      checkedChildren={t('common.enable')}
      unCheckedChildren={t('common.disable')}
      onChange={(next) => {
        setBusy(true);
        saveWith(config, row.id, { [col.key]: next ? 'enable' : 'disable' })
          .then(() => {
            notify('success', t('common.statusChanged'));
            reload();
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
}

export function BatchEdit({
  config,
  fields,
  ids,
  onDone,
}: {
  config: TableConfig;
  fields: FieldSchema[];
  ids: number[];
  onDone: () => void;
}) {
  const { t } = useTranslation('admin/common');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState<string | undefined>();
  const [value, setValue] = useState<unknown>();
  const [done, setDone] = useState<number | null>(null);
  const field = fields.find((f) => f.name === name);
  const run = async () => {
    if (!field) return;
    setDone(0);
    let changed = 0;
    for (const id of ids) {
      try {
        await saveWith(config, id, { [field.name]: value });
        changed += 1;
      } catch {
        // this row's message was shown; go on with the others
      }
      setDone((n) => (n ?? 0) + 1);
    }
    notify(changed === ids.length ? 'success' : 'error', t('common.batchDone', { count: changed, total: ids.length }));
    setDone(null);
    setOpen(false);
    onDone();
  };
  return (
    <>
      <Button
        icon={<EditOutlined aria-hidden />}
        disabled={!ids.length}
        onClick={() => (setName(undefined), setValue(undefined), setOpen(true))}
      >
        {t('common.editSelected')}
      </Button>
      <Modal
        open={open}
        title={t('common.editSelectedTitle', { count: ids.length })}
        onCancel={() => done === null && setOpen(false)}
        onOk={() => void run()}
        okButtonProps={{ disabled: !field, loading: done !== null }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('common.batchField')} htmlFor="batch-field">
            <Select
              id="batch-field"
              showSearch
              optionFilterProp="label"
              value={name}
              onChange={(v: string) => (setName(v), setValue(undefined))}
              options={fields.map((f) => ({ value: f.name, label: f.label }))}
              placeholder={t('common.select')}
            />
          </Form.Item>
          {field && (
            <Form.Item label={field.label} htmlFor="batch-value">
              <FieldInput field={field} id="batch-value" value={value} onChange={setValue} />
            </Form.Item>
          )}
        </Form>
        {done !== null && (
          <Progress percent={Math.round((done / Math.max(1, ids.length)) * 100)} format={() => `${done} / ${ids.length}`} />
        )}
      </Modal>
    </>
  );
}
