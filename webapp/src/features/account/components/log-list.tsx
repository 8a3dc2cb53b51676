/** Balance or points log with pagination (GET /api/account/balance|integral ?page&limit): a table, and on
 * phones a list (memo in full width, change and before → after beside it) so nothing is squeezed. */
import { useEffect, useState } from 'react';
import Pagination from 'antd/es/pagination';
import Table from 'antd/es/table';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../../lib/theme';
import { timeFormat } from '../../../lib/time';
import { getLog, type LogRow } from '../api/account-api';
import { LogEntry } from './log-entry';
import { signed } from './week-data';

export const PAGE_SIZE = 10;

export function LogList({ kind }: { kind: 'balance' | 'integral' }) {
  const { t } = useTranslation('userLoading');
  const { token } = theme.useToken();
  const narrow = useNarrowScreen();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<LogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    void getLog(kind, page, PAGE_SIZE)
      .then((res) => {
        setRows(res.data.list);
        setTotal(res.data.total);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [kind, page]);
  const pagination = { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true };
  if (narrow) {
    return (
      <div data-testid={`log-${kind}`} aria-busy={loading}>
        {!loading && rows.length === 0 ? (
          <p style={{ color: token.colorTextSecondary }}>{t('empty')}</p>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row) => (
              <LogEntry key={row.id} row={row} beforeAfter={`${row.before} → ${row.after}`} />
            ))}
          </ul>
        )}
        <Pagination {...pagination} simple style={{ marginTop: 16, justifyContent: 'center' }} />
      </div>
    );
  }
  return (
    <Table<LogRow>
      data-testid={`log-${kind}`}
      rowKey="id"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: loading ? ' ' : t('empty') }}
      pagination={pagination}
      columns={[
        { title: t('log.change'), dataIndex: 'change', width: 110, render: (v: string | number) => signed(String(v)) },
        { title: t('log.before'), dataIndex: 'before', width: 110 },
        { title: t('log.after'), dataIndex: 'after', width: 110 },
        { title: t('log.memo'), dataIndex: 'memo' },
        {
          title: t('log.time'),
          dataIndex: 'create_time',
          width: 200,
          render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{timeFormat(v)}</span>,
        },
      ]}
    />
  );
}
