/**
 * The header's publish indicator (issue 32 #5): the newest publish job's status, and a publish that
 * failed with a change of this admin in it until they read its log (the API's `alert`, kept per job
 * and admin on the server). A click opens routine/publish; for a failure, on that job's log.
 *
 * When it looks: at start, on every back-office navigation, when the window gets the focus back, after
 * every write the server accepted (a save may have queued a publish: the job exists when the save
 * answers) and when the publish page says so; then every FAST_MS while the job is queued or building,
 * so it follows it closely; every ALERT_MS while it shows a failure, so the alert ends within seconds of
 * the editor reading that log (on this page or another device), and ALERT_MS after a look that failed.
 * Nothing runs while no publish does and none is announced. Shown only to admins who may see the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAdminState } from '../../../../lib/admin-store';
import { currentLanguage, loadNamespaces } from '../../../../lib/i18n';
import { api } from '../../../../lib/request';
import { useNarrowScreen } from '../../../../lib/theme';
import { jobLogPath, loadIndex, onPublishChange, PUBLISH_PAGE, RUNNING, statusColor, type PublishJob } from './api';

const NS = 'admin/routine/publish';
export const FAST_MS = 1500;
export const ALERT_MS = 5000;

export function PublishIndicator() {
  const { routes } = useAdminState();
  return routes[PUBLISH_PAGE] ? <Indicator /> : null;
}

interface Seen {
  current: PublishJob | null;
  alert: PublishJob | null;
}

/** What the indicator shows: the job it follows while one runs, else an unread failure of the admin's, else the newest job. */
export function shownJob({ current, alert }: Seen): { job: PublishJob | null; alert: boolean } {
  if (current && RUNNING.includes(current.status)) return { job: current, alert: false };
  if (alert) return { job: alert, alert: true };
  return { job: current, alert: false };
}

function Indicator() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [seen, setSeen] = useState<Seen>({ current: null, alert: null });
  const lookNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    void loadNamespaces(currentLanguage(), [NS]);
  }, [i18n.language]);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      clearTimeout(timer);
      try {
        const res = await loadIndex(true);
        if (!alive) return;
        const next = { current: res.data.current ?? null, alert: res.data.alert ?? null };
        setSeen(next);
        clearTimeout(timer);
        if (next.current && RUNNING.includes(next.current.status)) timer = setTimeout(() => void look(), FAST_MS);
        else if (next.alert) timer = setTimeout(() => void look(), ALERT_MS);
      } catch {
        // The page itself reports errors. A look that failed (the network, a busy server) must not leave
        // the header showing an old state for good: look again a little later.
        if (alive) timer = setTimeout(() => void look(), ALERT_MS);
      }
    };
    lookNow.current = () => void look();
    const onFocus = () => void look();
    window.addEventListener('focus', onFocus);
    const stopWrites = api.onWrite(onFocus);
    const stopPage = onPublishChange(onFocus);
    return () => {
      alive = false;
      lookNow.current = () => undefined;
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      stopWrites();
      stopPage();
    };
  }, []);

  // Every back-office navigation (and the first render) looks again.
  useEffect(() => {
    lookNow.current();
  }, [pathname]);

  const narrow = useNarrowScreen();
  const { job, alert } = shownJob(seen);
  const label = alert ? t('alert') : job ? t(`status.${job.status}`) : t('none');
  const name = alert ? `${t('title')}: ${t('alertLink')}` : `${t('title')}: ${label}`;
  const to = alert && job ? jobLogPath(job.id) : PUBLISH_PAGE;
  // On a phone the header has room for the title only if a finished publish shows as the icon alone
  // (its status stays in the button's name and tooltip); a running or failed one keeps its tag.
  const tagShown = job !== null && !(narrow && job.status === 'done');
  return (
    <Tooltip title={name}>
      <Button
        type="text"
        href={to}
        onClick={(event) => {
          event.preventDefault();
          void navigate(to);
        }}
        aria-label={name}
        data-testid="publish-indicator"
        data-job={job?.id}
        data-alert={alert ? job?.id : undefined}
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
