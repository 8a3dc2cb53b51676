/**
 * Rows of another table as a field's value (the `remoteselect` / `remoteselects` types of designed
 * tables): a select that searches that table as you type (its quick search, 20 rows a time) and names
 * the current value's rows, and `RemoteLabels`, the names of ids in a list cell.
 *
 * No request reads the other table whole: a search asks for one page; names are looked up by id
 * (`initKey=id`, at most 100 ids, one BatchGetItem). Cells of one list share their lookups: the ids a
 * render asks for are gathered and fetched together, and a name once fetched is kept for the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row, TableApi } from '../../lib/table-api';
import type { Option } from './schema';

export interface RemoteSource {
  api: TableApi;
  /** The field of the other table's rows that names them. */
  label: string;
}

function nameOf(row: Row, label: string): string {
  const value = row[label];
  return value === undefined || value === null || value === '' ? `#${row.id}` : String(value);
}

interface Lookup {
  names: Map<number, string>;
  waiting: Set<number>;
  timer: ReturnType<typeof setTimeout> | null;
  listeners: Set<() => void>;
}

const lookups = new WeakMap<TableApi, Lookup>();

function lookupOf(api: TableApi): Lookup {
  let lookup = lookups.get(api);
  if (!lookup) {
    lookup = { names: new Map(), waiting: new Set(), timer: null, listeners: new Set() };
    lookups.set(api, lookup);
  }
  return lookup;
}

/** Ask for the names of `ids` (gathered over one tick, sent 100 at a time). */
function want(source: RemoteSource, ids: number[]): void {
  const lookup = lookupOf(source.api);
  ids.filter((id) => id > 0 && !lookup.names.has(id)).forEach((id) => lookup.waiting.add(id));
  if (!lookup.waiting.size || lookup.timer) return;
  lookup.timer = setTimeout(() => {
    lookup.timer = null;
    const batch = [...lookup.waiting];
    lookup.waiting.clear();
    for (let start = 0; start < batch.length; start += 100) {
      const part = batch.slice(start, start + 100);
      void source.api
        .pick({ initKey: 'id', initValue: part.join(',') })
        .then((res) => {
          res.data.list.forEach((row) => lookup.names.set(row.id, nameOf(row, source.label)));
          // An id that no longer exists (its row was deleted) shows as its number.
          part.filter((id) => !lookup.names.has(id)).forEach((id) => lookup.names.set(id, `#${id}`));
        })
        .catch(() => undefined)
        .finally(() => lookup.listeners.forEach((listener) => listener()));
    }
  }, 0);
}

function toIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/** The names of the rows `value` (an id or ids) refers to; re-renders as they arrive. */
function useNames(source: RemoteSource, value: unknown): Map<number, string> {
  const lookup = lookupOf(source.api);
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

/** A list cell: the names of the referenced rows, comma-separated. */
export function RemoteLabels({ source, value }: { source: RemoteSource; value: unknown }) {
  const names = useNames(source, value);
  const ids = toIds(value);
  if (!ids.length) return <>-</>;
  return <>{ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}</>;
}

export function RemoteSelect({
  source,
  multiple,
  id,
  value,
  onChange,
  placeholder,
}: {
  source: RemoteSource;
  multiple: boolean;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('admin/common');
  const names = useNames(source, value);
  const [found, setFound] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);

  const search = (keyword: string) => {
    const ticket = ++latest.current;
    setSearching(true);
    source.api
      .pick({ quick_search: keyword })
      .then((res) => {
        if (ticket !== latest.current) return; // an older search answered after a newer one
        res.data.list.forEach((row) => lookupOf(source.api).names.set(row.id, nameOf(row, source.label)));
        setFound(res.data.list.map((row) => ({ value: row.id, label: nameOf(row, source.label) })));
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
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? ids : ids[0]}
      onChange={(v) => onChange?.(multiple ? (v ?? []) : (v ?? 0))}
      options={options}
      showSearch
      filterOption={false}
      onSearch={search}
      onOpenChange={(open) => open && !found.length && search('')}
      notFoundContent={searching ? <Spin size="small" /> : undefined}
      placeholder={placeholder ?? t('common.select')}
      allowClear
    />
  );
}
