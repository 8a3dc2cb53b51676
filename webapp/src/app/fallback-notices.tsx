/**
 * The messages (SPEC §7, §8) when antd's message host cannot be loaded — offline, the host's chunk
 * may never have been fetched. Part of the first bundle, so it always works: the same place and
 * look as antd's messages (top centre, a card with a coloured mark), each message stays for 3 s
 * (errors 5 s, as they may need reading twice), and screen readers hear them (role status / alert).
 */
import { useEffect, useState } from 'react';
import { theme } from 'antd';
import { attachNoticeSink, type Notice } from '../lib/notify';
import { offlineTexts } from '../components/load-error';

type Shown = Notice & { id: number };
let nextId = 0;

export function FallbackNotices() {
  const { token } = theme.useToken();
  const [shown, setShown] = useState<Shown[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    attachNoticeSink((notice) => {
      const id = (nextId += 1);
      setShown((list) => [...list, { ...notice, id }]);
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          setShown((list) => list.filter((item) => item.id !== id));
        },
        notice.type === 'error' ? 5000 : 3000,
      );
      timers.add(timer);
    });
    return () => {
      attachNoticeSink(null);
      timers.forEach(clearTimeout);
    };
  }, []);
  return (
    <div
      aria-label={offlineTexts().notices}
      role="region"
      style={{
        position: 'fixed',
        top: 8,
        left: 0,
        right: 0,
        zIndex: 2010,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        pointerEvents: 'none',
        padding: '0 8px',
      }}
    >
      {shown.map((notice) => (
        <div
          key={notice.id}
          role={notice.type === 'error' ? 'alert' : 'status'}
          data-testid="fallback-notice"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            maxWidth: '100%',
            padding: '9px 12px',
            borderRadius: token.borderRadiusLG,
            background: token.colorBgElevated,
            color: token.colorText,
            boxShadow: token.boxShadow,
            fontSize: token.fontSize,
            fontFamily: token.fontFamily,
            pointerEvents: 'auto',
          }}
        >
          <span
            aria-hidden="true"
            style={{
              width: 16,
              height: 16,
              flex: 'none',
              borderRadius: '50%',
              background: notice.type === 'error' ? token.colorError : token.colorSuccess,
              color: '#fff',
              fontSize: 11,
              lineHeight: '16px',
              textAlign: 'center',
              fontWeight: 700,
            }}
          >
            {notice.type === 'error' ? '!' : '✓'}
          </span>
          <span>{notice.text}</span>
        </div>
      ))}
    </div>
  );
}
