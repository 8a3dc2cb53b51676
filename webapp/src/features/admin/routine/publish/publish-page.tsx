/**
 * routine/publish: publish the public site. The "Publish site" button starts a publish (or joins the
 * queued one); the page shows the newest job's status (queued / building / done / failed), the pages
 * it changed and its log, read as it grows, and the last few publishes. `?job=<id>` (the header's link
 * to a failed publish) shows that job instead of the newest; reading its log ends the header's alert.
 * Below it, the rows whose publish time is still to come (scheduled), then the last few publishes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, List, Table, Tag, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Auth } from '../../../../components/permission';
import { useNarrowScreen } from '../../../../lib/theme';
import { timeFormat } from '../../../../lib/time';
import { loadIndex, loadLog, publishChanged, RUNNING, startPublish, statusColor, type PublishJob, type ScheduledRow } from './api';

const NS = 'admin/routine/publish';
const POLL_MS = 1000;

/** Why a publish ran, in the reader's language (the server's `reason` is the log's English line). */
function reasonText(t: (key: string, vars?: Record<string, unknown>) => string, params: Record<string, unknown>): string {
  const source = typeof params.source === 'string' ? params.source : '';
  const reason = String(params.reason ?? '');
  // A source this page has no words for yet shows the server's line rather than a key.
  return source ? t(`source.${source}`, { subject: params.subject ?? '', defaultValue: reason || source }) : reason;
}

interface Line {
  seq: number;
  text: string;
}

