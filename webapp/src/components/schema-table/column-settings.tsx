/**
 * Column settings of a schema table: a toolbar button opening a list of checkboxes, one per column, to
 * show or hide it (in the table and the phone cards). The choice is kept per page in localStorage.
 * The list opens next to its button (not at the end of the page), so Tab reaches it; Esc closes it.
 */
import { useCallback, useRef, useState } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSchema } from './schema';

const STORAGE_PREFIX = 'schema-table:hidden:';

function readHidden(key: string): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + key) ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** The hidden column keys of the table at `key` (e.g. its route path), and a setter that keeps them. */
export function useHiddenColumns(key: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(key));
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      try {
        window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(next));
      } catch {
        // storage full or blocked: the choice lasts until the page is left
      }
    },
    [key],
  );
  return [hidden, update];
}

export function ColumnSettings({
  columns,
  hidden,
  onChange,
}: {
  columns: ColumnSchema[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation('admin/common');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      title={t('common.columns')}
      content={
        <div
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            setOpen(false);
            button.current?.focus();
          }}
        >
          <Checkbox.Group
            aria-label={t('common.columns')}
            value={shown}
            // At least one column stays.
            onChange={(keys) => keys.length && onChange(columns.map((c) => c.key).filter((k) => !keys.includes(k)))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={columns.map((c) => ({ value: c.key, label: c.title }))}
          />
        </div>
      }
    >
      <Button
        ref={button}
        icon={<SettingOutlined aria-hidden />}
        aria-label={t('common.columns')}
        title={t('common.columns')}
        aria-expanded={open}
      />
    </Popover>
  );
}
