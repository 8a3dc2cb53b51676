/**
 * Back office › Routine › Attachments (menu rule routine/attachment): every stored file on the schema
 * table — preview, name (opens the file), topic, size, type and image size, storage, uploader, upload
 * count, last upload — with quick search (name, topic, URL), filters (topic, type, uploader), rename,
 * delete (the server removes the file when no other row refers to it) and an upload button.
 */
import { useMemo, useState } from 'react';
import { Button, Image, Modal, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import type { TableConfig } from '../../../../components/schema-table/schema';
import { formatBytes } from '../../../../lib/bytes';
import { acceptFor, fullUrl } from '../../../../components/upload/upload-rules';
import { notify } from '../../../../lib/notify';
import { getSiteConfig } from '../../../../lib/site';
import type { Row } from '../../../../lib/table-api';
import { suffixIconUrl, uploadConfig, uploadFile } from '../../../../lib/upload';
import { parseSize } from '../../../../lib/validators';
import { table, usage, type AttachmentRow } from './api';

const NS = 'admin/routine/attachment';

const fileRow = (row: Row) => row as unknown as AttachmentRow;

/** Upload one or more files (topic "default"); the list reloads after each one. */
function UploadButton({ reload }: { reload: () => void }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(0);
  return (
    <Upload
      multiple
      showUploadList={false}
      accept={acceptFor('files', uploadConfig().mimetype)}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy((n) => n + 1);
        uploadFile(file as File)
          .then((stored) => {
            notify('success', t('uploaded', { name: stored.name }));
            onSuccess?.(stored);
            reload();
          })
          .catch((error: Error) => {
            // Request errors were shown by the request client; the pre-check's are shown here.
            if (error.name === 'UploadCheckError') notify('error', `${(file as File).name}: ${error.message}`);
            onError?.(error);
          })
          .finally(() => setBusy((n) => n - 1));
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />} loading={busy > 0}>
        {t('upload')}
      </Button>
    </Upload>
  );
}

export function AttachmentList() {
  const { t } = useTranslation(NS);
  const cdn = getSiteConfig().cdnUrl ?? '';
  const limits = uploadConfig();
  const size = parseSize(limits.maxsize) > 0 ? formatBytes(parseSize(limits.maxsize)) : '';
  const types = limits.mimetype && limits.mimetype !== '*' ? limits.mimetype.split(',').join(', ') : '';
  const limitsText =
    size && types ? t('guideLimits', { size, types }) : size ? t('guideSize', { size }) : types ? t('guideTypes', { types }) : '';
  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      canAdd: false,
      quickSearch: t('quickSearch'),
      confirmDelete: t('confirmDelete'),
      // A file still shown by rows (a cover, a gallery): say where before it goes.
      beforeDelete: async (ids) => {
        const found = await usage(ids);
        const uses = ids.flatMap((id) => found.uses[String(id)] ?? []);
        if (!uses.length) return true;
        return new Promise<boolean>((resolve) => {
          Modal.confirm({
            title: t('usedTitle', { count: uses.length }),
            content: (
              <ul data-testid="attachment-uses">
                {uses.map((use) => (
                  <li key={`${use.table}#${use.id}#${use.field}`}>
                    {t('usedBy', { table: use.title, id: use.id, field: use.field_title })}
                  </li>
                ))}
              </ul>
            ),
            okText: t('deleteAnyway'),
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        });
      },
      columns: [
        { key: 'id', title: 'ID', width: 70 },
        { key: 'url', title: t('preview'), width: 90, sorter: false },
        { key: 'name', title: t('name') },
        { key: 'topic', title: t('topic'), width: 110, filter: 'input', filterOperator: 'eq' },
        { key: 'size', title: t('size'), width: 100, render: 'bytes' },
        {
          key: 'mimetype',
          title: t('mimetype'),
          width: 150,
          filter: 'select',
          filterOperators: ['like', 'notlike'],
          options: ['image', 'application', 'text', 'audio', 'video'].map((kind) => ({ value: `${kind}/`, label: t(`kind.${kind}`) })),
        },
        {
          key: 'storage',
          title: t('storage'),
          width: 90,
          render: 'tag',
          options: ['local', 's3'].map((s) => ({ value: s, label: t(`storageName.${s}`) })),
        },
        {
          key: 'uploader',
          title: t('uploader'),
          width: 110,
          filter: 'select',
          options: ['admin', 'user'].map((u) => ({ value: u, label: t(`uploaderName.${u}`) })),
        },
        { key: 'quote', title: t('quote'), width: 80 },
        { key: 'last_upload_time', title: t('lastUpload'), width: 170, render: 'time' },
      ],
      fields: [{ name: 'name', label: t('name'), input: 'input', rules: ['required'] }],
      cells: {
        url: (row) => {
          const file = fileRow(row);
          return file.mimetype.startsWith('image/') ? (
            <Image src={fullUrl(file.url, cdn)} width={56} height={56} style={{ objectFit: 'cover' }} alt={file.name} />
          ) : (
            <img src={suffixIconUrl(file.name)} width={48} height={48} alt={file.name} />
          );
        },
        name: (row) => {
          const file = fileRow(row);
          return (
            <Typography.Link href={fullUrl(file.url, cdn)} target="_blank" rel="noopener noreferrer">
              {file.name}
            </Typography.Link>
          );
        },
        mimetype: (row) => {
          const file = fileRow(row);
          return (
            <span>
              {file.mimetype}
              {file.width > 0 && <Typography.Text type="secondary">{` ${file.width}×${file.height}`}</Typography.Text>}
            </span>
          );
        },
        uploader: (row) => {
          const file = fileRow(row);
          return `${t(`uploaderName.${file.uploader}`)} #${file.uploader === 'admin' ? file.admin_id : file.user_id}`;
        },
      },
      toolbar: (reload) => <UploadButton reload={reload} />,
    }),
    [t, cdn],
  );

  return (
    <section aria-labelledby="attachment-title">
      <Typography.Title level={3} id="attachment-title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: '72ch' }}>
        {t('guide')}
        {limitsText && (
          <>
            <br />
            {limitsText}
          </>
        )}
      </Typography.Paragraph>
      <SchemaTable config={config} />
    </section>
  );
}

export default AttachmentList;
export { AttachmentList as Component };
