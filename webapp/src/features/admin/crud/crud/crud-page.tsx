/**
 * Back office › CRUD › Generate (crud/crud): the tables made with the generator — title, rule path,
 * version, fields, rows, last change — with Open (the table's page), Edit design, Export as code and
 * Delete (with its rows and menu: the admin types the table's name to confirm, and the server checks
 * it); New table from empty or a template; a design of the CRUD log opens
 * here too (`?log=<id>`). Saving a design makes its table usable at once and puts it in the menu.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Dropdown, Input, Modal, Space, Table, Typography } from 'antd';
import { DownOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../../components/permission';
import { RowCards } from '../../../../components/schema-table/row-cards';
import { call, sdk, type SdkFn } from '../../../../lib/api/client';
import type { DesignDoc } from '../../../../lib/api/generated/types.gen';
import { downloadFile } from '../../../../lib/download';
import { setMenus } from '../../../../lib/admin-store';
import type { Row } from '../../../../lib/table-api';
import { useNarrowScreen } from '../../../../lib/theme';
import { timeFormat } from '../../../../lib/time';
import { fetchAdminIndex } from '../../shell/api';
import { useRoutePush } from '../../shell/route-push';
import { wordsIn } from '../../../../components/schema-table/design-schema';
import { DesignEditor, type DesignChoice } from './design-editor';
import { template, type TemplateName } from './templates';

const NS = 'admin/crud/crud';

interface DesignRow {
  id: number;
  name: string;
  title: { zh?: string; en?: string };
  version: number;
  fields: number;
  rows: number;
  update_time: number;
}

interface Editing {
  design: DesignDoc;
  rows: number;
  isNew: boolean;
}

export default function CrudPage() {
  const { t, i18n } = useTranslation(NS);
  const push = useRoutePush();
  const narrow = useNarrowScreen();
  const canGenerate = useAuth('generate');
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<DesignRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing | null>(null);

  const reload = useCallback(() => {
    setLoading(true);
    call(sdk.crudCrudIndex, {}, { cancelDuplicateRequest: false })
      .then((res) => setList((res.data as { list: DesignRow[] }).list))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);

  // A design of the CRUD log, opened as a new design (`?log=<id>` from the log page).
  const logId = params.get('log');
  useEffect(() => {
    if (!logId) return;
    call(sdk.crudCrudLog, { query: { id: Number(logId) } })
      .then((res) => setEditing({ design: (res.data as { design: DesignDoc }).design, rows: 0, isNew: true }))
      .catch(() => undefined)
      .finally(() => setParams({}, { replace: true }));
  }, [logId, setParams]);

  const openDesign = (name: string) =>
    call(sdk.crudCrudEdit, { query: { name } })
      .then((res) => {
        const data = res.data as { design: DesignDoc; rows: number };
        setEditing({ design: data.design, rows: data.rows, isNew: false });
      })
      .catch(() => undefined);

  /** A new table starting as a copy of this one's design (its rows are not copied). */
  const copyDesign = (name: string) =>
    call(sdk.crudCrudEdit, { query: { name } })
      .then((res) => setEditing({ design: copyOf((res.data as { design: DesignDoc }).design), rows: 0, isNew: true }))
      .catch(() => undefined);

  const [deleting, setDeleting] = useState<DesignRow | null>(null);
  const [typed, setTyped] = useState('');
  const [removing, setRemoving] = useState(false);
  const askDelete = (row: DesignRow) => {
    setTyped('');
    setDeleting(row);
  };
  const remove = (row: DesignRow, confirm: string) => {
    setRemoving(true);
    // The ids are read from the query string by the server (ids[]=…), not declared in the OpenAPI.
    return call(sdk.crudCrudDel as SdkFn, { query: { ids: [row.id], confirm } }, { showSuccessMessage: true })
      .then(() => {
        setDeleting(null);
        reload();
        refreshMenus();
      })
      .catch(() => undefined)
      .finally(() => setRemoving(false));
  };

  const saved = () => {
    setEditing(null);
    reload();
    refreshMenus();
  };

  if (editing) {
    const designs: DesignChoice[] = list.map((d) => ({ name: d.name, title: wordsIn(d.title, i18n.language) }));
    return (
      <DesignEditor
        key={editing.design.name}
        initial={editing.design}
        rows={editing.rows}
        isNew={editing.isNew}
        designs={designs}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    );
  }

  const titleOf = (row: DesignRow) => wordsIn(row.title, i18n.language) || row.name;
  const actions = (row: DesignRow) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => push(`/admin/${row.name}`)}>
        {t('open')}
      </Button>
      <Auth name="generate">
        <Button type="link" size="small" onClick={() => void openDesign(row.name)}>
          {t('editDesign')}
        </Button>
      </Auth>
      <Auth name="generate">
        <Button type="link" size="small" onClick={() => void copyDesign(row.name)}>
          {t('copy')}
        </Button>
      </Auth>
      <Auth name="export">
        <Button
          type="link"
          size="small"
          onClick={() => void downloadFile(sdk.crudCrudExport, { query: { name: row.name } }, `${row.name.replace('/', '-')}.zip`)}
        >
          {t('export')}
        </Button>
      </Auth>
      <Auth name="del">
        <Button type="link" size="small" danger onClick={() => askDelete(row)}>
          {t('delete')}
        </Button>
      </Auth>
    </Space>
  );
  const columns = [
    { key: 'title', title: t('tableTitle') },
    { key: 'name', title: t('name') },
    { key: 'version', title: t('version') },
    { key: 'fields', title: t('fieldCount') },
    { key: 'rows', title: t('rowCount') },
    { key: 'update_time', title: t('updated') },
  ];
  const content = (key: string, row: DesignRow) =>
    key === 'title' ? titleOf(row) : key === 'update_time' ? timeFormat(row.update_time) : String(row[key as keyof DesignRow]);
  const start = (name: TemplateName) => setEditing({ design: template(name), rows: 0, isNew: true });

  const confirmDelete = deleting && (
    <Modal
      open
      title={t('typeToDeleteTitle')}
      okText={t('deleteForever')}
      okButtonProps={{ danger: true, disabled: typed.trim() !== deleting.name, loading: removing }}
      onOk={() => void remove(deleting, typed.trim())}
      onCancel={() => setDeleting(null)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('typeToDelete', { title: titleOf(deleting), count: deleting.rows, name: deleting.name })}
      </Typography.Paragraph>
      <Input
        autoFocus
        aria-label={t('typeToDeleteTitle')}
        placeholder={deleting.name}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => typed.trim() === deleting.name && void remove(deleting, typed.trim())}
        autoComplete="off"
        spellCheck={false}
      />
    </Modal>
  );

  return (
    <div>
      {confirmDelete}
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={reload}>
          {t('refresh')}
        </Button>
        {canGenerate && (
          // Opened by a click (a tap, Enter or Space), not by hovering: phones and keyboards have no hover,
          // and a hover menu closed under a pointer that moved on its way to the item.
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items: (['empty', 'content', 'log', 'tree'] as TemplateName[]).map((name) => ({ key: name, label: t(`templates.${name}`) })),
              onClick: ({ key }) => start(key as TemplateName),
            }}
          >
            <Button type="primary" icon={<PlusOutlined aria-hidden />}>
              {t('newTable')} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        )}
      </Space>
      {narrow ? (
        <RowCards
          rows={list as unknown as Row[]}
          columns={columns}
          content={(col, row) => content(col.key, row as unknown as DesignRow)}
          actions={(row) => actions(row as unknown as DesignRow)}
          loading={loading}
          empty={t('empty')}
        />
      ) : (
        <Table<DesignRow>
          rowKey="id"
          loading={loading}
          dataSource={list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            ...columns.map((c) => ({ key: c.key, title: c.title, render: (_: unknown, row: DesignRow) => content(c.key, row) })),
            { key: 'actions', title: t('actions'), render: (_: unknown, row: DesignRow) => actions(row) },
          ]}
        />
      )}
    </div>
  );
}

function refreshMenus(): void {
  fetchAdminIndex().then(
    (res) => setMenus(res.data.menus),
    () => undefined,
  );
}

/** A copy of a design under a new rule path (`…_copy`, within the path's 30 characters a part) and
 * title; its publish target and the design file's version are not copied. */
export function copyOf(design: DesignDoc): DesignDoc {
  const parts = design.name.split('/');
  const last = parts.pop() ?? '';
  const suffix = '_copy';
  const name = [...parts, last.slice(0, 30 - suffix.length) + suffix].join('/');
  const title = {
    zh: design.title.zh ? `${design.title.zh}（副本）` : '',
    en: design.title.en ? `${design.title.en} (copy)` : '',
  };
  return { ...design, name, title, publish: '', version: 1 };
}
