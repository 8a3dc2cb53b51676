/**
 * Back office › Security › Recycle bin (security/dataRecycleLog): the rows deleted from back-office
 * tables, newest first, filtered by table or administrator — view a row as it was, restore one or
 * the selected ones (the server refuses, and says why, a row whose unique value is taken meanwhile),
 * purge for ever (the table's delete button, permission "del").
 */
import { useMemo, useState } from 'react';
import { Button, Descriptions, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import type { TableConfig } from '../../../../components/schema-table/schema';
import { useAuth } from '../../../../components/permission';
import type { Row } from '../../../../lib/table-api';
import { timeFormat } from '../../../../lib/time';
import { TableName } from '../../shell/table-name';
import { DataLogModal } from '../../shell/data-log-modal';
import { dataLogSchema, valueText } from '../../shell/page-kit';
import { restore, table } from './api';

const NS = 'admin/security';

export default function DataRecycleLogPage() {
  const { t } = useTranslation(NS);
  const canRestore = useAuth('restore');
  const [viewing, setViewing] = useState<{ row: Row; reload: () => void } | null>(null);

  const restoreRows = async (ids: number[], reload: () => void, done?: () => void) => {
    try {
      await restore(ids);
    } catch {
      // shown by the request client (e.g. a unique value taken meanwhile)
    }
    done?.();
    setViewing(null);
    reload();
  };

  const config = useMemo<TableConfig>(
    () => ({
      api: table,
      ...dataLogSchema(t, [], t('deleteTime')),
      rowActions: (row, reload) => (
        <>
          <Button size="small" type="link" onClick={() => setViewing({ row, reload })}>
            {t('view')}
          </Button>
          {canRestore && (
            <Popconfirm title={t('confirmRestore')} onConfirm={() => void restoreRows([row.id], reload)}>
              <Button size="small" type="link">
                {t('restore')}
              </Button>
            </Popconfirm>
          )}
        </>
      ),
      toolbar: (reload, selected, clearSelection) =>
        canRestore && (
          <Popconfirm
            title={t('confirmRestoreMany', { count: selected.length })}
            disabled={!selected.length}
            onConfirm={() => void restoreRows(selected, reload, clearSelection)}
          >
            <Button disabled={!selected.length}>{t('restoreSelected')}</Button>
          </Popconfirm>
        ),
      cells: { table: (row) => <TableName row={row} /> },
    }),

    [t, canRestore],
  );

  const shown = viewing?.row;
  const deleted = (shown?.row ?? {}) as Record<string, unknown>;
  // The values as the table's list shows them (option labels, names of related rows, text of rich text)
  // and its fields' titles, where the server has them (designed tables).
  const readable = (shown?.row_shown ?? {}) as Record<string, unknown>;
  const titles = (shown?.row_titles ?? {}) as Record<string, string>;
  // A deleted menu rule: the groups that held it (a restore grants it to them again).
  const heldBy = ((shown?.context as { groups?: { id: number; name: string }[] } | undefined)?.groups ?? [])
    .map((g) => `${g.name} (#${g.id})`)
    .join(', ');
  return (
    <>
      <SchemaTable config={config} />
      <DataLogModal
        row={shown}
        title={(row) => `${t('deletedRow')} · ${String(row.table_title)} #${String(row.item_id)}`}
        onClose={() => setViewing(null)}
        action={
          canRestore &&
          viewing && (
            <Button type="primary" onClick={() => void restoreRows([viewing.row.id], viewing.reload)}>
              {t('restore')}
            </Button>
          )
        }
      >
        {() => (
          <>
            {heldBy && <Typography.Paragraph>{t('heldBy', { groups: heldBy })}</Typography.Paragraph>}
            <Descriptions
              bordered
              size="small"
              column={1}
              items={Object.entries(deleted).map(([key, value]) => ({
                key,
                label: titles[key] ?? key,
                children: (
                  <span style={{ wordBreak: 'break-all' }}>
                    {key.endsWith('_time') && typeof value === 'number' && value > 0
                      ? timeFormat(value)
                      : valueText(key in readable ? readable[key] : value, t('empty'))}
                  </span>
                ),
              }))}
            />
          </>
        )}
      </DataLogModal>
    </>
  );
}
