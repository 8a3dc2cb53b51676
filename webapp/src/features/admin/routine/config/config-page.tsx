/**
 * routine/config: config groups as tabs, each item rendered by its type with an antd control
 * (image, images, file and files items use the shared upload field). Secrets come back empty:
 * leaving a password empty keeps the stored one. The mail tab can send a test mail.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  ColorPicker,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  TimePicker,
} from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from '../../../../lib/dayjs-locale';
import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../../../components/icon-picker';
import { useMouseOnlyMore } from '../../../../components/tabs-more';
import { Auth } from '../../../../components/permission';
import { UploadField } from '../../../../components/upload/upload-field';
import { currentLanguage } from '../../../../lib/i18n';
import { requiredRule, ruleFor } from '../../../../lib/validators';
import { useNarrowScreen } from '../../../../lib/theme';
import { ICON_CHOICE } from '../../shell/icons';
import * as configApi from './api';
import type { ConfigGroup, ConfigItem } from './api';
import { ConfigGroupsInput, groupsProblem, type GroupRow } from './config-groups';

export const ITEM_TYPES = [
  'string',
  'password',
  'number',
  'radio',
  'checkbox',
  'switch',
  'textarea',
  'array',
  'datetime',
  'date',
  'time',
  'select',
  'selects',
  'editor',
  'image',
  'file',
  'icon',
  'color',
  'i18n',
];

function options(item: ConfigItem) {
  return Object.entries(item.content ?? {}).map(([value, label]) => ({ value, label }));
}

/** The antd control of one item type (id/value/onChange injected by Form.Item: the id ties the item's
 * label to its control, so the field has a name for screen readers). */
export function ConfigControl({
  item,
  value,
  onChange,
  id,
}: {
  item: ConfigItem;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const { t } = useTranslation('admin/common');
  const narrow = useNarrowScreen();
  const text = (value ?? '') as string;
  switch (item.type) {
    case 'password':
      return (
        <Input.Password
          id={id}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={item.has_value ? t('config.secretKept') : ''}
          autoComplete="new-password"
        />
      );
    case 'number':
      return <InputNumber id={id} value={text === '' ? null : Number(text)} onChange={(v) => onChange?.(v ?? '')} style={{ width: 200 }} />;
    case 'radio':
      return <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value)} options={options(item)} />;
    case 'checkbox':
      return <Checkbox.Group value={(value as string[]) ?? []} onChange={(v) => onChange?.(v)} options={options(item)} />;
    case 'switch':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} aria-label={item.title} />;
    case 'textarea':
    case 'editor':
      return <Input.TextArea id={id} rows={item.type === 'editor' ? 8 : 3} value={text} onChange={(e) => onChange?.(e.target.value)} />;
    case 'select':
      return <Select id={id} value={value} onChange={onChange} options={options(item)} style={{ width: 240 }} />;
    case 'selects':
      return (
        <Select
          id={id}
          mode="multiple"
          value={(value as string[]) ?? []}
          onChange={onChange}
          options={options(item)}
          style={{ width: 320 }}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          id={id}
          showTime
          value={text ? dayjs(text) : null}
          onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD HH:mm:ss') : '')}
        />
      );
    case 'date':
      return <DatePicker id={id} value={text ? dayjs(text) : null} onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')} />;
    case 'time':
      return (
        <TimePicker id={id} value={text ? dayjs(`2000-01-01 ${text}`) : null} onChange={(d) => onChange?.(d ? d.format('HH:mm:ss') : '')} />
      );
    case 'color':
      return <ColorPicker value={text || undefined} onChangeComplete={(c) => onChange?.(c.toHexString())} showText allowClear />;
    case 'array': {
      const rows = (value as { key: string; value: string }[]) ?? [];
      const set = (next: { key: string; value: string }[]) => onChange?.(next);
      return (
        <Space direction="vertical">
          {rows.map((row, i) => (
            <Space key={i}>
              <Input
                placeholder={t('config.key')}
                value={row.key}
                onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
              />
              <Input
                placeholder={t('config.value')}
                value={row.value}
                onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
              />
              <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => set(rows.filter((_, j) => j !== i))} />
            </Space>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => set([...rows, { key: '', value: '' }])}>
            {t('common.add')}
          </Button>
        </Space>
      );
    }
    case 'i18n': {
      const pair = (value as Record<string, string>) ?? {};
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            id={id}
            addonBefore="简体中文"
            value={pair['zh-cn'] ?? ''}
            onChange={(e) => onChange?.({ ...pair, 'zh-cn': e.target.value })}
          />
          <Input
            aria-label={`${item.title} (English)`}
            addonBefore="English"
            value={pair.en ?? ''}
            onChange={(e) => onChange?.({ ...pair, en: e.target.value })}
          />
        </Space>
      );
    }
    case 'image':
    case 'images':
    case 'file':
    case 'files':
      return <UploadField type={item.type} topic="config" value={value as string | string[] | undefined} onChange={(v) => onChange?.(v)} />;
    case 'icon':
      return (
        <div style={{ maxWidth: 360 }}>
          <IconPicker value={text} onChange={onChange} choice={ICON_CHOICE} />
        </div>
      );
    default:
      return (
        // 360 px; on a phone the form's full width, its right edge in line with the bilingual fields'.
        <Flex gap={8} align="center" style={{ maxWidth: narrow ? undefined : 360 }}>
          <Input
            id={id}
            value={text}
            onChange={(e) => onChange?.(e.target.value)}
            style={{ flex: 1 }}
            placeholder={item.type === 'string' ? '' : 'https://…'}
          />
          {item.type === 'image' && text && <img src={text} alt="" style={{ height: 32 }} />}
        </Flex>
      );
  }
}

