/**
 * "Choose from attachments" of an upload field (back office only): a dialog listing stored files —
 * images only for image fields — searchable by name, a page of 12 at a time (the attachment table's
 * bounded listing), from which one or several are picked without uploading them again.
 */
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Space, Spin, theme, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getSiteConfig } from '../../lib/site';
import { sdk } from '../../lib/api/client';
import { tableApi, type Row } from '../../lib/table-api';
import { suffixIconUrl } from '../../lib/upload';
import { fullUrl, isImageKind, type UploadKind } from './upload-rules';

const attachments = tableApi({ index: sdk.routineAttachmentIndex });
const PAGE = 12;

export interface PickedFile {
  url: string;
  name: string;
  mimetype: string;
}

export function AttachmentPicker({
  type,
  open,
  room,
  onClose,
  onPick,
}: {
  type: UploadKind;
  open: boolean;
  /** How many files the field can still take (1 for a single field). */
  room: number;
  onClose: () => void;
  onPick: (files: PickedFile[]) => void;
}) {
  const { t } = useTranslation('general');
  const { token } = theme.useToken();
  const cdn = getSiteConfig().cdnUrl ?? '';
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [rows, setRows] = useState<Row[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<PickedFile[]>([]);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    const search = isImageKind(type) ? JSON.stringify([{ field: 'mimetype', val: 'image/', operator: 'like' }]) : undefined;
    attachments
      .index({ page, limit: PAGE, quick_search: keyword || undefined, search, cursor: cursors[page] })
      .then((res) => {
        if (!alive) return;
        setRows(res.data.list);
        const next = res.data.cursor;
        setMore(Boolean(next) || res.data.total > page * PAGE);
        if (next) setCursors((c) => ({ ...c, [page + 1]: next }));
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // The cursor of a page is read when the page is asked for, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, page, keyword, type]);

  const toggle = (file: PickedFile) =>
    setPicked((current) =>
      current.some((f) => f.url === file.url)
        ? current.filter((f) => f.url !== file.url)
        : room <= 1
          ? [file]
          : current.length < room
            ? [...current, file]
            : current,
    );

  const close = () => {
    setPicked([]);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('upload.chooseTitle')}
      onCancel={close}
      onOk={() => {
        onPick(picked);
        close();
      }}
      okButtonProps={{ disabled: !picked.length }}
      okText={picked.length ? t('upload.choosePicked', { count: picked.length }) : t('upload.choose')}
      width={720}
      destroyOnHidden
    >
      <Input.Search
        aria-label={t('upload.chooseSearch')}
        placeholder={t('upload.chooseSearch')}
        allowClear
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
          setCursors({});
        }}
        style={{ marginBottom: 12 }}
      />
      <Spin spinning={loading}>
        {rows.length ? (
          <ul
            role="listbox"
            aria-multiselectable={room > 1}
            aria-label={t('upload.chooseTitle')}
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 8,
            }}
          >
            {rows.map((row) => {
              const file = { url: String(row.url), name: String(row.name), mimetype: String(row.mimetype ?? '') };
              const chosen = picked.some((f) => f.url === file.url);
              return (
                <li
                  key={row.id}
                  role="option"
                  aria-selected={chosen}
                  tabIndex={0}
                  onClick={() => toggle(file)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      toggle(file);
                    }
                  }}
                  style={{
                    position: 'relative',
                    cursor: 'pointer',
                    border: `2px solid ${chosen ? token.colorPrimary : token.colorBorderSecondary}`,
                    borderRadius: token.borderRadius,
                    padding: 6,
                    textAlign: 'center',
                  }}
                >
                  <img
                    src={file.mimetype.startsWith('image/') ? fullUrl(file.url, cdn) : suffixIconUrl(file.name)}
                    alt=""
                    style={{ width: '100%', height: 80, objectFit: 'cover' }}
                  />
                  <Typography.Text ellipsis style={{ display: 'block', fontSize: 12 }}>
                    {file.name}
                  </Typography.Text>
                  {chosen && (
                    <CheckCircleFilled
                      aria-hidden
                      style={{ position: 'absolute', top: 6, right: 6, color: token.colorPrimary, fontSize: 18 }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          !loading && <Empty description={t('upload.chooseEmpty')} />
        )}
      </Spin>
      <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
        <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('upload.previous')}
        </Button>
        <span aria-live="polite">{t('upload.page', { page })}</span>
        <Button disabled={!more} onClick={() => setPage((p) => p + 1)}>
          {t('upload.next')}
        </Button>
      </Space>
    </Modal>
  );
}
