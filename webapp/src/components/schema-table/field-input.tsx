/** The form controls of a schema field (./schema FieldInputType). */
import { lazy, Suspense, useMemo } from 'react';
import { Button, Checkbox, ColorPicker, DatePicker, Input, InputNumber, Radio, Select, Switch, TimePicker, Tree, TreeSelect } from 'antd';
import { CaretDownFilled } from '@ant-design/icons';
import dayjs from '../../lib/dayjs-locale';
import { useTranslation } from 'react-i18next';
import { CityCascader } from '../city-cascader';
import { DateInput } from '../date-input';
import { IconPicker } from '../icon-picker';
import { InputRows } from '../input-rows';
import { UploadField } from '../upload/upload-field';
import { RemoteSelect } from './remote-select';
import { leafKeys, type FieldSchema } from './schema';
import { VISUALLY_HIDDEN } from '../visually-hidden';

// Loaded when a form with a rich-text field opens (the editor is the largest control).
const RichTextEditor = lazy(() => import('../rich-text-editor'));

function RuleTree({ field, id, value, onChange }: { field: FieldSchema; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
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

interface Pair {
  key: string;
  value: string;
}

/** Key-value pairs (the `array` type): one row of two inputs per pair, added and removed by buttons. */
function PairsInput({ field, id, value, onChange }: { field: FieldSchema; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin/common');
  return (
    <InputRows<Pair>
      id={id}
      label={field.label}
      rows={Array.isArray(value) ? (value as Pair[]) : []}
      onChange={(next) => onChange?.(next)}
      inputs={[
        {
          label: (n) => t('common.pairKey', { n }),
          placeholder: t('common.key'),
          maxLength: 100,
          get: (pair) => pair.key,
          set: (pair, key) => ({ ...pair, key }),
        },
        {
          label: (n) => t('common.pairValue', { n }),
          placeholder: t('common.value'),
          maxLength: 500,
          get: (pair) => pair.value,
          set: (pair, value) => ({ ...pair, value }),
        },
      ]}
      removeLabel={(n) => t('common.removePair', { n })}
      blank={() => ({ key: '', value: '' })}
      addText={t('common.addPair')}
      addButton={{ type: 'dashed' }}
      max={50}
      rowGap={8}
    />
  );
}

/** One form control; `id` comes from Form.Item so the field's label names the control. */
export function FieldInput({
  field,
  id,
  value,
  onChange,
}: {
  field: FieldSchema;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation('admin/common');
  // What Form.Item handed over, for the controls that take it as it is.
  const control = { id, value, onChange };
  switch (field.input) {
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
    case 'richtext':
      return (
        <Suspense fallback={<Input.TextArea rows={6} disabled aria-busy aria-label={field.label} />}>
          <RichTextEditor id={id} label={field.label} value={value as string} onChange={onChange} placeholder={field.placeholder} />
        </Suspense>
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={value as number}
          onChange={(v) => onChange?.(v)}
          min={field.min}
          max={field.max}
          precision={field.precision}
          style={{ width: '100%' }}
        />
      );
    case 'decimal':
      // Typed as text so that the `float` rule can say what is wrong ("1.2.3"); empty is no value.
      return (
        <Input
          id={id}
          inputMode="decimal"
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => onChange?.(e.target.value.trim() === '' ? null : e.target.value.trim())}
          placeholder={field.placeholder}
        />
      );
    case 'checkbox':
      return (
        <div id={id} role="group" aria-label={field.label}>
          <Checkbox.Group value={(value as (string | number)[]) ?? []} onChange={(v) => onChange?.(v)} options={field.options} />
        </div>
      );
    case 'datetime':
      return (
        <DatePicker id={id} showTime value={value ? dayjs.unix(Number(value)) : null} onChange={(d) => onChange?.(d ? d.unix() : 0)} />
      );
    case 'time':
      return (
        <TimePicker
          id={id}
          format="HH:mm"
          value={value ? dayjs(`2000-01-01 ${String(value)}`) : null}
          onChange={(d) => onChange?.(d ? d.format('HH:mm') : '')}
        />
      );
    case 'year':
      return (
        <DatePicker
          id={id}
          picker="year"
          value={value ? dayjs(`${String(value).padStart(4, '0')}-01-01`) : null}
          onChange={(d) => onChange?.(d ? d.year() : 0)}
        />
      );
    case 'color':
      return (
        <ColorPicker
          value={(value as string) || undefined}
          showText
          allowClear
          format="hex"
          onChange={(c) => onChange?.(c.cleared ? '' : c.toHexString())}
        >
          <Button id={id} aria-label={field.label}>
            {(value as string) || t('common.select')}
          </Button>
        </ColorPicker>
      );
    case 'image':
    case 'images':
    case 'file':
    case 'files':
      return <UploadField id={id} type={field.input} topic={field.topic} value={value as string | string[]} onChange={onChange} />;
    case 'city':
      return <CityCascader id={id} value={(value as string[]) ?? []} onChange={(codes) => onChange?.(codes)} />;
    case 'pairs':
      return <PairsInput field={field} {...control} />;
    case 'remoteselect':
    case 'remoteselects':
      return field.remote ? (
        <RemoteSelect {...control} source={field.remote} multiple={field.input === 'remoteselects'} placeholder={field.placeholder} />
      ) : null;
    case 'select':
      return (
        <Select
          {...control}
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
          {...control}
          mode="multiple"
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
      return <DateInput {...control} />;
    case 'treeSelect':
      return (
        <TreeSelect
          {...control}
          treeData={field.tree}
          treeDefaultExpandAll
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={field.placeholder}
        />
      );
    case 'tree':
      return <RuleTree field={field} {...control} />;
    case 'icon':
      return field.icons ? (
        <IconPicker id={id} value={value as string} onChange={onChange} choice={field.icons} placeholder={field.placeholder} />
      ) : (
        <Input id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} placeholder={field.placeholder} />
      );
    default:
      return (
        <Input
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={field.placeholder}
          readOnly={field.readOnly}
          variant={field.readOnly ? 'filled' : undefined}
        />
      );
  }
}
