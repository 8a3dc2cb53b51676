/** "Send code" button with the 60 s countdown of the server's resend limit. */
import { useEffect, useState } from 'react';
import { PlainButton as Button } from './plain-button';

export const RESEND_SECONDS = 60;

export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: (seconds = RESEND_SECONDS) => setLeft(seconds) };
}

interface Props {
  label: string;
  waitingLabel: (seconds: number) => string;
  countdown: ReturnType<typeof useCountdown>;
  onSend: () => Promise<boolean>;
  style?: React.CSSProperties;
}

export function SendCodeButton({ label, waitingLabel, countdown, onSend, style }: Props) {
  const [sending, setSending] = useState(false);
  const click = async () => {
    setSending(true);
    try {
      if (await onSend()) countdown.start();
    } finally {
      setSending(false);
    }
  };
  return (
    <Button style={style} onClick={() => void click()} disabled={countdown.left > 0} loading={sending} aria-live="polite">
      {countdown.left > 0 ? waitingLabel(countdown.left) : label}
    </Button>
  );
}
