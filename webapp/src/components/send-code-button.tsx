/**
 * The "code sent to you" field of the member forms: an antd Form field and its "Send code" button with
 * the 60 s countdown of the server's resend limit.
 */
import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { Button, Input } from './form-controls';
import type { Rule } from 'antd/es/form';

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

interface ButtonProps {
  label: string;
  waitingLabel: (seconds: number) => string;
  /** Sends the code; true when sent (the countdown starts). */
  onSend: () => Promise<boolean>;
}

export function SendCodeButton({ label, waitingLabel, onSend }: ButtonProps) {
  const countdown = useCountdown();
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
    <Button style={{ marginTop: 30 }} onClick={() => void click()} disabled={countdown.left > 0} loading={sending} aria-live="polite">
      {countdown.left > 0 ? waitingLabel(countdown.left) : label}
    </Button>
  );
}

/** A code field (`name`) with its send button beside it. */
export function CodeField({
  name,
  label,
  rules,
  sendLabel,
  ...button
}: { name: string; label: string; rules?: Rule[]; sendLabel: string } & Omit<ButtonProps, 'label'>) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <Form.Item name={name} label={label} rules={rules} style={{ flex: 1 }}>
        <Input inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      <SendCodeButton label={sendLabel} {...button} />
    </div>
  );
}
