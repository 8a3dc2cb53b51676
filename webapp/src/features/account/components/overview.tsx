/** Overview: greeting, balance, points, the latest changes and a 7-day chart. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberSession } from '../../../lib/auth-tokens';
import { greeting } from '../../../lib/greeting';
import { timeFormat } from '../../../lib/time';
import { getOverview, type LogRow, type Overview } from '../api/account-api';
import { WeekChart } from './week-chart';

function Changes({ title, rows }: { title: string; rows: LogRow[] }) {
  const { t } = useTranslation('userLoading');
  return (
    <div style={{ flex: '1 1 260px' }}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul style={{ paddingLeft: 18 }}>
          {rows.map((row) => (
            <li key={row.id}>
              {timeFormat(row.create_time)} · {String(row.change).startsWith('-') ? row.change : `+${row.change}`} · {row.memo}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function OverviewPage() {
  const { t } = useTranslation(['userLoading', 'general']);
  const [data, setData] = useState<Overview | null>(null);
  const info = memberSession.get();
  useEffect(() => {
    void getOverview()
      .then((res) => setData(res.data))
      .catch(() => undefined);
  }, []);
  return (
    <div data-testid="account-overview">
      <p style={{ fontSize: 18 }}>
        {greeting(t)}, {info.nickname || info.username}
      </p>
      {data && (
        <>
          <dl style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
            <div>
              <dt>{t('userLoading:balance')}</dt>
              <dd data-testid="overview-money" style={{ fontSize: 28, margin: 0 }}>
                ¥{data.money}
              </dd>
            </div>
            <div>
              <dt>{t('userLoading:points')}</dt>
              <dd data-testid="overview-score" style={{ fontSize: 28, margin: 0 }}>
                {data.score}
              </dd>
            </div>
          </dl>
          <WeekChart
            title={t('userLoading:chartTitle')}
            days={data.chart.days}
            series={[
              { label: t('userLoading:balance'), color: '#1677ff', values: data.chart.money.map(Number) },
              { label: t('userLoading:points'), color: '#52c41a', values: data.chart.score },
            ]}
          />
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <Changes title={t('userLoading:recentMoney')} rows={data.recent.money} />
            <Changes title={t('userLoading:recentScore')} rows={data.recent.score} />
          </div>
        </>
      )}
    </div>
  );
}
