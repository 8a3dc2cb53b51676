/**
 * The back-office home (BuildAdmin's dashboard): greeting and quick entrances, four key figures, the
 * trend of sign-ups, enquiries and logins over 7 or 30 days, attachment storage by kind of file, the
 * latest admin-log rows and the newest members. Every chart has its data in text beside it (a table
 * or a list); the charts are drawn as plain SVG first (./light-charts) and by ECharts (loaded lazily
 * with ./dashboard-charts) once the pointer is on one. What the server reads for each part:
 * functions/services/dashboard.py.
 */
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Grid, Row, Segmented, Skeleton, Typography, theme } from 'antd';
import { CloudServerOutlined, MessageOutlined, RightOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyDaysNote, SeriesTable } from '../../../components/series-table';
import { todayDates } from '../../../lib/time';
import { useAdminState } from '../../../lib/admin-store';
import { adminSession } from '../../../lib/auth-tokens';
import { formatBytes } from '../../../lib/bytes';
import { greeting } from '../../../lib/greeting';
import { currentLanguage } from '../../../lib/i18n';
import { AdminAvatar } from '../shell/admin-avatar';
import { MenuIcon } from '../shell/icons';
import { dashboard, type Dashboard, type DashboardActivity, type DashboardMember, type QuickEntrance } from './api';
import {
  HIDDEN_AT_FIRST,
  shortTime,
  storageOption,
  storageSlices,
  trendLines,
  trendOption,
  type ChartColors,
  type StorageSlice,
} from './dashboard-data';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { ChartBox, LightDonut, LightTrend } from './light-charts';

// The charts are drawn as plain SVG first; ECharts comes with the charts module when the pointer
// is on a chart (./light-charts), so it is not part of the first screen (DESIGN §5).

const TREND_HEIGHT = 300;
const STORAGE_HEIGHT = 220;
const READ_LIMIT = 2000; // functions/services/listing.py MAX_READ: what one series may read
const ENQUIRIES_PAGE = '/admin/business/contact';
const ADMIN_LOG_PAGE = '/admin/auth/adminLog';
const MEMBERS_PAGE = '/admin/user/user';

function useChartTheme(): { colors: ChartColors; palette: string[] } {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      colors: {
        text: token.colorText,
        muted: token.colorTextSecondary,
        line: token.colorBorderSecondary,
        tooltipBg: token.colorBgElevated,
        surface: token.colorBgContainer,
      },
      palette: [token.colorPrimary, token.blue, token.colorWarning, token.purple, token.magenta, token.cyan],
    }),
    [token],
  );
}

/** A link to an app page when the admin may open it (the menus have its route), else nothing. */
function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const { routes } = useAdminState();
  if (!routes[to]) return null;
  return (
    <Link to={to} style={{ whiteSpace: 'nowrap' }}>
      {children} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
    </Link>
  );
}

