/** The back-office home: greeting by time of day, counts, and two small SVG charts. */
import { useEffect, useState } from 'react';
import { Card, Col, Radio, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminSession } from '../../../lib/auth-tokens';
import { greeting } from '../../../lib/greeting';
import { dashboard, type Dashboard, type Point } from './api';

export function LineChart({ points, label, color }: { points: Point[]; label: string; color: string }) {
  const width = 560;
  const height = 180;
  const pad = 28;
  const max = Math.max(1, ...points.map((p) => p.value));
  const step = points.length > 1 ? (width - pad * 2) / (points.length - 1) : 0;
  const xy = points.map((p, i) => [pad + i * step, height - pad - (p.value / max) * (height - pad * 2)] as const);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} style={{ width: '100%', height: 'auto' }}>
      <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="currentColor" opacity={0.3} />
      <text x={4} y={pad} fontSize={11} fill="currentColor">
        {max}
      </text>
      <polyline fill="none" stroke={color} strokeWidth={2} points={xy.map(([x, y]) => `${x},${y}`).join(' ')} />
      {xy.map(([x, y], i) => (
        <circle key={points[i].date} cx={x} cy={y} r={3} fill={color}>
          <title>{`${points[i].date}: ${points[i].value}`}</title>
        </circle>
      ))}
      {points.length > 0 && (
        <>
          <text x={pad} y={height - 8} fontSize={11} fill="currentColor">
            {points[0].date.slice(5)}
          </text>
          <text x={width - pad} y={height - 8} fontSize={11} textAnchor="end" fill="currentColor">
            {points[points.length - 1].date.slice(5)}
          </text>
        </>
      )}
    </svg>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('admin/common');
  const { t: tg } = useTranslation('general');
  const [days, setDays] = useState(7);
  const [data, setData] = useState<Dashboard | null>(null);
  useEffect(() => {
    void dashboard(days)
      .then((res) => setData(res.data))
      .catch(() => undefined);
  }, [days]);
  const info = adminSession.get();
  return (
    <div>
      <Typography.Title level={4} data-testid="greeting">
        {greeting((k) => tg(k))}, {info.nickname || info.username}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {(
          [
            ['members', data?.counts.members],
            ['admins', data?.counts.admins],
            ['todaySignups', data?.counts.today_signups],
            ['attachments', data?.counts.attachments ?? '-'],
          ] as const
        ).map(([key, value]) => (
          <Col xs={12} md={6} key={key}>
            <Card>
              <Statistic title={t(`dashboard.${key}`)} value={value ?? '-'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Radio.Group value={days} onChange={(e) => setDays(Number(e.target.value))} style={{ margin: '16px 0' }}>
        <Radio.Button value={7}>{t('dashboard.days', { count: 7 })}</Radio.Button>
        <Radio.Button value={30}>{t('dashboard.days', { count: 30 })}</Radio.Button>
      </Radio.Group>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.signups')}>
            {data && <LineChart points={data.signups} label={t('dashboard.signups')} color="#1677ff" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.adminActions')}>
            {data && <LineChart points={data.admin_actions} label={t('dashboard.adminActions')} color="#52c41a" />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
