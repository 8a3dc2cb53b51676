/**
 * Back office › Security › Sensitive-data log (security/sensitiveDataLog): every change of a watched
 * field, newest first, filtered by table, field or administrator — the change as a before/after diff,
 * roll back (only while the field still holds the logged new value: the server refuses otherwise and
 * says what it holds now), purge (the table's delete button). Passwords show only that they changed.
 */
import { useMemo, useState } from 'react';
import { Button, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import type { TableConfig } from '../../../../components/schema-table/schema';
import { useAuth } from '../../../../components/permission';
import type { Row } from '../../../../lib/table-api';
import { timeFormat } from '../../../../lib/time';
import { TableName } from '../../shell/table-name';
import { DataLogModal } from '../../shell/data-log-modal';
import { dataLogSchema, valueText } from '../../shell/page-kit';
import { rollback, table } from './api';

const NS = 'admin/security';
const REMOVED = { background: '#fff1f0', border: '1px solid #ffa39e' };
const ADDED = { background: '#f6ffed', border: '1px solid #b7eb8f' };

type Translate = (key: string, vars?: Record<string, unknown>) => string;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One side of the diff: a list shows its items, those not on the other side marked; an object (a
 * text per language of a config value) one line per key, the changed ones marked. */
function Side({ value, other, style, mark, t }: { value: unknown; other: unknown; style: object; mark: string; t: Translate }) {
  if (isRecord(value)) {
    const others = isRecord(other) ? other : {};
    return (
      <div style={{ ...style, padding: '4px 8px', borderRadius: 4, wordBreak: 'break-all' }}>
        {Object.entries(value).map(([key, item]) => {
          const changed = JSON.stringify(item) !== JSON.stringify(others[key]);
          return (
            <div key={key} title={changed ? mark : undefined} style={changed ? { fontWeight: 600 } : undefined}>
              {key}: {valueText(item, t('empty'))}
            </div>
          );
        })}
      </div>
    );
  }
  if (Array.isArray(value)) {
    const others = new Set((Array.isArray(other) ? other : []).map((v) => JSON.stringify(v)));
    return (
      <Space wrap>
        {value.length
          ? value.map((item) => {
              const changed = !others.has(JSON.stringify(item));
              return (
                <Tag
                  key={JSON.stringify(item)}
                  color={changed ? (style === ADDED ? 'green' : 'red') : undefined}
                  title={changed ? mark : undefined}
                >
                  {valueText(item, t('empty'))}
                </Tag>
              );
            })
          : t('empty')}
      </Space>
    );
  }
  return <div style={{ ...style, padding: '4px 8px', borderRadius: 4, wordBreak: 'break-all' }}>{valueText(value, t('empty'))}</div>;
}

/** The field's name, after its title where the table has one (a config item: "Service hotline site.hotline"). */
const fieldName = (row: Row) => (row.field_title ? `${String(row.field_title)} ${String(row.field)}` : String(row.field));

export default function SensitiveDataLogPage() {
  const { t } = useTranslation(NS);
  const canRollback = useAuth('rollback');
  const [viewing, setViewing] = useState<{ row: Row; reload: () => void } | null>(null);

  const rollBack = async (id: number, reload: () => void) => {
    try {
      await rollback([id]);
    } catch {
      // shown by the request client (e.g. the field changed again since)
    }
    setViewing(null);
    reload();
  };

  /** A value as the table's list shows it (option labels, related rows' names…) where the server gave it. */
  const readable = (row: Row, key: 'before' | 'after') =>
    `${key}_shown` in row && row[`${key}_shown`] !== null ? row[`${key}_shown`] : row[key];
  const shownValue = (row: Row, key: 'before' | 'after') => (row.secret ? t('secretChanged') : valueText(readable(row, key), t('empty')));

  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      ...dataLogSchema(
        t,
        [
          { key: 'field', title: t('field') },
          { key: 'before', title: t('before') },
          { key: 'after', title: t('after') },
        ],
        t('changeTime'),
      ),
      cells: {
        table: (row) => <TableName row={row} />,
        // A config value has no row id: the config items are one "row" (its field names the item).
        item_id: (row) => (row.item_id ? String(row.item_id) : '—'),
        field: (row) => (
          <>
            {fieldName(row)} {row.rollback_time ? <Tag color="blue">{t('rolledBack')}</Tag> : null}
          </>
        ),
        before: (row) => (
          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
            {shownValue(row, 'before')}
          </Typography.Text>
        ),
        after: (row) => (
          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
            {shownValue(row, 'after')}
          </Typography.Text>
        ),
      },
      rowActions: (row, reload) => (
        <>
          <Button size="small" type="link" onClick={() => setViewing({ row, reload })}>
            {t('diff')}
          </Button>
          {canRollback && !row.secret && !row.rollback_time && (
            <Popconfirm title={t('confirmRollback')} onConfirm={() => void rollBack(row.id, reload)}>
              <Button size="small" type="link">
                {t('rollback')}
              </Button>
            </Popconfirm>
          )}
        </>
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rollBack and shownValue only use t and state setters
    [t, canRollback],
  );

  const shown = viewing?.row;
  return (
    <>
      <SchemaTable config={config} />
      <DataLogModal
        row={shown}
        title={(row) => `${t('diff')} · ${String(row.table_title)}${row.item_id ? ` #${String(row.item_id)}` : ''} · ${fieldName(row)}`}
        onClose={() => setViewing(null)}
        action={
          canRollback &&
          viewing &&
          !viewing.row.secret &&
          !viewing.row.rollback_time && (
            <Popconfirm title={t('confirmRollback')} onConfirm={() => void rollBack(viewing.row.id, viewing.reload)}>
              <Button type="primary">{t('rollback')}</Button>
            </Popconfirm>
          )
        }
        note={(row) =>
          row.rollback_time ? ` · ${t('rolledBackBy', { admin: row.rollback_admin, time: timeFormat(row.rollback_time as number) })}` : ''
        }
      >
        {(row) =>
          row.secret ? (
            <Typography.Paragraph>{t('secretChanged')}</Typography.Paragraph>
          ) : (
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                {
                  key: 'before',
                  label: t('before'),
                  children: (
                    <Side value={readable(row, 'before')} other={readable(row, 'after')} style={REMOVED} mark={t('removed')} t={t} />
                  ),
                },
                {
                  key: 'after',
                  label: t('after'),
                  children: <Side value={readable(row, 'after')} other={readable(row, 'before')} style={ADDED} mark={t('added')} t={t} />,
                },
              ]}
            />
          )
        }
      </DataLogModal>
    </>
  );
}
