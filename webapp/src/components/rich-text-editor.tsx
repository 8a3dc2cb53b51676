/**
 * The rich-text input of the back office (designed tables' `richtext` fields): Tiptap 3 on ProseMirror.
 *
 * Why Tiptap: it is maintained (monthly releases), MIT-licensed, headless — the toolbar is antd buttons,
 * so it follows the app's theme, dark mode and languages — and its document is HTML, which the server
 * cleans with nh3 to the same small set of tags the toolbar can produce. ProseMirror's contenteditable
 * works with screen readers and the keyboard (Ctrl+B, Ctrl+I, Ctrl+Z …). The module is loaded only
 * when a form with a rich-text field opens.
 *
 * Pictures (`RichTextImage`): an upload or a stored attachment (the upload field of image fields), with
 * alt text (required) and a size class (`img-small` / `img-medium` / `img-full`). Tables: insert, add or
 * delete a row or column, delete the table; inside a table Tab and Shift+Tab move between cells. The
 * server keeps exactly these forms (functions/services/richtext.py).
 *
 * The value is HTML; an empty document is "" (so `required` works as for any text).
 */
import { useEffect, useState } from 'react';
import { Button, Divider, Input, Popover, Space, theme, Tooltip } from 'antd';
import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { ImageButton, RichTextImage } from './rich-text-image';

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The field's name, read by screen readers as the editor's label. */
  label?: string;
  placeholder?: string;
}

/** What the editor knows: the toolbar's text forms, pictures and tables (what the server keeps). */
export const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }),
  RichTextImage,
  TableKit.configure({ table: { resizable: false } }),
];

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * An editor that still has its schema. `useEditor` destroys an editor whose component has not mounted one
 * tick after creating it (a slow first render: a busy phone, a form opening while the list reloads) and
 * makes a new one; an effect of that render still holds the destroyed one, whose schema is gone, and
 * reading its HTML would throw and take the whole form down.
 */
export const usable = (editor: Editor | null): editor is Editor => editor !== null && (editor.schema as Editor['schema'] | null) !== null;

/** Put `value` into the editor when it differs from what the editor holds (a value set from outside). */
export function showValue(editor: Editor | null, value: string | undefined): void {
  if (usable(editor) && (value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
}

function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation('admin/common');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else if (/^(https?:\/\/|\/|mailto:)/i.test(url)) chain.setLink({ href: url }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            aria-label={t('editor.linkAddress')}
            placeholder="https://"
            value={href}
            autoFocus
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
          />
          <Button type="primary" onClick={apply}>
            {t('editor.apply')}
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button
          size="small"
          type={editor.isActive('link') ? 'primary' : 'text'}
          aria-pressed={editor.isActive('link')}
          aria-label={t('editor.link')}
          icon={<LinkOutlined aria-hidden />}
        />
      </Tooltip>
    </Popover>
  );
}

export default function RichTextEditor({ id, value, onChange, label, placeholder }: RichTextEditorProps) {
  const { t } = useTranslation('admin/common');
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-label': label } : {}),
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        class: 'rich-text-content',
        style: 'min-height: 140px; padding: 4px 0; overflow-wrap: anywhere',
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(htmlOf(current)),
  });

  // A value set from outside (the form opened on another row, reset) replaces the document.
  useEffect(() => showValue(editor, value), [editor, value]);

  // The selector reads the editor of this render, not the snapshot's: the snapshot changes only on a
  // transaction, so after useEditor replaced a destroyed editor it would still hold the old one, the
  // state would stay null and the field would show nothing until a keystroke it can no longer receive.
  const state = useEditorState({
    editor,
    selector: () => {
      const e = editor;
      return usable(e)
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            image: e.isActive('image'),
            table: e.isActive('table'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null;
    },
  });
  if (!editor || !state) return null;

  const tool = (key: string, active: boolean, run: () => void, icon: React.ReactNode, disabled = false) => (
    <Tooltip key={key} title={t(`editor.${key}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-pressed={active}
        aria-label={t(`editor.${key}`)}
        icon={icon}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  const text = (s: string) => <span style={{ fontWeight: 600, fontSize: 12 }}>{s}</span>;

  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgContainer }}>
      <div
        role="toolbar"
        aria-label={label ? t('editor.toolbarOf', { field: label }) : t('editor.toolbar')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 2, padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {tool('bold', state.bold, () => chain().toggleBold().run(), <BoldOutlined aria-hidden />)}
        {tool('italic', state.italic, () => chain().toggleItalic().run(), <ItalicOutlined aria-hidden />)}
        {tool('underline', state.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined aria-hidden />)}
        {tool('strike', state.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined aria-hidden />)}
        <Divider type="vertical" />
        {tool('heading2', state.h2, () => chain().toggleHeading({ level: 2 }).run(), text('H2'))}
        {tool('heading3', state.h3, () => chain().toggleHeading({ level: 3 }).run(), text('H3'))}
        {tool('bulletList', state.bullet, () => chain().toggleBulletList().run(), <UnorderedListOutlined aria-hidden />)}
        {tool('orderedList', state.ordered, () => chain().toggleOrderedList().run(), <OrderedListOutlined aria-hidden />)}
        {tool('quote', state.quote, () => chain().toggleBlockquote().run(), text('❝'))}
        <LinkButton editor={editor} />
        <ImageButton editor={editor} active={state.image} />
        {tool('table', false, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), <TableOutlined aria-hidden />)}
        {state.table && (
          <>
            {tool('tableRowAdd', false, () => chain().addRowAfter().run(), <InsertRowBelowOutlined aria-hidden />)}
            {tool('tableRowDelete', false, () => chain().deleteRow().run(), <DeleteRowOutlined aria-hidden />)}
            {tool('tableColumnAdd', false, () => chain().addColumnAfter().run(), <InsertRowRightOutlined aria-hidden />)}
            {tool('tableColumnDelete', false, () => chain().deleteColumn().run(), <DeleteColumnOutlined aria-hidden />)}
            {tool('tableDelete', false, () => chain().deleteTable().run(), <DeleteOutlined aria-hidden />)}
          </>
        )}
        <Divider type="vertical" />
        {tool('undo', false, () => chain().undo().run(), <UndoOutlined aria-hidden />, !state.undo)}
        {tool('redo', false, () => chain().redo().run(), <RedoOutlined aria-hidden />, !state.redo)}
      </div>
      <EditorContent editor={editor} style={{ padding: '0 11px', color: token.colorText }} />
    </div>
  );
}
