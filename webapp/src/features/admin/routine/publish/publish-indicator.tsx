/**
 * The header's publish indicator: the newest publish job's status (queued / building / done /
 * failed), polled while one runs and now and then otherwise; a click opens routine/publish. Shown
 * only to admins who may see that page.
 */
import { useEffect, useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminState } from '../../../../lib/admin-store';
import { currentLanguage, loadNamespaces } from '../../../../lib/i18n';
import { useNarrowScreen } from '../../../../lib/theme';
import { loadIndex, RUNNING, statusColor, type PublishJob } from './api';

const NS = 'admin/routine/publish';
const PAGE = '/admin/routine/publish';
const FAST_MS = 2000;
const SLOW_MS = 30000;

export function PublishIndicator() {
  const { routes } = useAdminState();
  return routes[PAGE] ? <Indicator /> : null;
}

function Indicator() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const [job, setJob] = useState<PublishJob | null>(null);

  useEffect(() => {
    void loadNamespaces(currentLanguage(), [NS]);
  }, [i18n.language]);

  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const poll = async () => {
      let next = SLOW_MS;
      try {
        const res = await loadIndex();
        if (stopped) return;
        setJob(res.data.current ?? null);
        if (res.data.current && RUNNING.includes(res.data.current.status)) next = FAST_MS;
      } catch {
        // the page itself reports errors; keep polling slowly
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), next);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  const narrow = useNarrowScreen();
  const label = job ? t(`status.${job.status}`) : t('none');
  // On a phone the header has room for the title only if a finished publish shows as the icon alone
  // (its status stays in the button's name and tooltip); a running or failed one keeps its tag.
  const tagShown = job !== null && !(narrow && job.status === 'done');
  return (
    <Tooltip title={`${t('title')}: ${label}`}>
      <Button
        type="text"
        onClick={() => void navigate(PAGE)}
        aria-label={`${t('title')}: ${label}`}
        data-testid="publish-indicator"
        style={{ flex: 'none', paddingInline: 6 }}
      >
        <CloudUploadOutlined aria-hidden />
        {job && tagShown ? (
          <Tag color={statusColor(job.status)} style={{ marginInlineEnd: 0 }} data-status={job.status}>
            {label}
          </Tag>
        ) : null}
      </Button>
    </Tooltip>
  );
}
