/**
 * Rows of another table as a field's value (the `remoteselect` / `remoteselects` types of designed
 * tables): a select that searches the related rows as you type (20 at a time) and names the current
 * value's rows.
 *
 * The rows come from the table being edited, not from the related table: its `related` call answers a
 * relation field's rows as `{id, label}` with that table's own permission (an editor granted news
 * but not tags still picks tags by name). No request reads the other table whole: a search asks for
 * one page; names are looked up by id (at most 100 ids a request). Names a list answer already gave
 * (`remember`) are not asked again.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Option } from './schema';

export interface RemoteRow {
  id: number;
  label: string;
}

/** Where a relation field finds its rows: a quick search (`quick_search`) or the rows of `ids`. */
export interface RemoteSource {
  find: (query: { quick_search?: string; ids?: number[] }) => Promise<RemoteRow[]>;
}

interface Lookup {
  names: Map<number, string>;
  waiting: Set<number>;
  timer: ReturnType<typeof setTimeout> | null;
  listeners: Set<() => void>;
}

const lookups = new WeakMap<RemoteSource, Lookup>();

function lookupOf(source: RemoteSource): Lookup {
  let lookup = lookups.get(source);
  if (!lookup) {
    lookup = { names: new Map(), waiting: new Set(), timer: null, listeners: new Set() };
    lookups.set(source, lookup);
  }
  return lookup;
}

/** Keep names the server already gave (a list answer's `labels` of this field: id → name). */
export function remember(source: RemoteSource, names: Record<string, string> | undefined): void {
  const lookup = lookupOf(source);
  Object.entries(names ?? {}).forEach(([id, name]) => lookup.names.set(Number(id), name));
}

/** The name of `id` if known. */
export function nameOf(source: RemoteSource, id: number): string | undefined {
  return lookupOf(source).names.get(id);
}

/** Ask for the names of `ids` (gathered over one tick, sent 100 at a time). */
function want(source: RemoteSource, ids: number[]): void {
  const lookup = lookupOf(source);
  ids.filter((id) => id > 0 && !lookup.names.has(id)).forEach((id) => lookup.waiting.add(id));
  if (!lookup.waiting.size || lookup.timer) return;
  lookup.timer = setTimeout(() => {
    lookup.timer = null;
    const batch = [...lookup.waiting];
    lookup.waiting.clear();
    for (let start = 0; start < batch.length; start += 100) {
      const part = batch.slice(start, start + 100);
      void source
        .find({ ids: part })
        .then((rows) => {
          rows.forEach((row) => lookup.names.set(row.id, row.label));
          // An id that no longer exists (its row was deleted) shows as its number.
          part.filter((id) => !lookup.names.has(id)).forEach((id) => lookup.names.set(id, `#${id}`));
        })
        .catch(() => undefined)
        .finally(() => lookup.listeners.forEach((listener) => listener()));
    }
  }, 0);
}

export function toIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/** The names of the rows `value` (an id or ids) refers to; re-renders as they arrive. */
function useNames(source: RemoteSource, value: unknown): Map<number, string> {
  const lookup = lookupOf(source);
  const [, setVersion] = useState(0);
  const key = toIds(value).join(',');
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    lookup.listeners.add(listener);
    want(source, key ? key.split(',').map(Number) : []);
    return () => {
      lookup.listeners.delete(listener);
    };
  }, [lookup, source, key]);
  return lookup.names;
}

export function RemoteSelect({
  source,
  multiple,
  id,
  value,
  onChange,
  placeholder,
  label,
  style,
}: {
  source: RemoteSource;
  multiple: boolean;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  placeholder?: string;
  /** The accessible name when no form label names it (a search filter). */
  label?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('admin/common');
  const names = useNames(source, value);
  const [found, setFound] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  // The keyword of the rows in `found` (null: none asked since the list last closed).
  const asked = useRef<string | null>(null);

  const search = (keyword: string) => {
    const ticket = ++latest.current;
    asked.current = keyword;
    // Rows of an earlier keyword go at once: a click meant for one of them would land on whatever the
    // answer puts in its place.
    setFound([]);
    setSearching(true);
    source
      .find({ quick_search: keyword })
      .then((rows) => {
        if (ticket !== latest.current) return; // an older search answered after a newer one
        rows.forEach((row) => lookupOf(source).names.set(row.id, row.label));
        setFound(rows.map((row) => ({ value: row.id, label: row.label })));
      })
      .catch(() => undefined)
      .finally(() => ticket === latest.current && setSearching(false));
  };

  const ids = toIds(value);
  // Not memoised: `names` is a shared map that fills in place (useNames re-renders when it does).
  const options = [
    ...ids.map((i) => ({ value: i, label: names.get(i) ?? `#${i}` })),
    ...found.filter((o) => !ids.includes(Number(o.value))),
  ];

  return (
    <Select
      id={id}
      aria-label={label}
      style={style}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? ids : ids[0]}
      onChange={(v) => onChange?.(multiple ? (v ?? []) : (v ?? 0))}
      options={options}
      showSearch
      filterOption={false}
      onSearch={search}
      onOpenChange={(open) => {
        // Typing into a closed select opens it too, after the typed search began: only a list opened
        // without one asks for the first rows. Closing clears what was typed, so the next opening asks
        // again unless the rows shown are already the first ones.
        if (open && asked.current === null) search('');
        if (!open && asked.current !== '') asked.current = null;
      }}
      loading={searching}
      notFoundContent={searching ? <Spin size="small" /> : undefined}
      placeholder={placeholder ?? t('common.select')}
      allowClear
    />
  );
}
