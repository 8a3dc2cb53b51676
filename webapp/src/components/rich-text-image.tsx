/**
 * Pictures inside rich text: the Tiptap image node as the server keeps it (`<img src alt class>`, the
 * class one of `IMAGE_SIZES`) and the toolbar's picture button, whose dialog takes the picture from a
 * new upload or the stored attachments (the upload field of image fields: one way to upload), its
 * alt text (required) and its size. With a picture selected, the button edits that picture.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Tooltip } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { UploadField } from './upload/upload-field';
import './rich-text-image.css';

export const IMAGE_SIZES = ['img-small', 'img-medium', 'img-full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
const SIZE_LABEL: Record<ImageSize, string> = { 'img-small': 'sizeSmall', 'img-medium': 'sizeMedium', 'img-full': 'sizeFull' };

/**
 * The address of an upload of this app (`/storage/…`) that `url` names, relative as the server keeps it
 * (a picture copied from a page of the app comes with its full address), or null for anything else.
 */
export function uploadSrc(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    const path = parsed.pathname;
    if (parsed.origin !== window.location.origin || !path.startsWith('/storage/') || path.split('/').includes('..')) return null;
    return path;
  } catch {
    return null;
  }
}

/**
 * The image node with only what the server keeps: src, alt and the size class. A picture pasted from
 * elsewhere (another site, inline data) is left out, as the server would drop its address.
 */
export const RichTextImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element: HTMLElement) => (uploadSrc(element.getAttribute('src')) ? null : false) }];
  },
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element: HTMLElement) => uploadSrc(element.getAttribute('src')) },
      alt: { default: null },
      size: {
        default: 'img-full',
        parseHTML: (element: HTMLElement) => IMAGE_SIZES.find((size) => element.classList.contains(size)) ?? 'img-full',
        renderHTML: (attributes: { size?: string }) => ({ class: attributes.size ?? 'img-full' }),
      },
    };
  },
});

interface Values {
  src: string;
  alt: string;
  size: ImageSize;
}

export function ImageButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('admin/common');
  // The values the dialog opens with (those of the selected picture); null while it is closed.
  const [initial, setInitial] = useState<Values | null>(null);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Values>();

  const start = () => {
    const current = active ? (editor.getAttributes('image') as Partial<Values>) : {};
    setEditing(active);
    setInitial({ src: current.src ?? '', alt: current.alt ?? '', size: current.size ?? 'img-full' });
  };
  const apply = (values: Values) => {
    const attrs = { src: values.src, alt: values.alt.trim(), size: values.size };
    if (editing) editor.chain().focus().updateAttributes('image', attrs).run();
    // A paragraph after a new picture takes the cursor, so what comes next (text, a table) goes below it.
    else
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'image', attrs }, { type: 'paragraph' }])
        .run();
    setInitial(null);
  };

  return (
    <>
      <Tooltip title={t('editor.image')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          aria-pressed={active}
          aria-label={t('editor.image')}
          icon={<PictureOutlined aria-hidden />}
          onClick={start}
        />
      </Tooltip>
      <Modal
        open={initial !== null}
        title={t(editing ? 'editor.imageEditTitle' : 'editor.imageTitle')}
        okText={t(editing ? 'editor.save' : 'editor.insert')}
        cancelText={t('editor.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setInitial(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={initial ?? undefined} onFinish={apply}>
          <Form.Item
            name="src"
            label={t('editor.imageFile')}
            rules={[{ required: true, message: t('editor.imageFileRequired') }]}
            getValueFromEvent={(value: string | string[]) => (Array.isArray(value) ? (value[0] ?? '') : value)}
          >
            <UploadField type="image" topic="richtext" />
          </Form.Item>
          <Form.Item
            name="alt"
            label={t('editor.alt')}
            extra={t('editor.altHelp')}
            rules={[{ required: true, whitespace: true, message: t('editor.altRequired') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="size" label={t('editor.size')}>
            <Radio.Group
              optionType="button"
              options={IMAGE_SIZES.map((size) => ({ value: size, label: t(`editor.${SIZE_LABEL[size]}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
