/**
 * The rows of a schema table on a phone: one card per row (its name and #id, then every other shown column
 * as "label: value", then its buttons), children of a tree nested below their parent. A 390 px screen
 * cannot hold ten columns: instead of hiding them (antd `responsive`) or scrolling sideways, each row
 * keeps all it says, long values wrap, and the buttons stay in reach. Selection works by a checkbox
 * per card and "select all".
 */
import { Fragment, type ReactNode } from 'react';
import { Checkbox, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../lib/table-api';
import type { ColumnSchema } from './schema';
import { flattenRows } from './schema';

/** The field that names a row (for its card, checkbox and move buttons), or undefined: its id. */
export function rowTitleKey(row: Row): string | undefined {
  return ['label', 'title', 'name', 'username'].find((key) => row[key] !== undefined && row[key] !== null && row[key] !== '');
}

export function rowTitle(row: Row): string {
  const key = rowTitleKey(row);
  return String(key ? row[key] : row.id);
}

export interface CardSelection {
  selected: number[];
  onChange: (ids: number[]) => void;
  disabled: (row: Row) => boolean;
}

export function RowCards({
  rows,
  columns,
  content,
  actions,
  selection,
  loading,
  empty,
}: {
  rows: Row[];
  columns: ColumnSchema[];
  content: (col: ColumnSchema, row: Row) => ReactNode;
  actions?: (row: Row) => ReactNode;
  selection?: CardSelection;
  loading: boolean;
  empty: ReactNode;
}) {
  const { t } = useTranslation('admin/common');
  const { token } = theme.useToken();
  const selectable = selection ? flattenRows(rows).filter((r) => !selection.disabled(r)) : [];
  const chosen = selectable.filter((r) => selection?.selected.includes(r.id)).length;

  const card = (row: Row): ReactNode => {
    const titleKey = rowTitleKey(row);
    // The title shows as its column does (e.g. a file name that opens the file).
    const titleCol = columns.find((col) => col.key === titleKey);
    return (
      <li
        key={row.id}
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: 12,
          marginTop: 8,
          background: token.colorBgContainer,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          {selection && (
            <Checkbox
              aria-label={t('common.selectRow', { name: rowTitle(row) })}
              checked={selection.selected.includes(row.id)}
              disabled={selection.disabled(row)}
              onChange={(e) =>
                selection.onChange(e.target.checked ? [...selection.selected, row.id] : selection.selected.filter((id) => id !== row.id))
              }
            />
          )}
          <strong style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {titleCol ? content(titleCol, row) : titleKey ? String(row[titleKey]) : `#${row.id}`}
          </strong>
          {titleKey && <span style={{ color: token.colorTextSecondary }}>#{row.id}</span>}
        </div>
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(4.5em, max-content) minmax(0, 1fr)',
            gap: '4px 12px',
            margin: '8px 0 0',
          }}
        >
          {columns
            .filter((col) => col.key !== 'id' && col.key !== titleKey)
            .map((col) => (
              <Fragment key={col.key}>
                <dt style={{ color: token.colorTextSecondary }}>{col.title}</dt>
                <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{content(col, row)}</dd>
              </Fragment>
            ))}
        </dl>
        {actions && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 8 }}>{actions(row)}</div>}
        {row.children?.length ? <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: 12 }}>{row.children.map(card)}</ul> : null}
      </li>
    );
  };

  return (
    <Spin spinning={loading}>
      <div aria-busy={loading} data-testid="row-cards" style={{ minHeight: loading && !rows.length ? 120 : undefined }}>
        {selection && selectable.length > 0 && (
          <Checkbox
            checked={chosen > 0 && chosen === selectable.length}
            indeterminate={chosen > 0 && chosen < selectable.length}
            onChange={(e) => selection.onChange(e.target.checked ? selectable.map((r) => r.id) : [])}
          >
            {t('common.selectAll')}
          </Checkbox>
        )}
        {rows.length ? <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{rows.map(card)}</ul> : loading ? null : empty}
      </div>
    </Spin>
  );
}
