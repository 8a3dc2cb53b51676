/**
 * Upload fields for forms: image, images, file and files (SPEC §4 "Upload", §5).
 *
 * Drag and drop or click to choose; each file is checked before sending (SPEC §5 messages, image
 * fields take images only, a count limit for multiple fields), then uploaded with lib/upload (local
 * or remote mode) while a progress bar shows; done files show a preview (images) or their
 * file-type icon, can be opened and removed. The value is the stored URL (single) or URL list.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Image, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAdminApp } from '../../lib/area';
import { notify } from '../../lib/notify';
import { getSiteConfig } from '../../lib/site';
import { suffixIconUrl, uploadConfig, uploadFile, type UploadedFile } from '../../lib/upload';
import { AttachmentPicker, type PickedFile } from './attachment-picker';
import {
  acceptFor,
  fullUrl,
  isImageKind,
  isMultiple,
  maxCount,
  REJECT_MESSAGE,
  rejectReason,
  toListItems,
  urlsToValue,
  type UploadKind,
} from './upload-rules';

export interface UploadFieldProps {
  type: UploadKind;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  /** Folder of the stored files (letters, digits, _ and -). */
  topic?: string;
  /** Most files a multiple field holds (default: no limit). */
  limit?: number;
  disabled?: boolean;
  id?: string;
  /** Called with the attachment row after each successful upload. */
  onUploaded?: (file: UploadedFile) => void;
}

type Item = UploadFile & { storedUrl?: string };

export function UploadField({ type, value, onChange, topic = 'default', limit, disabled, id, onUploaded }: UploadFieldProps) {
  const { t } = useTranslation('general');
  const cdnUrl = getSiteConfig().cdnUrl ?? '';
  const config = uploadConfig();
  const [items, setItems] = useState<Item[]>(() => fromValue(value));
  const [preview, setPreview] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  // The list is also kept in a ref, updated synchronously: an upload may finish before React
  // re-renders, and its result must land in the list that holds its entry.
  const itemsRef = useRef(items);
  const commit = (next: Item[]) => {
    itemsRef.current = next;
    setItems(next);
  };
  const lastEmitted = useRef<string>(JSON.stringify(value ?? ''));

  function fromValue(current: string | string[] | undefined): Item[] {
    return toListItems(current, (name) => suffixIconUrl(name), cdnUrl).map((item) => ({ ...item, storedUrl: item.url }));
  }

  // Follow the form's value when it changes from outside (reset, loaded record).
  useEffect(() => {
    const serialized = JSON.stringify(value ?? '');
    if (serialized === lastEmitted.current) return;
    lastEmitted.current = serialized;
    commit(fromValue(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (next: Item[]) => {
    const urls = next.filter((i) => i.status === 'done' && i.storedUrl).map((i) => i.storedUrl as string);
    const out = urlsToValue(type, urls);
    lastEmitted.current = JSON.stringify(out);
    onChange?.(out);
  };

  const update = (uid: string, patch: Partial<Item>) => {
    commit(itemsRef.current.map((i) => (i.uid === uid ? { ...i, ...patch } : i)));
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const held = itemsRef.current.filter((i) => i.status !== 'error').length;
    const reason = rejectReason(file, type, config, isMultiple(type) ? held : 0, limit);
    if (reason) {
      notify('error', t(REJECT_MESSAGE[reason], { count: limit }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const raw = file as File & { uid: string };
    const entry: Item = { uid: raw.uid, name: raw.name, status: 'uploading', percent: 0 };
    commit(isMultiple(type) ? [...itemsRef.current, entry] : [entry]);
    uploadFile(raw, {
      topic,
      onProgress: (percent) => {
        update(raw.uid, { percent });
        onProgress?.({ percent });
      },
    })
      .then((stored) => {
        const href = fullUrl(stored.url, cdnUrl);
        const done: Partial<Item> = {
          status: 'done',
          percent: 100,
          url: href,
          storedUrl: stored.url,
          name: stored.name,
          thumbUrl: stored.mimetype.startsWith('image/') ? href : suffixIconUrl(stored.name),
        };
        const next = itemsRef.current.map((i) => (i.uid === raw.uid ? { ...i, ...done } : i));
        commit(next);
        emit(next);
        onUploaded?.(stored);
        onSuccess?.(stored);
      })
      .catch((error: Error) => {
        // Request errors were already shown by the request client; pre-check errors are shown here.
        if (error.name === 'UploadCheckError') notify('error', error.message);
        update(raw.uid, { status: 'error', response: error.message });
        onError?.(error);
      });
  };

  const onRemove = (file: UploadFile) => {
    const next = itemsRef.current.filter((i) => i.uid !== file.uid);
    commit(next);
    emit(next);
    return true;
  };

  const onPreview = (file: UploadFile) => {
    const url = file.url ?? file.thumbUrl;
    if (!url) return;
    if (isImageKind(type) || (file.thumbUrl && file.thumbUrl === file.url)) setPreview(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
  };

  // Files already stored, picked in the back office's attachment dialog.
  const pick = (files: PickedFile[]) => {
    const added: Item[] = files.map((file) => {
      const href = fullUrl(file.url, cdnUrl);
      return {
        uid: `picked-${file.url}`,
        name: file.name,
        status: 'done',
        url: href,
        storedUrl: file.url,
        thumbUrl: file.mimetype.startsWith('image/') ? href : suffixIconUrl(file.name),
      };
    });
    const kept = isMultiple(type) ? itemsRef.current.filter((i) => !added.some((a) => a.storedUrl === i.storedUrl)) : [];
    const next = [...kept, ...added].slice(0, maxCount(type, limit) || undefined);
    commit(next);
    emit(next);
  };

  const accept = useMemo(() => acceptFor(type, config.mimetype), [type, config.mimetype]);
  const max = maxCount(type, limit);

  return (
    <div id={id} data-testid={`upload-${type}`}>
      <Upload.Dragger
        fileList={items}
        accept={accept}
        multiple={isMultiple(type)}
        maxCount={max || undefined}
        disabled={disabled}
        listType={isImageKind(type) ? 'picture' : 'text'}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onPreview={onPreview}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
        progress={{ strokeWidth: 3, showInfo: true }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(isImageKind(type) ? 'upload.dropImage' : 'upload.dropFile')}</p>
        <p className="ant-upload-hint">
          {max > 1 ? t('upload.hintMany', { count: max }) : isMultiple(type) ? t('upload.hintAny') : t('upload.hintOne')}
        </p>
      </Upload.Dragger>
      {isAdminApp() && !disabled && (
        <>
          <Button
            type="link"
            size="small"
            icon={<FolderOpenOutlined aria-hidden />}
            onClick={() => setChoosing(true)}
            style={{ paddingInline: 0 }}
          >
            {t('upload.chooseExisting')}
          </Button>
          <AttachmentPicker
            type={type}
            open={choosing}
            room={isMultiple(type) ? Math.max(1, (max || 50) - items.filter((i) => i.status === 'done').length) : 1}
            onClose={() => setChoosing(false)}
            onPick={pick}
          />
        </>
      )}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}
