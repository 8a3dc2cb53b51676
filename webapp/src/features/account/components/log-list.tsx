/** Balance or points log with pagination (GET /api/account/balance|integral ?page&limit). */
import { useEffect, useState } from 'react';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { timeFormat } from '../../../lib/time';
import { getLog, type LogRow } from '../api/account-api';

export const PAGE_SIZE = 10;

export function LogList({ kind }: { kind: 'balance' | 'integral' }) {
  const { t } = useTranslation('userLoading');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<LogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
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
  return (
    <Table<LogRow>
      data-testid={`log-${kind}`}
      rowKey="id"
      loading={loading}
      dataSource={rows}
      scroll={{ x: true }}
      locale={{ emptyText: t('empty') }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('log.change'), dataIndex: 'change', render: (v: string | number) => (String(v).startsWith('-') ? String(v) : `+${v}`) },
        { title: t('log.before'), dataIndex: 'before' },
        { title: t('log.after'), dataIndex: 'after' },
        { title: t('log.memo'), dataIndex: 'memo' },
        { title: t('log.time'), dataIndex: 'create_time', render: (v: number) => timeFormat(v) },
      ]}
    />
  );
}
