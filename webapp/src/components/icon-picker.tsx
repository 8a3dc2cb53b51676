/**
 * The one icon picker (menu rules, designed tables' icon fields, config items of type icon, the layout's
 * default menu icon). The icon sets come from the caller (the back office's shell: antd's icons and the
 * three icon style sheets, features/admin/shell/icons): one tab per set, a search over the names, a grid
 * of icons and a preview of the focused one with its name. The name can also be typed.
 *
 * Keyboard: the search field's ↓ enters the grid; in the grid the arrows move (eight a row), Home / End
 * go to the first / last, Enter or Space picks, Escape closes and returns to the "Choose" button. The
 * grid is a listbox whose options are named by the icon names.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Input, Popover, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

export interface IconSet {
  /** Also the key of its title in admin/common `icons.sets`. */
  key: string;
  /** Whether `name` belongs to this set (the tab that opens first is the current value's). */
  owns: (name: string) => boolean;
  load: () => Promise<string[]>;
}

/** What a page hands to the picker and to its list cells. */
export interface IconChoice {
  sets: IconSet[];
  /** The icon of a name of any set, decoration only (hidden from screen readers). */
  render: (name: string) => ReactNode;
}

export const COLUMNS = 8;
/** Shown at once; more on request (Bootstrap Icons alone has two thousand). */
const PAGE = 160;
const CELL = 36;

function Panel({
  choice,
  value,
  onPick,
  onClose,
}: {
  choice: IconChoice;
  value: string;
  onPick: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin/common');
  const uid = useId();
  const [setKey, setSetKey] = useState(() => (choice.sets.find((s) => s.owns(value)) ?? choice.sets[0]).key);
  const [names, setNames] = useState<string[] | null>(null);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    setNames(null);
    const set = choice.sets.find((s) => s.key === setKey);
    void set?.load().then((list) => alive && setNames(list));
    return () => {
      alive = false;
    };
  }, [choice, setKey]);

  const matches = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (names ?? []).filter((name) => words.every((w) => name.toLowerCase().includes(w)));
  }, [names, query]);
  const shown = matches.slice(0, limit);
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const focused = shown[current];

  const focusOption = (index: number) => {
    const next = Math.max(0, Math.min(index, shown.length - 1));
    setActive(next);
    grid.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };
  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (e.key in moves) focusOption(current + moves[e.key]);
    else if (e.key === 'Home') focusOption(0);
    else if (e.key === 'End') focusOption(shown.length - 1);
    else if ((e.key === 'Enter' || e.key === ' ') && focused) onPick(focused);
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="dialog"
      aria-label={t('icons.title')}
      style={{ width: 'min(400px, calc(100vw - 48px))' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <Tabs
        size="small"
        tabBarGutter={16} // the four sets fit on a phone's width, no "more" menu
        activeKey={setKey}
        onChange={(key) => {
          setSetKey(key);
          setActive(0);
          setLimit(PAGE);
        }}
        items={choice.sets.map((set) => ({ key: set.key, label: t(`icons.sets.${set.key}`) }))}
        style={{ marginBottom: 4 }}
      />
      <Input
        autoFocus
        allowClear
        aria-label={t('icons.search')}
        placeholder={t('icons.search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setLimit(PAGE);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && shown.length) {
            e.preventDefault();
            focusOption(0);
          } else if (e.key === 'Enter' && shown.length === 1) onPick(shown[0]);
        }}
      />
      <div
        ref={grid}
        role="listbox"
        aria-label={t(`icons.sets.${setKey}`)}
        aria-busy={names === null}
        onKeyDown={onGridKey}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
          gap: 4,
          alignContent: 'start',
          marginTop: 8,
          // A fixed height, like the row of "more" below: the panel keeps its size while a set
          // loads and from set to set, so the popover never moves under the pointer.
          height: 5.5 * (CELL + 4),
          overflowY: 'auto',
        }}
      >
        {shown.map((name, index) => (
          <div
            key={name}
            id={`${uid}-${index}`}
            data-index={index}
            role="option"
            aria-label={name}
            aria-selected={name === value}
            tabIndex={index === current ? 0 : -1}
            title={name}
            onClick={() => onPick(name)}
            onFocus={() => setActive(index)}
            onMouseEnter={() => setActive(index)}
            className="icon-picker-option"
            style={{
              height: CELL,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 18,
              cursor: 'pointer',
              borderRadius: 6,
              border: `1px solid ${name === value ? 'var(--ant-color-primary, #1677ff)' : 'transparent'}`,
              background: index === current ? 'var(--ant-control-item-bg-hover, rgba(0,0,0,.06))' : undefined,
            }}
          >
            {choice.render(name)}
          </div>
        ))}
      </div>
      <div style={{ minHeight: 24 }}>
        {matches.length > shown.length && (
          <Button type="link" size="small" onClick={() => setLimit(limit + PAGE)} style={{ paddingInline: 0 }}>
            {t('icons.more', { shown: shown.length, total: matches.length })}
          </Button>
        )}
      </div>
      <div
        data-testid="icon-preview"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          marginTop: 8,
          minHeight: 40,
          borderTop: '1px solid rgba(128,128,128,.2)',
          paddingTop: 8,
        }}
      >
        <span style={{ fontSize: 28, lineHeight: 1, width: 32, textAlign: 'center' }}>{focused ? choice.render(focused) : null}</span>
        <code style={{ wordBreak: 'break-all' }}>{focused ?? ''}</code>
      </div>
      <div aria-live="polite" style={{ fontSize: 12, opacity: 0.7 }}>
        {names === null ? t('icons.loading') : matches.length ? t('icons.count', { count: matches.length }) : t('icons.none')}
      </div>
    </div>
  );
}

/** A text field holding the icon's name (its icon in front) with a "Choose" button opening the picker. */
export function IconPicker({
  id,
  value,
  onChange,
  choice,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (name: string) => void;
  choice: IconChoice;
  placeholder?: string;
}) {
  const { t } = useTranslation('admin/common');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const name = value ?? '';
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={name}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={() => name !== name.trim() && onChange?.(name.trim())}
        prefix={<span style={{ display: 'inline-flex', width: 16, justifyContent: 'center' }}>{name ? choice.render(name) : null}</span>}
        placeholder={placeholder ?? t('icons.placeholder')}
        allowClear
        maxLength={64}
      />
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        destroyOnHidden
        content={
          <Panel
            choice={choice}
            value={name}
            onPick={(picked) => {
              onChange?.(picked);
              close();
            }}
            onClose={close}
          />
        }
      >
        <Button ref={button} aria-haspopup="dialog" aria-expanded={open}>
          {t('icons.choose')}
        </Button>
      </Popover>
    </Space.Compact>
  );
}
