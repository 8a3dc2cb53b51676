/**
 * The generator's editor (CRUD › Generate): a design's basics, its fields — added from a palette,
 * reordered by dragging (or the Move up / Move down buttons, by keyboard), each with its settings — and
 * a live preview of the table's list and form built by the same code as the table's page
 * (../designed/design-schema). Save sends the design to POST /admin/crud/crud/generate: the table is
 * usable at once. A change that loses values of a table with rows is listed and asked to confirm.
 */
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Col,
  type ColProps,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { InputRows } from '../../../../components/input-rows';
import { FieldInput } from '../../../../components/schema-table/field-input';
import { call, sdk } from '../../../../lib/api/client';
import type { DesignDoc, FieldDoc, OptionDoc, Words } from '../../../../lib/api/generated/types.gen';
import { LANGUAGES, loadNamespaces } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { RequestError } from '../../../../lib/request';
import { useNarrowScreen } from '../../../../lib/theme';
import type { Translate } from '../../../../lib/validators';
import { ICON_CHOICE } from '../../shell/icons';
import { IconPicker } from '../../../../components/icon-picker';
import { PRESET_NAMES, type PresetName } from '../../../../lib/presets';
import { designedSchema, wordsIn } from '../../../../components/schema-table/design-schema';
import {
  changeWords,
  INDEXABLE,
  LENGTH_TYPES,
  newField,
  NUMBER_TYPES,
  OPTION_TYPES,
  RELATION_TYPES,
  SORTABLE,
  TYPE_GROUPS,
  withParentField,
  type FieldType,
} from './templates';

const NS = 'admin/crud/crud';
/** Field types and groups (SPEC §2: the CRUD pages' extra language file). */
const STATE = 'admin/crud/state';

export interface DesignChoice {
  name: string;
  title: string;
}

type Lang = 'zh' | 'en';

function OptionsEditor({ value, onChange }: { value: OptionDoc[]; onChange: (v: OptionDoc[]) => void }) {
  const { t } = useTranslation(NS);
  const words = (lang: Lang) => ({
    get: (option: OptionDoc) => option.label[lang],
    set: (option: OptionDoc, text: string) => ({ ...option, label: { ...option.label, [lang]: text } }),
  });
  return (
    <InputRows<OptionDoc>
      label={t('options')}
      rows={value}
      onChange={onChange}
      inputs={[
        {
          label: (n) => t('optionValue', { n }),
          placeholder: t('value'),
          get: (option) => option.value,
          set: (option, text) => ({ ...option, value: text }),
        },
        { label: (n) => t('optionZh', { n }), placeholder: '中文', ...words('zh') },
        { label: (n) => t('optionEn', { n }), placeholder: 'English', ...words('en') },
      ]}
      removeLabel={(n) => t('removeOption', { n })}
      blank={() => ({ value: '', label: { zh: '', en: '' } })}
      addText={t('addOption')}
      addButton={{ size: 'small' }}
      rowGap={6}
    />
  );
}

/** A text in both languages: two columns of a settings row, Chinese then English. */
function TwoLanguages({
  labels,
  ids,
  value,
  onChange,
  col,
  maxLength,
  rows,
  zhRequired,
}: {
  labels: Record<Lang, string>;
  ids: Record<Lang, string>;
  value: Words | undefined;
  onChange: (value: Words) => void;
  col: ColProps;
  maxLength?: number;
  /** A text area of this many rows instead of an input. */
  rows?: number;
  /** The Chinese text is marked as required. */
  zhRequired?: boolean;
}) {
  return (['zh', 'en'] as const).map((lang) => {
    const props = {
      id: ids[lang],
      value: value?.[lang],
      onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
    };
    return (
      <Col key={lang} {...col}>
        <Form.Item label={labels[lang]} htmlFor={ids[lang]} required={lang === 'zh' && zhRequired ? true : undefined}>
          {rows ? <Input.TextArea {...props} rows={rows} /> : <Input {...props} maxLength={maxLength} />}
        </Form.Item>
      </Col>
    );
  });
}

