/**
 * What the login, registration and password-retrieval forms share: the screen (frame and title) around
 * the form it names, "remember me", the member screens' captcha texts, and the end of the form (the
 * server's message, then the button).
 */
import { Form } from 'antd';
import { AuthFrame } from '../../../components/auth-frame';
import { Button, Checkbox } from '../../../components/form-controls';
import { AppForm, FormError, type AppFormProps } from '../../../components/form-kit';
import type { Translate } from '../../../lib/validators';

/** A screen of its own: the frame titled `title` (its id `titleId`, by default the form's name then
 * `-title`), holding the form that title names. */
export function AuthForm<V>({ title, titleId, ...form }: AppFormProps<V> & { title: string; titleId?: string }) {
  const id = titleId ?? `${form.name}-title`;
  return (
    <AuthFrame title={title} titleId={id}>
      <AppForm<V> {...form} aria-labelledby={id} />
    </AuthFrame>
  );
}

/** What a login form starts with: no account or password, not remembered. */
export const EMPTY_LOGIN = { username: '', password: '', keep: false };

/** "Remember me" (field `keep`). */
export function KeepField({ label, noStyle }: { label: string; noStyle?: boolean }) {
  return (
    <Form.Item name="keep" valuePropName="checked" noStyle={noStyle}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}

/** The texts of a member screen's image captcha, required there: keys `captcha`, `captchaRefresh` and
 * `captchaRequired` of the screen's namespace `ns`. */
export const memberCaptchaTexts = (t: Translate, ns: 'user/login' | 'user/reg') => ({
  label: t(`${ns}:captcha`),
  refreshLabel: t(`${ns}:captchaRefresh`),
  requiredMessage: t(`${ns}:captchaRequired`),
});

/** The server's message, if any, above the full-width submit button (busy while `submitting`). */
export function SubmitButton({ label, error, submitting }: { label: string; error: string; submitting: boolean }) {
  return (
    <>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {label}
      </Button>
    </>
  );
}
