/**
 * One column's filter in the common search: an operator select (./search-operators: the operators of
 * the column's kind, named for screen readers by the column) and the value its operator takes — one
 * value (text, number, date, option or related row), several (typed or picked), a from–to pair, or none (empty /
 * not empty).
 */
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from '../../lib/dayjs-locale';
import type { ColumnSchema } from './schema';
import { operatorsOf, shapeOf, withOperator, type Filter } from './search-operators';
import { RemoteSelect } from './remote-select';
import { RangeFilter } from './table-tools';

export function SearchFilter({
  col,
  filter,
  narrow,
  onChange,
}: {
  col: ColumnSchema;
  filter: Filter;
  narrow: boolean;
  onChange: (filter: Filter) => void;
}) {
  const { t } = useTranslation('admin/common');
  const { operator, val } = filter;
  const shape = shapeOf(operator);
  const ordered = col.filter === 'range' || col.filter === 'dateRange' || col.filter === 'timeRange';
  const set = (next: string | string[]) => onChange({ operator, val: next });
  const named = { 'aria-label': col.title, placeholder: col.title };
  const grow = { flex: '1 1 auto', minWidth: 0 };
  let input;
  if (shape === 'none') {
    input = <Input key={shape} disabled {...named} style={grow} />;
  } else if (shape === 'two') {
    input = <RangeFilter key={shape} col={col} onChange={set} style={grow} />;
  } else if (col.filter === 'remote' && col.remote) {
    // Related rows picked by name; their ids are searched.
    const many = shape === 'many';
    input = (
      <RemoteSelect
        key={shape}
        source={col.remote}
        multiple={many}
        label={col.title}
        placeholder={col.title}
        value={many ? (val as string[]).map(Number) : Number(val) || undefined}
        onChange={(v) => set(many ? (v as number[]).map(String) : v ? String(v) : '')}
        style={grow}
      />
    );
  } else if (shape === 'many') {
    input = (
      <Select
        key={shape}
        mode={col.options ? 'multiple' : 'tags'}
        allowClear
        {...named}
        options={col.options?.map((o) => ({ value: String(o.value), label: o.label }))}
        tokenSeparators={[',']}
        maxTagCount="responsive"
        value={val as string[]}
        onChange={(v: string[]) => set(v)}
        open={col.options ? undefined : false}
        style={grow}
      />
    );
  } else if (col.filter === 'select') {
    input = (
      <Select
        key={shape}
        allowClear
        {...named}
        options={col.options}
        value={val === '' ? undefined : val}
        onChange={(v) => set(v === undefined || v === null ? '' : String(v))}
        style={grow}
      />
    );
  } else if (col.filter === 'dateRange' || col.filter === 'timeRange') {
    input = <DatePicker key={shape} {...named} onChange={(d: Dayjs | null) => set(d ? d.format('YYYY-MM-DD') : '')} style={grow} />;
  } else if (ordered) {
    const apply = (v: string | number | null) => set(v === null || v === '' ? '' : String(v));
    input = (
      <InputNumber
        key={shape}
        {...named}
        onBlur={(e) => apply(e.target.value.trim())}
        onPressEnter={(e) => apply((e.target as HTMLInputElement).value.trim())}
        style={grow}
      />
    );
  } else {
    input = (
      <Input
        key={shape}
        allowClear
        {...named}
        onPressEnter={(e) => set((e.target as HTMLInputElement).value.trim())}
        onChange={(e) => !e.target.value && val && set('')}
        style={grow}
      />
    );
  }
  const wide = shape === 'two' || shape === 'many';
  return (
    <Space.Compact style={{ flex: narrow ? '1 1 100%' : `0 0 ${wide ? 340 : 250}px`, display: 'flex' }}>
      <Select
        aria-label={t('common.operatorOf', { field: col.title })}
        value={operator}
        onChange={(next) => onChange(withOperator(filter, next))}
        options={operatorsOf(col).map((op) => ({ value: op, label: t(`common.operators.${op}`) }))}
        popupMatchSelectWidth={false}
        style={{ flex: '0 0 110px' }}
      />
      {input}
    </Space.Compact>
  );
}