/** The table's texts in both languages (the basics card): its title, then its description. */
const DESIGN_WORDS = [
  { key: 'title', label: 'tableTitle', col: { xs: 12, md: 8 }, maxLength: 60, zhRequired: true },
  { key: 'description', label: 'description', col: { xs: 24, md: 12 }, rows: 2 },
] as const;

const num = (v: number | null | undefined) => (v === null || v === undefined ? null : v);

/** Field types that take validation presets (the server's rule: text fields). */
const PRESET_TYPES = new Set(['string', 'textarea']);

/** A text field's validation presets (lib/presets, checked alike in the form and by the API), each
 * with an optional message in both languages shown when a value fails it. */
function PresetSettings({ field, set, id }: { field: FieldDoc; set: (patch: Partial<FieldDoc>) => void; id: (key: string) => string }) {
  const { t } = useTranslation(NS);
  const chosen = field.presets ?? [];
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item label={t('presets')} htmlFor={id('presets')} extra={t('presetsHelp')}>
          <Select
            id={id('presets')}
            mode="multiple"
            allowClear
            value={chosen.map((p) => p.name)}
            placeholder={t('presetsPick')}
            onChange={(names: PresetName[]) =>
              set({ presets: names.map((name) => chosen.find((p) => p.name === name) ?? { name, message: { zh: '', en: '' } }) })
            }
            options={PRESET_NAMES.map((name) => ({ value: name, label: t(`presetNames.${name}`) }))}
          />
        </Form.Item>
      </Col>
      {chosen.map((preset) => (
        <TwoLanguages
          key={preset.name}
          labels={{
            zh: t('presetMessageZh', { preset: t(`presetNames.${preset.name}`) }),
            en: t('presetMessageEn', { preset: t(`presetNames.${preset.name}`) }),
          }}
          ids={{ zh: id(`preset-${preset.name}-zh`), en: id(`preset-${preset.name}-en`) }}
          value={preset.message}
          onChange={(message) =>
            set({
              presets: chosen.map((p) => (p.name === preset.name ? { ...p, message: { zh: message.zh ?? '', en: message.en ?? '' } } : p)),
            })
          }
          col={{ xs: 12, md: 8 }}
          maxLength={100}
        />
      ))}
    </>
  );
}

