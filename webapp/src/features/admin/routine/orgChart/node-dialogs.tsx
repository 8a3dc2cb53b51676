/**
 * The organisation chart's dialogs: a unit's names (zh-cn and en), type and accent colour — for a new
 * child or a rename — and "Move to…", the keyboard's way to what dragging does.
 */
import { useEffect, useMemo } from 'react';
import { ColorPicker, Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../../components/form-kit';
import { requiredRule, type Translate } from '../../../../lib/validators';
import type { OrgNode } from './api';
import { canMove, type Limits } from './tree';

const NS = 'admin/routine/orgChart';

export interface NodeValues {
  label: string;
  label_en: string;
  className: string;
  /** #rrggbb, or undefined for the type's colour. */
  borderColor?: string;
}

const CLASS_KEYS: Record<string, string> = { '': 'default', 'org-lead': 'lead', 'org-division': 'division', 'org-support': 'support' };

interface EditProps {
  open: boolean;
  title: string;
  initial: NodeValues;
  classNames: string[];
  labelMax: number;
  onCancel: () => void;
  onSubmit: (values: NodeValues) => void;
}

export function NodeDialog({ open, title, initial, classNames, labelMax, onCancel, onSubmit }: EditProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<NodeValues>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial);
  }, [open, initial, form]);
  const lengthRule = { max: labelMax, message: t('form.tooLong', { max: labelMax }) };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <AppForm<NodeValues>
        form={form}
        name="org-node-form"
        initialValues={initial}
        onFinish={(values) => onSubmit({ ...values, label: values.label.trim(), label_en: values.label_en.trim() })}
      >
        <Form.Item name="label" label={t('form.label')} rules={[requiredRule(t as Translate, t('form.label')), lengthRule]}>
          <Input maxLength={labelMax} autoFocus />
        </Form.Item>
        <Form.Item name="label_en" label={t('form.labelEn')} rules={[requiredRule(t as Translate, t('form.labelEn')), lengthRule]}>
          <Input maxLength={labelMax} lang="en" />
        </Form.Item>
        <Form.Item name="className" label={t('form.className')}>
          <Select options={classNames.map((value) => ({ value, label: t(`classes.${CLASS_KEYS[value] ?? 'default'}`) }))} />
        </Form.Item>
        <Form.Item
          name="borderColor"
          label={t('form.accent')}
          extra={t('form.accentHelp')}
          getValueFromEvent={(_colour: unknown, hex: string) => hex}
        >
          <ColorPicker allowClear disabledAlpha format="hex" showText onClear={() => form.setFieldValue('borderColor', undefined)} />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}

interface MoveProps {
  tree: OrgNode;
  moving: OrgNode | null;
  limits: Limits;
  nameOf: (node: OrgNode) => string;
  onCancel: () => void;
  onSubmit: (targetId: string) => void;
}

export function MoveDialog({ tree, moving, limits, nameOf, onCancel, onSubmit }: MoveProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ target: string }>();
  const options = useMemo(() => {
    const convert = (node: OrgNode): Record<string, unknown> => ({
      value: node.id,
      title: nameOf(node),
      disabled: !moving || !canMove(tree, moving.id, node.id, limits),
      children: node.children.filter((child) => child.id !== moving?.id).map(convert),
    });
    return [convert(tree)];
  }, [tree, moving, limits, nameOf]);
  return (
    <Modal
      open={moving !== null}
      title={moving ? t('moveTitle', { name: nameOf(moving) }) : ''}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <AppForm<{ target: string }> form={form} name="org-move-form" onFinish={(values) => onSubmit(values.target)}>
        <Form.Item name="target" label={t('moveTo')} extra={t('moveHelp')} rules={[requiredRule(t as Translate, t('moveTo'), false)]}>
          <TreeSelect treeData={options} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}
