/** Overview: greeting, balance, points, a 7-day chart with its table, and the latest changes. */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyDaysNote } from '../../../components/series-table';
import { memberSession } from '../../../lib/auth-tokens';
import { greeting } from '../../../lib/greeting';
import { getOverview, type LogRow, type Overview } from '../api/account-api';
import { accountPath } from './account-pages';
import { LogEntry } from './log-entry';
import { WeekTable, type WeekSeries } from './week-data';

// ECharts is loaded with the overview's chart only, never with the login or the other member pages.
const WeekChart = lazy(() => import('./week-chart'));

const CHART_HEIGHT = 280;

function Changes({ title, rows, page }: { title: string; rows: LogRow[]; page: string }) {
  const { t } = useTranslation('userLoading');
  const { token } = theme.useToken();
  return (
    <section style={{ flex: '1 1 260px', minWidth: 0 }}>
      <h3 style={{ fontSize: 16, margin: '0 0 8px', color: token.colorTextHeading }}>{title}</h3>
      {rows.length === 0 ? (
        <p style={{ color: token.colorTextSecondary }}>{t('empty')}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <LogEntry key={row.id} row={row} />
          ))}
        </ul>
      )}
      <p style={{ margin: '8px 0 0' }}>
        <Link to={page}>{t('overview.allRecords')}</Link>
      </p>
    </section>
  );
}

export function OverviewPage() {
  const { t } = useTranslation(['userLoading', 'general']);
  const { token } = theme.useToken();
  const [data, setData] = useState<Overview | null>(null);
  const info = memberSession.get();
  useEffect(() => {
    void getOverview()
      .then((res) => setData(res.data))
      .catch(() => undefined);
  }, []);
  const series = useMemo<WeekSeries[]>(
    () =>
      data
        ? [
            {
              label: t('userLoading:balance'),
              color: token.colorPrimary,
              values: data.chart.money.map(Number),
              format: (v) => v.toFixed(2),
            },
            { label: t('userLoading:points'), color: token.colorWarningTextActive, values: data.chart.score, format: (v) => String(v) },
          ]
        : [],
    [data, t, token.colorPrimary, token.colorWarningTextActive],
  );
  const stat = {
    flex: '1 1 130px',
    padding: '16px 20px',
    borderRadius: token.borderRadiusLG,
    background: token.colorFillQuaternary,
    margin: 0,
  };
  return (
    <div data-testid="account-overview">
      <p style={{ fontSize: 18, marginTop: 0 }}>
        {greeting(t)}, {info.nickname || info.username}
      </p>
      {data && (
        <>
          <dl style={{ display: 'flex', gap: 16, flexWrap: 'wrap', margin: '0 0 24px' }}>
            <div style={stat}>
              <dt style={{ color: token.colorTextSecondary }}>{t('userLoading:overview.balance')}</dt>
              <dd data-testid="overview-money" style={{ fontSize: 28, fontWeight: 600, margin: 0, fontVariantNumeric: 'tabular-nums' }}>
                ¥{data.money}
              </dd>
            </div>
            <div style={stat}>
              <dt style={{ color: token.colorTextSecondary }}>{t('userLoading:overview.points')}</dt>
              <dd data-testid="overview-score" style={{ fontSize: 28, fontWeight: 600, margin: 0, fontVariantNumeric: 'tabular-nums' }}>
                {data.score}
              </dd>
            </div>
          </dl>
          <figure style={{ margin: '0 0 24px' }} aria-labelledby="week-chart-title">
            <h3 id="week-chart-title" style={{ fontSize: 16, margin: '0 0 8px', color: token.colorTextHeading }}>
              {t('userLoading:chartTitle')}
            </h3>
            <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
              <WeekChart days={data.chart.days} series={series} label={t('userLoading:overview.chartLabel')} />
            </Suspense>
            <CompanyDaysNote />
            <details style={{ marginTop: 8 }}>
              <summary style={{ cursor: 'pointer', color: token.colorLink }}>{t('userLoading:overview.showTable')}</summary>
              <WeekTable
                caption={t('userLoading:chartTitle')}
                dayLabel={t('userLoading:overview.day')}
                days={data.chart.days}
                series={series}
              />
            </details>
          </figure>
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <Changes title={t('userLoading:recentMoney')} rows={data.recent.money} page={accountPath('balance')} />
            <Changes title={t('userLoading:recentScore')} rows={data.recent.score} page={accountPath('integral')} />
          </div>
        </>
      )}
    </div>
  );
}