export default function PublishPage() {
  const { t, i18n } = useTranslation(NS);
  const [current, setCurrent] = useState<PublishJob | null>(null);
  const [jobs, setJobs] = useState<PublishJob[]>([]);
  const [scheduled, setScheduled] = useState<ScheduledRow[]>([]);
  const [lines, setLines] = useState<Line[]>([]);
  const [starting, setStarting] = useState(false);
  // Until the first answer the cards show a skeleton, not "never published" and "no data".
  const [loaded, setLoaded] = useState(false);
  const logJob = useRef<string>('');
  const [searchParams, setSearchParams] = useSearchParams();
  const focusId = searchParams.get('job');

  const refresh = useCallback(async () => {
    const res = await loadIndex();
    const listed = [...res.data.jobs, ...(res.data.alert ? [res.data.alert] : [])];
    const job = (focusId && listed.find((one) => one.id === focusId)) || (res.data.current ?? null);
    setCurrent(job);
    setJobs(res.data.jobs);
    setScheduled(res.data.scheduled ?? []);
    if (!job) return;
    if (logJob.current !== job.id) {
      logJob.current = job.id;
      setLines([]);
    }
    setLines((known) => {
      const after = known.length ? known[known.length - 1].seq : 0;
      // A failed job's log is read once more even when every line is here (they may all have come while it
      // still ran): that read is what tells the server its editor has seen the failure.
      if (after >= job.last_seq && job.status !== 'failed') return known;
      void loadLog(job.id, after).then((log) => {
        // The server counts a failed job's log as read: the header's alert ends.
        if (log.data.job.status === 'failed') publishChanged();
        if (logJob.current !== job.id) return;
        setLines((now) => {
          const last = now.length ? now[now.length - 1].seq : 0;
          return [...now, ...log.data.lines.filter((line) => line.seq > last)];
        });
      });
      return known;
    });
  }, [focusId]);

  useEffect(() => {
    void refresh()
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [refresh]);

  const narrow = useNarrowScreen();
  const statusTag = (status: string) => <Tag color={statusColor(status)}>{t(`status.${status}`)}</Tag>;
  const changedCount = (summary: Record<string, unknown>) => (Array.isArray(summary.changed) ? summary.changed.length : '-');

  const running = current !== null && RUNNING.includes(current.status);
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => void refresh().catch(() => undefined), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, refresh]);

  const publish = async () => {
    setStarting(true);
    try {
      // The page follows the new publish, not the job it was opened on.
      if (focusId) setSearchParams({}, { replace: true });
      await startPublish();
      await refresh();
    } catch {
      // shown
    } finally {
      setStarting(false);
    }
  };

  const summary = current?.summary as { changed?: string[]; removed?: string[]; error?: string } | undefined;
  const changed = summary?.changed ?? [];
  const removed = summary?.removed ?? [];
  return (
    <Flex vertical gap={16}>
      <Card
        loading={!loaded}
        title={t('title')}
        extra={
          <Auth name="publish">
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={starting}
              onClick={() => void publish()}
              data-testid="publish-site"
            >
              {t('publish')}
            </Button>
          </Auth>
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {current ? (
          <Flex vertical gap={12}>
            <Flex gap={8} wrap="wrap" align="center">
              <Typography.Text strong>{t('current')}</Typography.Text>
              <Tag color={statusColor(current.status)} data-testid="publish-status" data-status={current.status} data-job={current.id}>
                {t(`status.${current.status}`)}
              </Tag>
              <Typography.Text type="secondary">
                {timeFormat(current.create_time)} · {reasonText(t, current.params)}
              </Typography.Text>
            </Flex>
            {current.status === 'done' && (
              <Typography.Text>{t('changedCount', { changed: changed.length, removed: removed.length })}</Typography.Text>
            )}
            {current.status === 'failed' && <Typography.Text type="danger">{t('failedHint')}</Typography.Text>}
            {changed.length + removed.length > 0 && (
              // A full rebuild changes some seventy pages: the list scrolls (focusable, like the log) instead of
              // pushing the log a few screens down.
              <div role="region" tabIndex={0} aria-label={t('changedPages')} style={{ maxHeight: 280, overflow: 'auto' }}>
                <List
                  size="small"
                  bordered
                  header={t('changedPages')}
                  dataSource={[...changed.map((p) => ({ p, removed: false })), ...removed.map((p) => ({ p, removed: true }))].slice(0, 200)}
                  renderItem={(item) => (
                    <List.Item style={{ wordBreak: 'break-all' }}>
                      {item.removed ? <Tag>{t('removed')}</Tag> : null}/{item.p}
                    </List.Item>
                  )}
                />
              </div>
            )}
            <Typography.Text strong id="publish-log-title">
              {t('log')}
            </Typography.Text>
            {/* It scrolls: focusable, so that the keyboard can scroll it too, and named by its title. */}
            <pre
              data-testid="publish-log"
              tabIndex={0}
              role="region"
              aria-labelledby="publish-log-title"
              style={{
                maxHeight: 320,
                overflow: 'auto',
                margin: 0,
                padding: 12,
                background: 'rgba(127,127,127,0.08)',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
              }}
            >
              {lines.map((line) => `${line.seq}  ${line.text}`).join('\n')}
            </pre>
          </Flex>
        ) : (
          <Empty description={t('none')} />
        )}
      </Card>
      {/* Rows whose publish time is still to come, as the last publish found them: each reaches the site
          at its time by itself (the server's clock; on AWS a schedule every minute). */}
      <Card title={t('scheduled')} loading={!loaded}>
        <Typography.Paragraph type="secondary">{t('scheduledIntro')}</Typography.Paragraph>
        {/* An empty list says so in the page's secondary text (antd's list placeholder is too faint to read). */}
        {scheduled.length === 0 ? (
          <Typography.Text type="secondary">{t('scheduledNone')}</Typography.Text>
        ) : (
          <List
            size="small"
            data-testid="publish-scheduled"
            dataSource={scheduled}
            renderItem={(row) => (
              <List.Item key={`${row.table}#${row.id}`}>
                <Flex gap={8} wrap="wrap" align="center" style={{ width: '100%', overflowWrap: 'anywhere' }}>
                  <Tag color="blue">{timeFormat(row.at)}</Tag>
                  <Typography.Text strong>{(i18n.language === 'en' ? row.title.en : row.title['zh-cn']) || `#${row.id}`}</Typography.Text>
                  <Typography.Text type="secondary">
                    {row.table} #{row.id}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card title={t('history')} loading={!loaded}>
        {/* On a phone one row per publish (a four-column table does not fit in 390 px); else a table. */}
        {narrow ? (
          <List
            size="small"
            dataSource={jobs}
            renderItem={(job) => (
              <List.Item key={job.id}>
                <Flex vertical gap={4} style={{ width: '100%', overflowWrap: 'anywhere' }}>
                  <Flex justify="space-between" align="center" gap={8}>
                    <span>{timeFormat(job.create_time)}</span>
                    {statusTag(job.status)}
                  </Flex>
                  <span>{reasonText(t, job.params)}</span>
                  <Typography.Text type="secondary">{t('changedPagesCount', { n: changedCount(job.summary) })}</Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        ) : (
          <Table<PublishJob>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={jobs}
            columns={[
              { title: t('time'), dataIndex: 'create_time', render: (v: number) => timeFormat(v) },
              { title: t('statusLabel'), dataIndex: 'status', render: statusTag },
              { title: t('reason'), dataIndex: 'params', render: (v: Record<string, unknown>) => reasonText(t, v) },
              { title: t('changedPages'), dataIndex: 'summary', render: changedCount },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}