/** The settings of one field. */
function FieldSettings({ field, designs, onChange }: { field: FieldDoc; designs: DesignChoice[]; onChange: (f: FieldDoc) => void }) {
  const { t } = useTranslation(NS);
  const set = (patch: Partial<FieldDoc>) => onChange({ ...field, ...patch });
  const id = (key: string) => `field-${field.name}-${key}`;
  /** The field's title or help, in both languages. */
  const words = (key: 'title' | 'help', ids: Record<Lang, string>, maxLength: number) => (
    <TwoLanguages
      labels={{ zh: t(`${key}Zh`), en: t(`${key}En`) }}
      ids={ids}
      value={field[key]}
      onChange={(value) => set({ [key]: value })}
      col={{ xs: 12, md: 8 }}
      maxLength={maxLength}
    />
  );
  const flags: { key: 'required' | 'unique' | 'list' | 'search' | 'filter' | 'index' | 'sort'; on: boolean; shown: boolean }[] = [
    { key: 'required', on: Boolean(field.required), shown: field.type !== 'token' },
    { key: 'unique', on: Boolean(field.unique), shown: field.type === 'string' },
    { key: 'list', on: field.list !== false, shown: true },
    { key: 'search', on: Boolean(field.search), shown: LENGTH_TYPES.has(field.type) || field.type === 'icon' },
    { key: 'filter', on: field.filter !== false, shown: field.type !== 'password' },
    { key: 'index', on: Boolean(field.index), shown: INDEXABLE.has(field.type) },
    { key: 'sort', on: Boolean(field.sort), shown: SORTABLE.has(field.type) },
  ];
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item label={t('fieldName')} htmlFor={id('name')} extra={t('fieldNameHelp')}>
          <Input id={id('name')} value={field.name} maxLength={40} onChange={(e) => set({ name: e.target.value.trim() })} />
        </Form.Item>
      </Col>
      {words('title', { zh: id('zh'), en: id('en') }, 60)}
      <Col xs={24} md={8}>
        <Form.Item label={t('type')} htmlFor={id('type')}>
          <Select
            id={id('type')}
            value={field.type}
            onChange={(type: FieldType) => {
              const fresh = newField(type, [], field.title);
              onChange({
                ...field,
                type,
                options: OPTION_TYPES.has(type) ? (field.options?.length ? field.options : fresh.options) : [],
                relation: fresh.relation ?? null,
                presets: PRESET_TYPES.has(type) ? field.presets : [],
                index: false,
                sort: false,
                // What the server refuses of a password or a token (functions/services/design_doc.py).
                ...(type === 'password' ? { unique: false, search: false, filter: false, pattern: '', default: null } : {}),
                ...(type === 'token' ? { unique: true, required: false, pattern: '', default: null } : {}),
              });
            }}
            options={TYPE_GROUPS.map((g) => ({
              label: t(`admin/crud/state:groups.${g.key}`),
              options: g.types.map((type) => ({ value: type, label: t(`admin/crud/state:types.${type}`) })),
            }))}
          />
        </Form.Item>
      </Col>
      {(LENGTH_TYPES.has(field.type) || NUMBER_TYPES.has(field.type)) && (
        <>
          <Col xs={12} md={4}>
            <Form.Item label={LENGTH_TYPES.has(field.type) ? t('minLength') : t('min')} htmlFor={id('min')}>
              <InputNumber id={id('min')} value={field.min} onChange={(v) => set({ min: num(v) })} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label={LENGTH_TYPES.has(field.type) ? t('maxLength') : t('max')} htmlFor={id('max')}>
              <InputNumber id={id('max')} value={field.max} onChange={(v) => set({ max: num(v) })} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </>
      )}
      {field.type === 'string' && (
        <Col xs={24} md={8}>
          <Form.Item label={t('pattern')} htmlFor={id('pattern')} extra={t('patternHelp')}>
            <Input id={id('pattern')} value={field.pattern} maxLength={200} onChange={(e) => set({ pattern: e.target.value })} />
          </Form.Item>
        </Col>
      )}
      {PRESET_TYPES.has(field.type) && <PresetSettings field={field} set={set} id={id} />}
      {RELATION_TYPES.has(field.type) && (
        <>
          <Col xs={24} md={8}>
            <Form.Item label={t('relation')} htmlFor={id('relation')}>
              <Select
                id={id('relation')}
                value={field.relation?.design || undefined}
                placeholder={t('relationPick')}
                onChange={(design: string) => set({ relation: { ...field.relation, label: field.relation?.label ?? 'name', design } })}
                options={designs.map((d) => ({ value: d.name, label: `${d.title} (${d.name})` }))}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('relationLabel')} htmlFor={id('label')}>
              <Input
                id={id('label')}
                value={field.relation?.label}
                onChange={(e) => set({ relation: { ...field.relation, design: field.relation?.design ?? '', label: e.target.value } })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('relationColumns')} htmlFor={id('columns')} extra={t('relationColumnsHelp')}>
              <Select
                id={id('columns')}
                mode="tags"
                value={field.relation?.columns ?? []}
                maxCount={3}
                tokenSeparators={[',', ' ']}
                open={false}
                suffixIcon={null}
                onChange={(columns: string[]) =>
                  set({ relation: { design: field.relation?.design ?? '', label: field.relation?.label ?? 'name', columns } })
                }
              />
            </Form.Item>
          </Col>
        </>
      )}
      {OPTION_TYPES.has(field.type) && (
        <Col span={24}>
          <Form.Item label={t('options')}>
            <OptionsEditor value={field.options ?? []} onChange={(options) => set({ options })} />
          </Form.Item>
        </Col>
      )}
      {words('help', { zh: id('helpZh'), en: id('helpEn') }, 200)}
      <Col span={24}>
        <Flex wrap gap={12}>
          {flags
            .filter((f) => f.shown)
            .map((f) => (
              <Checkbox key={f.key} checked={f.on} onChange={(e) => set({ [f.key]: e.target.checked })}>
                {t(`flags.${f.key}`)}
              </Checkbox>
            ))}
        </Flex>
      </Col>
    </Row>
  );
}

