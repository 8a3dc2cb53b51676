/**
 * What the login, registration and password-retrieval forms share: the screen (frame and title) around
 * the form it names, "remember me", and the end of the form (the server's message, then the button).
 */
import { Form } from 'antd';
import { AuthFrame } from '../../../components/auth-frame';
import { Button, Checkbox } from '../../../components/form-controls';
import { AppForm, FormError, type AppFormProps } from '../../../components/form-kit';

/** A screen of its own: the frame titled `title`, holding the form that title names. */
export function AuthForm<V>({ title, titleId, ...form }: AppFormProps<V> & { title: string; titleId: string }) {
  return (
    <AuthFrame title={title} titleId={titleId}>
      <AppForm<V> {...form} aria-labelledby={titleId} />
    </AuthFrame>
  );
}

/** "Remember me" (field `keep`). */
export function KeepField({ label, noStyle }: { label: string; noStyle?: boolean }) {
  return (
    <Form.Item name="keep" valuePropName="checked" noStyle={noStyle}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}

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
