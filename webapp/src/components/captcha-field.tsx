/**
 * The image captcha of the member forms: a text field and the picture from
 * GET /srv/api/common/captcha?id=<random id>. Clicking the picture (a button) draws a new one.
 * Answers are single-use on the server, so a form calls `refresh()` after every submission.
 */
import { useCallback, useState } from 'react';
import { TextInput } from './text-input';
import { FormField } from './form-field';

export function newCaptchaId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function captchaImageUrl(id: string, nonce: number): string {
  return `/srv/api/common/captcha?id=${encodeURIComponent(id)}&n=${nonce}`;
}

export function useCaptcha() {
  const [id, setId] = useState(newCaptchaId);
  const [nonce, setNonce] = useState(0);
  const [answer, setAnswer] = useState('');
  const refresh = useCallback(() => {
    setId(newCaptchaId());
    setNonce((n) => n + 1);
    setAnswer('');
  }, []);
  return { id, nonce, answer, setAnswer, refresh };
}

interface Props {
  captcha: ReturnType<typeof useCaptcha>;
  label: string;
  refreshLabel: string;
  error?: string | null;
  fieldId: string;
}

export function CaptchaField({ captcha, label, refreshLabel, error, fieldId }: Props) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <div style={{ flex: 1 }}>
        <FormField id={fieldId} label={label} error={error}>
          <TextInput
            name="captchaInfo"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={8}
            value={captcha.answer}
            onChange={(e) => captcha.setAnswer(e.target.value)}
          />
        </FormField>
      </div>
      <button
        type="button"
        onClick={captcha.refresh}
        aria-label={refreshLabel}
        title={refreshLabel}
        style={{ marginTop: 28, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
      >
        <img
          src={captchaImageUrl(captcha.id, captcha.nonce)}
          alt={label}
          width={130}
          height={48}
          data-testid="captcha-image"
          data-captcha-id={captcha.id}
        />
      </button>
    </div>
  );
}