/** The list and form of the design as its page will show them. */
function Preview({ design }: { design: DesignDoc }) {
  const { t, i18n } = useTranslation('admin/common');
  const schema = useMemo(() => {
    try {
      return designedSchema(design, i18n.language, t as unknown as Translate, undefined, ICON_CHOICE);
    } catch {
      return null;
    }
  }, [design, i18n.language, t]);
  if (!schema) return null;
  return (
    <div data-testid="design-preview">
      <Typography.Title level={5}>{schema.title || design.name}</Typography.Title>
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={schema.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title }))}
        dataSource={[]}
      />
      <Form layout="vertical" style={{ marginTop: 16, maxWidth: 520 }}>
        {schema.fields.map((field) => (
          <Form.Item key={field.name} label={field.label} extra={field.help} required={field.rules?.includes('required')}>
            <FieldInput field={field} id={`preview-${field.name}`} />
          </Form.Item>
        ))}
      </Form>
    </div>
  );
}

/** Both languages of the type names: a new field is titled in zh-cn and en from them. */
function useBothLanguages(): void {
  useEffect(() => {
    void Promise.all(LANGUAGES.map((lang) => loadNamespaces(lang, [STATE])));
  }, []);
}

export function DesignEditor({
  initial,
  rows,
  isNew,
  designs,
  onSaved,
  onCancel,
}: {
  initial: DesignDoc;
  rows: number;
  isNew: boolean;
  designs: DesignChoice[];
  onSaved: (name: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation([NS, STATE]);
  useBothLanguages();
  const narrow = useNarrowScreen();
  const [design, setDesign] = useState<DesignDoc>(initial);
  const [open, setOpen] = useState<number | null>(isNew ? 0 : null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = design.fields;
  const set = (patch: Partial<DesignDoc>) => setDesign((d) => ({ ...d, ...patch }));
  const setFields = (next: FieldDoc[]) => set({ fields: next });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const next = [...fields];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setFields(next);
    if (open === from) setOpen(to);
  };
  const add = (type: FieldType) => {
    const field = newField(
      type,
      fields.map((f) => f.name),
      { zh: t(`admin/crud/state:types.${type}`, { lng: 'zh-cn' }), en: t(`admin/crud/state:types.${type}`, { lng: 'en' }) },
    );
    setFields([...fields, field]);
    setOpen(fields.length);
  };

  // The default order offered: by id, or by the field sorted through an index (the server's rule).
  const sortField = fields.find((f) => f.sort && SORTABLE.has(f.type));
  const orders = [
    { value: 'id,desc', label: t('order.newest') },
    { value: 'id,asc', label: t('order.oldest') },
    ...(sortField
      ? (['desc', 'asc'] as const).map((direction) => ({
          value: `${sortField.name},${direction}`,
          label: t(`order.field_${direction}`, { field: wordsIn(sortField.title, i18n.language) || sortField.name }),
        }))
      : []),
  ];
  const chosenOrder = `${design.order?.field ?? 'id'},${design.order?.direction ?? 'desc'}`;
  const order = orders.some((o) => o.value === chosenOrder) ? chosenOrder : 'id,desc';
  const [orderField, orderDirection] = order.split(',') as [string, 'asc' | 'desc'];

  const send = (confirm: boolean): Promise<void> =>
    call(
      sdk.crudCrudGenerate,
      { body: { design: { ...design, order: { field: orderField, direction: orderDirection } }, confirm, create: isNew } },
      { showCodeMessage: false, showSuccessMessage: true },
    )
      .then(() => onSaved(design.name))
      .catch((error: unknown) => {
        const body = error instanceof RequestError ? error.body : undefined;
        const answer = body?.data as { changes?: string[]; confirmable?: boolean } | undefined;
        const changes = answer?.changes;
        if (changes?.length && !confirm) {
          const say = t as unknown as (key: string, vars?: Record<string, unknown>) => string;
          const list = (
            <ul data-testid="design-changes">
              {changes.map((c) => (
                <li key={c}>{changeWords(c, initial, design, i18n.language, say)}</li>
              ))}
            </ul>
          );
          if (answer?.confirmable === false) {
            // Always refused while the table has rows: nothing to confirm, only what to do instead.
            Modal.error({ title: t('cannotSave', { rows }), content: list, okText: t('understood') });
            return;
          }
          Modal.confirm({
            title: t('confirmChanges', { rows }),
            content: list,
            okText: t('saveAnyway'),
            okButtonProps: { danger: true },
            onOk: () => send(true),
          });
        } else if (body?.msg) {
          notify('error', body.msg);
        }
      });

  const save = () => {
    setSaving(true);
    void send(false).finally(() => setSaving(false));
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  // The design's on/off settings; those that shape the table's storage are fixed once it exists.
  const switches: { key: string; id: string; on: boolean; fixed: boolean; change: (on: boolean) => void }[] = [
    { key: 'recycle', id: 'design-recycle', on: design.recycle !== false, fixed: false, change: (recycle) => set({ recycle }) },
    {
      key: 'timeSeries',
      id: 'design-time-series',
      on: Boolean(design.time_series),
      fixed: true,
      change: (time_series) => set({ time_series }),
    },
    {
      key: 'tree',
      id: 'design-tree',
      on: Boolean(design.tree),
      fixed: true,
      change: (tree) => set({ tree, fields: tree ? withParentField(fields) : fields }),
    },
  ];
  const editor = (
    <Form layout="vertical" data-testid="design-editor">
      <Card size="small" title={t('basics')} style={{ marginBottom: 12 }}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label={t('name')} htmlFor="design-name" extra={t('nameHelp')} required>
              <Input
                id="design-name"
                value={design.name}
                disabled={!isNew}
                maxLength={64}
                onChange={(e) => set({ name: e.target.value.trim() })}
              />
            </Form.Item>
          </Col>
          {DESIGN_WORDS.map(({ key, label, ...look }) => (
            <TwoLanguages
              key={key}
              labels={{ zh: t(`${label}Zh`), en: t(`${label}En`) }}
              ids={{ zh: `design-${key}-zh`, en: `design-${key}-en` }}
              value={design[key]}
              onChange={(value) => set({ [key]: value })}
              {...look}
            />
          ))}
          <Col xs={12} md={6}>
            <Form.Item label={t('parent')} htmlFor="design-parent">
              <Select
                id="design-parent"
                value={design.parent ?? 'business'}
                onChange={(parent: 'business' | 'crud') => set({ parent })}
                options={[
                  { value: 'business', label: t('parents.business') },
                  { value: 'crud', label: t('parents.crud') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('icon')} htmlFor="design-icon">
              <IconPicker id="design-icon" value={design.icon} onChange={(icon) => set({ icon })} choice={ICON_CHOICE} />
            </Form.Item>
          </Col>
          {switches.map((toggle) => (
            <Col key={toggle.key} xs={12} md={6}>
              <Form.Item label={t(toggle.key)} htmlFor={toggle.id} extra={t(`${toggle.key}Help`)}>
                <Switch id={toggle.id} checked={toggle.on} disabled={toggle.fixed ? !isNew : undefined} onChange={toggle.change} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item label={t('order.label')} htmlFor="design-order" extra={t('order.help')}>
              <Select
                id="design-order"
                value={order}
                options={orders}
                onChange={(value: string) => {
                  const [field, direction] = value.split(',') as [string, 'asc' | 'desc'];
                  set({ order: { field, direction } });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('formColumns.label')} extra={t('formColumns.help')}>
              <Radio.Group
                aria-label={t('formColumns.label')}
                optionType="button"
                value={design.form_columns === 2 ? 2 : 1}
                onChange={(e) => set({ form_columns: e.target.value as 1 | 2 })}
                options={[
                  { value: 1, label: t('formColumns.one') },
                  { value: 2, label: t('formColumns.two') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('palette')} style={{ marginBottom: 12 }}>
        {TYPE_GROUPS.map((group) => (
          <div key={group.key} style={{ marginBottom: 6 }}>
            <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
              {t(`admin/crud/state:groups.${group.key}`)}
            </Typography.Text>
            {group.types.map((type) => (
              <Button
                key={type}
                size="small"
                style={{ margin: 2 }}
                onClick={() => add(type)}
                aria-label={t('addField', { type: t(`admin/crud/state:types.${type}`) })}
              >
                + {t(`admin/crud/state:types.${type}`)}
              </Button>
            ))}
          </div>
        ))}
      </Card>
      <Typography.Text type="secondary">{t('dragHint')}</Typography.Text>
      <ol style={{ listStyle: 'none', padding: 0, margin: '8px 0' }} aria-label={t('fields')}>
        {fields.map((field, index) => (
          <li
            key={index}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, index)}
            data-field={field.name}
            style={{ marginBottom: 8, opacity: dragged === index ? 0.5 : 1 }}
          >
            <Card
              size="small"
              title={
                <Space>
                  <HolderOutlined aria-hidden style={{ cursor: 'grab' }} />
                  <Button
                    type="link"
                    aria-expanded={open === index}
                    onClick={() => setOpen(open === index ? null : index)}
                    style={{ padding: 0 }}
                  >
                    {wordsIn(field.title, i18n.language) || field.name}
                  </Button>
                  <Tag>{field.name}</Tag>
                  <Tag color="blue">{t(`admin/crud/state:types.${field.type}`)}</Tag>
                </Space>
              }
              extra={
                <Space size={2}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={t('moveUp', { name: field.name })}
                    icon={<ArrowUpOutlined aria-hidden />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    aria-label={t('moveDown', { name: field.name })}
                    icon={<ArrowDownOutlined aria-hidden />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    aria-label={t('removeField', { name: field.name })}
                    icon={<DeleteOutlined aria-hidden />}
                    disabled={fields.length === 1}
                    onClick={() => {
                      setFields(fields.filter((_, i) => i !== index));
                      setOpen(null);
                    }}
                  />
                </Space>
              }
              styles={{ body: open === index ? undefined : { display: 'none' } }}
            >
              {open === index && (
                <FieldSettings field={field} designs={designs} onChange={(f) => setFields(fields.map((x, i) => (i === index ? f : x)))} />
              )}
            </Card>
          </li>
        ))}
      </ol>
    </Form>
  );

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {isNew ? t('newTable') : t('editTable', { name: design.name })}
          {!isNew && rows > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 14, marginInlineStart: 8 }}>
              {t('rowsNow', { count: rows })}
            </Typography.Text>
          )}
        </Typography.Title>
        <Space>
          <Button onClick={onCancel}>{t('back')}</Button>
          <Button type="primary" loading={saving} onClick={save}>
            {t('save')}
          </Button>
        </Space>
      </Flex>
      {narrow ? (
        <Tabs
          items={[
            { key: 'design', label: t('designTab'), children: editor },
            { key: 'preview', label: t('previewTab'), children: <Preview design={design} /> },
          ]}
        />
      ) : (
        <Row gutter={16}>
          <Col span={14}>{editor}</Col>
          <Col span={10}>
            <Card size="small" title={t('previewTab')} style={{ position: 'sticky', top: 0 }}>
              <Preview design={design} />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