function GroupForm({ group, groups, reload }: { group: ConfigGroup; groups: ConfigGroup[]; reload: () => void }) {
  const { t } = useTranslation('admin/common');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const [mailTo, setMailTo] = useState('');
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(group.list.map((item) => [item.name, item.value])));
  }, [group, form]);
  const save = async () => {
    // An invalid form shows its messages; nothing more to do.
    if (!(await form.validateFields().catch(() => null))) return;
    setSaving(true);
    try {
      await configApi.save(group.name, form.getFieldsValue());
      reload();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  const remove = async (name: string) => {
    try {
      await configApi.remove(group.name, name);
      reload();
    } catch {
      // shown
    }
  };
  const sendTest = async () => {
    try {
      await configApi.sendTestMail(mailTo);
      setMailOpen(false);
    } catch {
      // shown
    }
  };
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
      {group.list.map((item) =>
        item.type === 'config_group' ? (
          <Form.Item
            key={item.name}
            name={item.name}
            label={t('config.groups')}
            extra={t('config.groupsHelp')}
            rules={[
              {
                validator: (_, rows: GroupRow[]) => {
                  const problem = groupsProblem(rows ?? [], t);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <ConfigGroupsInput saved={Object.fromEntries(groups.map((g) => [g.name, g.list.length]))} />
          </Form.Item>
        ) : (
          <Form.Item
            key={item.name}
            name={item.name}
            label={
              <span title={`${item.group}.${item.name}`}>
                {item.title}
                {!item.builtin && (
                  <Auth name="del">
                    <Popconfirm title={t('common.confirmDelete')} onConfirm={() => void remove(item.name)}>
                      <DeleteOutlined aria-label={t('common.delete')} style={{ marginInlineStart: 6 }} />
                    </Popconfirm>
                  </Auth>
                )}
              </span>
            }
            extra={item.tip || undefined}
          >
            <ConfigControl item={item} />
          </Form.Item>
        ),
      )}
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Space>
          <Auth name="edit">
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </Auth>
          {group.name === 'mail' && (
            <Auth name="edit">
              <Button onClick={() => setMailOpen(true)}>{t('config.sendTestMail')}</Button>
            </Auth>
          )}
        </Space>
      </Form.Item>
      <Modal
        open={mailOpen}
        title={t('config.sendTestMail')}
        onCancel={() => setMailOpen(false)}
        onOk={() => void sendTest()}
        okText={t('config.send')}
      >
        <p>{t('config.testMailHelp')}</p>
        <Input
          type="email"
          aria-label={t('config.testMailTo')}
          placeholder="name@example.com"
          value={mailTo}
          onChange={(e) => setMailTo(e.target.value)}
        />
      </Modal>
    </Form>
  );
}

function AddItem({ groups, reload }: { groups: ConfigGroup[]; reload: () => void }) {
  const { t } = useTranslation('admin/common');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    // An invalid form shows its messages; nothing more to do (no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const content: Record<string, string> = {};
    for (const line of String(values.content ?? '').split('\n')) {
      const [k, ...rest] = line.split('=');
      if (k.trim()) content[k.trim()] = rest.join('=').trim() || k.trim();
    }
    try {
      await configApi.add({ ...values, content: Object.keys(content).length ? content : null });
      setOpen(false);
      reload();
    } catch {
      // shown
    }
  };
  return (
    <Auth name="add">
      <Button icon={<PlusOutlined />} onClick={() => (form.resetFields(), setOpen(true))}>
        {t('config.addItem')}
      </Button>
      <Modal open={open} title={t('config.addItem')} onCancel={() => setOpen(false)} onOk={() => void submit()} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ group: groups[0]?.name, type: 'string', weigh: 0 }}>
          <Form.Item name="group" label={t('config.group')} rules={[{ required: true }]}>
            <Select options={groups.map((g) => ({ value: g.name, label: currentLanguage() === 'en' ? g.title_en : g.title }))} />
          </Form.Item>
          <Form.Item name="type" label={t('config.type')} rules={[{ required: true }]}>
            <Select options={ITEM_TYPES.map((v) => ({ value: v, label: t(`config.types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('config.title')} rules={[requiredRule(t, t('config.title'))]}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('config.name')} rules={[requiredRule(t, t('config.name')), ruleFor('varName', t)]}>
            <Input />
          </Form.Item>
          <Form.Item name="tip" label={t('config.tip')}>
            <Input />
          </Form.Item>
          <Form.Item name="content" label={t('config.options')} help={t('config.optionsHelp')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="weigh" label={t('common.weigh')}>
            <InputNumber />
          </Form.Item>
        </Form>
      </Modal>
    </Auth>
  );
}

export default function ConfigPage() {
  const { t } = useTranslation('admin/common');
  const [groups, setGroups] = useState<ConfigGroup[]>([]);
  const load = useCallback(() => {
    void configApi
      .list()
      .then((res) => setGroups(res.data.list))
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);
  const en = currentLanguage() === 'en';
  // The add button sits above the tabs, not in their bar, and the "more" button of the groups that do not
  // fit (a phone) is mouse-only: a tab list may hold only tabs (screen readers); arrows reach every group.
  const tabs = useMouseOnlyMore(t('config.moreGroups'));
  return (
    <>
      <Flex justify="flex-end">
        <AddItem groups={groups} reload={load} />
      </Flex>
      <Tabs
        ref={tabs}
        items={groups.map((group) => ({
          key: group.name,
          label: en ? group.title_en : group.title,
          children: group.list.length ? <GroupForm group={group} groups={groups} reload={load} /> : <p>{t('config.empty')}</p>,
        }))}
      />
    </>
  );
}
