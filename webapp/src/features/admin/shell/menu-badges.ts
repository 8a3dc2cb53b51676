/**
 * The counts beside menu items (GET /admin/index/badges, by menu rule name: new enquiries of the
 * contact form…): read when the shell opens, every minute, when the window gets the focus back and
 * when a page calls `refreshBadges()` (lib/admin-store) after changing what they count.
 */
import { useEffect, useState } from 'react';
import { onBadgeRefresh } from '../../../lib/admin-store';
import { fetchBadges } from './api';

const POLL_MS = 60_000;

export function useMenuBadges(enabled: boolean): Record<string, number> {
  const [badges, setBadges] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!enabled) return undefined;
    let alive = true;
    const load = () => {
      fetchBadges().then(
        (res) => alive && setBadges(res.data.badges ?? {}),
        () => undefined,
      );
    };
    load();
    const timer = window.setInterval(load, POLL_MS);
    window.addEventListener('focus', load);
    const stop = onBadgeRefresh(load);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', load);
      stop();
    };
  }, [enabled]);
  return badges;
}
