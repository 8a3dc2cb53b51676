/**
 * Back office › Routine › Attachments (menu rule routine/attachment): every stored file with a
 * preview, filters (quick search over name/topic/URL, topic, type, uploader, storage), paging, and
 * delete (the server removes the file when no other row refers to it).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Image, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSiteConfig } from '../../../../lib/site';
import { timeFormat } from '../../../../lib/time';
import { suffixIconUrl } from '../../../../lib/upload';
import { deleteAttachments, listAttachments, type AttachmentFilters, type AttachmentRow } from './api';

const NS = 'admin/routine/attachment';

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(2)} MB`;
}

function fileHref(url: string): string {
  const cdn = getSiteConfig().cdnUrl ?? '';
  return /^https?:\/\//i.test(url) || !cdn ? url : cdn.replace(/\/+$/, '') + url;
}

export function AttachmentList() {
  const { t } = useTranslation([NS, 'general']);
  const [rows, setRows] = useState<AttachmentRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [filters, setFilters] = useState<AttachmentFilters>({});
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await listAttachments(page, limit, filters);
      setRows(data.list);
      setTotal(data.total);
    } catch {
      // shown by the request client
    } finally {
      setLoading(false);
    }
  }, [page, limit, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (ids: number[]) => {
    try {
      await deleteAttachments(ids);
      setSelected([]);
      await load();
    } catch {
      // shown by the request client
    }
  };

  const setFilter = (patch: Partial<AttachmentFilters>) => {
    setPage(1);
    setFilters((f) => ({ ...f, ...patch }));
  };

  const columns: TableColumnsType<AttachmentRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('preview'),
      dataIndex: 'url',
      width: 90,
      render: (_: string, row) =>
        row.mimetype.startsWith('image/') ? (
          <Image src={fileHref(row.url)} width={56} height={56} style={{ objectFit: 'cover' }} alt={row.name} />
        ) : (
          <img src={suffixIconUrl(row.name)} width={48} height={48} alt={row.name} />
        ),
    },
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Typography.Link href={fileHref(row.url)} target="_blank" rel="noopener noreferrer">
          {name}
        </Typography.Link>
      ),
    },
    { title: t('topic'), dataIndex: 'topic', width: 110 },
    { title: t('size'), dataIndex: 'size', width: 100, render: (size: number) => formatBytes(size) },
    {
      title: t('mimetype'),
      dataIndex: 'mimetype',
      width: 150,
      render: (mime: string, row) => (
        <span>
          {mime}
          {row.width > 0 && <Typography.Text type="secondary">{` ${row.width}×${row.height}`}</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('storage'),
      dataIndex: 'storage',
      width: 90,
      render: (s: string) => <Tag>{t(`storageName.${s}`, { defaultValue: s })}</Tag>,
    },
    {
      title: t('uploader'),
      dataIndex: 'uploader',
      width: 110,
      render: (u: string, row) => `${t(`uploaderName.${u}`)} #${u === 'admin' ? row.admin_id : row.user_id}`,
    },
    { title: t('quote'), dataIndex: 'quote', width: 80 },
    { title: t('lastUpload'), dataIndex: 'last_upload_time', width: 170, render: (v: number) => timeFormat(v) },
    {
      title: t('general:table.actions', { defaultValue: t('actions') }),
      width: 90,
      render: (_: unknown, row) => (
        <Popconfirm title={t('confirmDelete')} onConfirm={() => void remove([row.id])}>
          <Button danger size="small">
            {t('delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section aria-labelledby="attachment-title">
      <Typography.Title level={3} id="attachment-title">
        {t('title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('quickSearch')}
          onSearch={(v) => setFilter({ quickSearch: v })}
          style={{ width: 240 }}
          aria-label={t('quickSearch')}
        />
        <Input
          allowClear
          placeholder={t('topic')}
          onChange={(e) => setFilter({ topic: e.target.value.trim() || undefined })}
          style={{ width: 140 }}
          aria-label={t('topic')}
        />
        <Select
          allowClear
          placeholder={t('mimetype')}
          aria-label={t('mimetype')}
          style={{ width: 150 }}
          onChange={(v?: string) => setFilter({ mimetype: v })}
          options={['image/', 'application/', 'text/', 'audio/', 'video/'].map((v) => ({ value: v, label: t(`kind.${v.slice(0, -1)}`) }))}
        />
        <Select
          allowClear
          placeholder={t('uploader')}
          aria-label={t('uploader')}
          style={{ width: 130 }}
          onChange={(v?: 'admin' | 'user') => setFilter({ uploader: v })}
          options={[
            { value: 'admin', label: t('uploaderName.admin') },
            { value: 'user', label: t('uploaderName.user') },
          ]}
        />
        <Popconfirm title={t('confirmDelete')} disabled={selected.length === 0} onConfirm={() => void remove(selected)}>
          <Button danger disabled={selected.length === 0}>
            {t('deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
        <Button onClick={() => void load()}>{t('refresh')}</Button>
      </Space>
      <Table<AttachmentRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          showSizeChanger: true,
          showTotal: (n) => t('total', { count: n }),
          onChange: (p, size) => {
            setPage(p);
            setLimit(size);
          },
        }}
      />
    </section>
  );
}

export default AttachmentList;
export { AttachmentList as Component };
