/** The form controls of a schema field (./schema FieldInputType). */
import { useMemo, type CSSProperties } from 'react';
import { DatePicker, Input, InputNumber, Radio, Select, Switch, Tree, TreeSelect } from 'antd';
import { CaretDownFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { leafKeys, type FieldSchema } from './schema';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

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
