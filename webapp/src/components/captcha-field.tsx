/**
 * The image captcha of the member and admin forms: an antd Form field (`captchaInfo`) and the picture
 * from GET /srv/api/common/captcha?id=<random id>. Clicking the picture (a button) draws a new one.
 * Answers are single-use on the server, so a form calls `refresh()` after every submission (which
 * also empties the field).
 */
import { useCallback, useState } from 'react';
import { Form, type FormInstance } from 'antd';
import { Input } from './form-controls';
import type { CommonCaptchaData } from '../lib/api/generated/types.gen';

export function newCaptchaId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The captcha operation's URL, checked against the generated client (tsc fails if the route goes). */
const CAPTCHA_URL: CommonCaptchaData['url'] = '/srv/api/common/captcha';

export function captchaImageUrl(id: string, nonce: number): string {
  return `${CAPTCHA_URL}?id=${encodeURIComponent(id)}&n=${nonce}`;
}

export const CAPTCHA_FIELD = 'captchaInfo';

export function useCaptcha(form: FormInstance) {
  const [id, setId] = useState(newCaptchaId);
  const [nonce, setNonce] = useState(0);
  const refresh = useCallback(() => {
    setId(newCaptchaId());
    setNonce((n) => n + 1);
    form.setFieldValue(CAPTCHA_FIELD, '');
  }, [form]);
  /** The typed answer, trimmed. */
  const answer = useCallback((): string => String(form.getFieldValue(CAPTCHA_FIELD) ?? '').trim(), [form]);
  /** Checks `fields`, then sends a code with the captcha (`send(extras)`); the picture is renewed after
   * (an answer is single-use). True when sent; a refusal's message is the request client's, or `onError`'s. */
  const sendWith = useCallback(
    async (
      fields: string[],
      send: (extras: { captchaId: string; captchaInfo: string }) => Promise<unknown>,
      onError?: (e: unknown) => void,
    ) => {
      try {
        await form.validateFields(fields);
      } catch {
        return false;
      }
      try {
        await send({ captchaId: id, captchaInfo: answer() });
        return true;
      } catch (e) {
        onError?.(e);
        return false;
      } finally {
        refresh();
      }
    },
    [form, id, answer, refresh],
  );
  return { id, nonce, answer, refresh, sendWith };
}

interface Props {
  captcha: ReturnType<typeof useCaptcha>;
  label: string;
  refreshLabel: string;
  /** The message when left empty; without it the answer is optional here. */
  requiredMessage?: string;
  placeholder?: string;
  /** The picture's text (the label when omitted). */
  imageAlt?: string;
  /** Picture size (the admin login shows a smaller one). */
  imageHeight?: number;
}

export function CaptchaField({ captcha, label, refreshLabel, requiredMessage, placeholder, imageAlt, imageHeight = 48 }: Props) {
  return (
    <div data-testid="captcha-field" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <Form.Item
        name={CAPTCHA_FIELD}
        label={label}
        style={{ flex: 1 }}
        rules={requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : undefined}
      >
        <Input autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={8} placeholder={placeholder} />
      </Form.Item>
      <button
        type="button"
        onClick={captcha.refresh}
        aria-label={refreshLabel}
        title={refreshLabel}
        style={{ marginTop: 30, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
      >
        <img
          src={captchaImageUrl(captcha.id, captcha.nonce)}
          alt={imageAlt ?? label}
          height={imageHeight}
          width={Math.round(imageHeight * 2.7)}
          data-testid="captcha-image"
          data-captcha-id={captcha.id}
        />
      </button>
    </div>
  );
}