function Welcome({ entrances, failed }: { entrances: QuickEntrance[] | null; failed: boolean }) {
  const { t } = useTranslation(['admin/dashboard', 'general']);
  const { token } = theme.useToken();
  const info = adminSession.get();
  const today = todayDates(currentLanguage());
  const tile: CSSProperties = {
    flex: 1,
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    minHeight: 48,
    padding: '10px 14px',
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorFillQuaternary,
    color: token.colorText,
    fontSize: 15,
    overflowWrap: 'anywhere',
  };
  return (
    <Card>
      <Typography.Title level={2} data-testid="greeting" style={{ marginTop: 0, fontSize: 20 }}>
        {t('hello', { greeting: greeting((k) => t(k)), name: info.nickname || info.username })}
      </Typography.Title>
      <Typography.Paragraph style={{ color: token.colorTextSecondary }}>
        {t('today', { date: today.local })}
        {today.company !== today.local ? t('todayInChina', { date: today.company }) : ''} · {t('intro')}
      </Typography.Paragraph>
      <nav aria-labelledby="dashboard-entrances">
        <Typography.Title level={3} id="dashboard-entrances" style={{ marginTop: 0, fontSize: 15 }}>
          {t('entrances')}
        </Typography.Title>
        {entrances === null ? (
          !failed && <Skeleton.Button active block />
        ) : entrances.length === 0 ? (
          <Typography.Text style={{ color: token.colorTextSecondary }}>{t('entrancesEmpty')}</Typography.Text>
        ) : (
          <ul
            data-testid="quick-entrances"
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'grid',
              gap: 12,
              // 160 px: room for the longest English title ("System config") on one line beside its icon; two
              // columns still on a phone.
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(160px, calc(50% - 6px)), 1fr))',
            }}
          >
            {entrances.map((entrance) => (
              <li key={entrance.path} style={{ display: 'flex' }}>
                <Link to={entrance.path} style={tile}>
                  <span style={{ color: token.colorPrimary, fontSize: 20, display: 'inline-flex' }}>
                    <MenuIcon name={entrance.icon} fallback="AppstoreOutlined" />
                  </span>
                  {entrance.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </Card>
  );
}

function Kpi({ title, value, icon, color, foot }: { title: string; value: ReactNode; icon: ReactNode; color: string; foot: ReactNode }) {
  const { token } = theme.useToken();
  // Two cards a row on a phone: no room for the icon there.
  const wide = Grid.useBreakpoint().sm ?? false;
  return (
    <Card style={{ height: '100%' }} styles={{ body: { display: 'flex', gap: 16, alignItems: 'flex-start', padding: wide ? 24 : 16 } }}>
      {wide && (
        <span
          aria-hidden
          style={{
            flex: 'none',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 48,
            height: 48,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillSecondary,
            color,
            fontSize: 22,
          }}
        >
          {icon}
        </span>
      )}
      <div style={{ minWidth: 0 }}>
        <div style={{ color: token.colorTextSecondary }}>{title}</div>
        <div style={{ color: token.colorTextHeading, fontSize: wide ? 24 : 20, lineHeight: 1.4, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </div>
        <div style={{ marginTop: 4, color: token.colorTextSecondary, fontSize: wide ? 14 : 12 }}>{foot}</div>
      </div>
    </Card>
  );
}

function Kpis({ data, days }: { data: Dashboard; days: number }) {
  const { t } = useTranslation('admin/dashboard');
  const { token } = theme.useToken();
  const { counts } = data;
  const signups = data.trend.series.find((s) => s.name === 'signups')?.values ?? [];
  const pending = counts.enquiries_pending;
  const off = pending === null || pending === undefined;
  const kpis: { key: string; value: ReactNode; icon: ReactNode; color: string; foot: ReactNode }[] = [
    {
      key: 'members',
      value: counts.members,
      icon: <TeamOutlined />,
      color: token.colorPrimary,
      foot: t('kpi.membersFoot', { count: counts.admins }),
    },
    {
      key: 'todaySignups',
      value: counts.today_signups,
      icon: <UserAddOutlined />,
      color: token.colorSuccess,
      foot: t('kpi.todaySignupsFoot', { count: signups.reduce((a, b) => a + b, 0), days }),
    },
    {
      key: 'enquiries',
      value: off ? '-' : counts.enquiries_more ? t('kpi.enquiriesMore', { count: pending }) : pending,
      icon: <MessageOutlined />,
      color: token.colorWarning,
      foot: off ? t('kpi.enquiriesOff') : <PageLink to={ENQUIRIES_PAGE}>{t('kpi.enquiriesFoot')}</PageLink>,
    },
    {
      key: 'storage',
      value: formatBytes(counts.storage_bytes),
      icon: <CloudServerOutlined />,
      color: token.purple,
      foot: t('kpi.storageFoot', { count: counts.attachments }),
    },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-kpis">
      {kpis.map(({ key, ...kpi }) => (
        <Col key={key} xs={12} xl={6}>
          <Kpi title={t(`kpi.${key}`)} {...kpi} />
        </Col>
      ))}
    </Row>
  );
}

function TrendCard({ data, days, onDays }: { data: Dashboard; days: number; onDays: (days: number) => void }) {
  const { t } = useTranslation('admin/dashboard');
  const { token } = theme.useToken();
  const { colors, palette } = useChartTheme();
  const lines = useMemo(() => trendLines(data.trend, (name) => t(`trend.series.${name}`), palette), [data.trend, t, palette]);
  const [hidden, setHidden] = useState<string[]>(HIDDEN_AT_FIRST);
  const shown = lines.filter((l) => !hidden.includes(l.name));
  const option = useMemo(() => trendOption(data.trend.dates, shown, t('trend.axis'), colors), [data.trend.dates, shown, t, colors]);
  const partial = lines.filter((l) => !l.complete).map((l) => l.label);
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('trend.title')}</h2>} style={{ height: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <Segmented
          aria-label={t('trend.range')}
          value={days}
          onChange={(value) => onDays(Number(value))}
          options={[7, 30].map((n) => ({ value: n, label: t('trend.days', { count: n }) }))}
        />
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={visuallyHidden}>{t('trend.pick')}</legend>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px' }}>
            {lines.map((l) => (
              <label key={l.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer', minHeight: 24 }}>
                <input
                  type="checkbox"
                  checked={!hidden.includes(l.name)}
                  onChange={(e) => setHidden((now) => (e.target.checked ? now.filter((n) => n !== l.name) : [...now, l.name]))}
                  style={{ accentColor: token.colorPrimary, width: 16, height: 16, margin: 0 }}
                />
                <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: l.color }} />
                {l.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <ChartBox
        option={option}
        label={t('trend.chartLabel', { count: days })}
        height={TREND_HEIGHT}
        testId="trend-chart"
        light={(width) => (
          <LightTrend width={width} height={TREND_HEIGHT} dates={data.trend.dates} lines={shown} yName={t('trend.axis')} colors={colors} />
        )}
      />
      <CompanyDaysNote />
      {partial.length > 0 && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0, color: token.colorTextSecondary }}>
          {t('trend.partial', { names: partial.join('、'), limit: READ_LIMIT })}
        </Typography.Paragraph>
      )}
      <details style={{ marginTop: 8 }}>
        <summary style={{ cursor: 'pointer', color: token.colorLink }}>{t('trend.table')}</summary>
        <SeriesTable
          caption={t('trend.caption', { count: days })}
          dayLabel={t('trend.date')}
          days={data.trend.dates}
          columns={lines}
          testId="trend-table"
        />
      </details>
    </Card>
  );
}

const visuallyHidden: CSSProperties = { ...VISUALLY_HIDDEN, padding: 0, margin: -1, border: 0 };

function StorageCard({ data }: { data: Dashboard }) {
  const { t } = useTranslation('admin/dashboard');
  const { token } = theme.useToken();
  const { colors, palette } = useChartTheme();
  const slices = useMemo(() => storageSlices(data.storage.kinds, (kind) => t(`storage.kinds.${kind}`)), [data.storage.kinds, t]);
  const describe = useCallback(
    (s: StorageSlice) => t('storage.slice', { label: s.label, size: formatBytes(s.bytes), percent: s.percent, count: s.files }),
    [t],
  );
  const option = useMemo(() => storageOption(slices, palette, colors, describe), [slices, palette, colors, describe]);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('storage.title')}</h2>}
      extra={<span style={{ color: token.colorTextSecondary }}>{formatBytes(data.storage.bytes)}</span>}
      style={{ height: '100%' }}
    >
      {slices.length === 0 ? (
        <Empty description={t('storage.empty')} />
      ) : (
        <>
          <ChartBox
            option={option}
            label={t('storage.chartLabel')}
            height={STORAGE_HEIGHT}
            testId="storage-chart"
            light={(width) => <LightDonut width={width} height={STORAGE_HEIGHT} slices={slices} palette={palette} colors={colors} />}
          />
          <ul data-testid="storage-list" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
            {slices.map((s, i) => (
              <li
                key={s.kind}
                style={{
                  display: 'flex',
                  alignItems: 'baseline',
                  gap: 8,
                  padding: '6px 0',
                  borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined,
                }}
              >
                <span
                  aria-hidden
                  style={{ flex: 'none', width: 10, height: 10, borderRadius: 2, background: palette[i % palette.length] }}
                />
                <span style={{ flex: 1, minWidth: 0 }}>{s.label}</span>
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBytes(s.bytes)}</span>
                <span style={{ minWidth: 64, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: token.colorTextSecondary }}>
                  {t('storage.files', { count: s.files })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function RowList<T extends { id: number }>({
  rows,
  empty,
  render,
  testId,
}: {
  rows: T[];
  empty: string;
  render: (row: T) => ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ol data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, i) => (
        <li
          key={row.id}
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'center',
            padding: '10px 0',
            borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          {render(row)}
        </li>
      ))}
    </ol>
  );
}

function Activity({ row, showName }: { row: DashboardActivity; showName: boolean }) {
  const { token } = theme.useToken();
  return (
    <>
      <AdminAvatar name={row.username || '?'} size={32} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ overflowWrap: 'anywhere' }}>
          {showName && <strong>{row.username} </strong>}
          {row.title || row.url}
        </div>
        <div style={{ color: token.colorTextSecondary, fontSize: 12, overflowWrap: 'anywhere' }}>
          <time dateTime={new Date(row.create_time * 1000).toISOString()}>{shortTime(row.create_time)}</time> · {row.method} {row.url}
        </div>
      </div>
    </>
  );
}

function NewMember({ member }: { member: DashboardMember }) {
  const { token } = theme.useToken();
  const name = member.nickname || member.username;
  return (
    <>
      <AdminAvatar name={name} avatar={member.avatar} size={32} />
      <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
        {member.nickname && member.nickname !== member.username && (
          <span style={{ color: token.colorTextSecondary }}> ({member.username})</span>
        )}
      </div>
      <time
        dateTime={new Date(member.join_time * 1000).toISOString()}
        style={{ color: token.colorTextSecondary, fontSize: 12, whiteSpace: 'nowrap' }}
      >
        {shortTime(member.join_time)}
      </time>
    </>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('admin/dashboard');
  const [days, setDays] = useState(7);
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    dashboard(days).then(
      (res) => alive && setData(res.data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [days, attempt]);
  const isSuper = Boolean(adminSession.get().super);
  const cardTitle = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;
  return (
    <div data-testid="dashboard" style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: '100%', minWidth: 0 }}>
      <Welcome entrances={data ? data.entrances : null} failed={failed} />
      {failed && !data && (
        <Card>
          <Typography.Paragraph role="alert">{t('loadFailed')}</Typography.Paragraph>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</Button>
        </Card>
      )}
      {!data && !failed && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && (
        <>
          <Kpis data={data} days={days} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <TrendCard data={data} days={days} onDays={setDays} />
            </Col>
            <Col xs={24} xl={8}>
              <StorageCard data={data} />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={data.members ? 12 : 24}>
              <Card
                title={cardTitle(isSuper ? t('recent.title') : t('recent.own'))}
                extra={<PageLink to={ADMIN_LOG_PAGE}>{t('recent.all')}</PageLink>}
                style={{ height: '100%' }}
              >
                <RowList
                  rows={data.recent}
                  empty={t('recent.empty')}
                  testId="recent-activity"
                  render={(row) => <Activity row={row} showName={isSuper} />}
                />
              </Card>
            </Col>
            {data.members && (
              <Col xs={24} lg={12}>
                <Card
                  title={cardTitle(t('members.title'))}
                  extra={<PageLink to={MEMBERS_PAGE}>{t('members.all')}</PageLink>}
                  style={{ height: '100%' }}
                >
                  <RowList rows={data.members} empty={t('members.empty')} testId="new-members" render={(m) => <NewMember member={m} />} />
                </Card>
              </Col>
            )}
          </Row>
        </>
      )}
    </div>
  );
}
