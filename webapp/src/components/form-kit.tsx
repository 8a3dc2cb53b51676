/**
 * Pieces every form of the app shares — the one form system is antd `Form` with the rules of
 * lib/validators: `AppForm` (antd Form with the app's defaults), the submit state with the server's
 * message, the message box above a form's button (server error or good news), errors that follow a
 * language switch (antd keeps the message it computed; shown errors are checked again) and the
 * server's form settings (e.g. whether a captcha is asked).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, theme, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../lib/request';

export type AppFormProps<V> = Omit<FormProps<V>, 'onFinish' | 'form' | 'name'> & {
  form: FormInstance<V>;
  /** Also the form's test id. */
  name: string;
  onFinish: (values: V) => Promise<void> | void;
  children: ReactNode;
};

/** antd Form, labels above the fields, no required marks (the messages say it), errors follow the language. */
export function AppForm<V>({ form, name, onFinish, children, ...rest }: AppFormProps<V>) {
  useErrorsFollowLanguage(form);
  return (
    <Form<V> form={form} name={name} data-testid={name} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} {...rest}>
      {children}
    </Form>
  );
}

/** The server's message of a failed request (empty when the request was canceled or failed otherwise). */
export const errorText = (e: unknown): string => (e instanceof RequestError && e.kind !== 'canceled' ? e.message : '');

/** Submit state: `run(work)` marks the form busy, clears the message and shows the server's message on failure. */
export function useSubmit() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  /** `fallback`: the message when the server gave none. */
  const run = useCallback(async (work: () => Promise<unknown>, onFail?: () => void, fallback = '') => {
    setSubmitting(true);
    setError('');
    try {
      await work();
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message || fallback);
      onFail?.();
    } finally {
      setSubmitting(false);
    }
  }, []);
  return { submitting, error, setError, run };
}

/** A form setting the server decides (fetched once; `initial` until it answers). */
export function useServerSetting<T>(load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let live = true;
    void load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}

/** An error box for the whole form (server message). */
export function FormError({ message }: { message: string }) {
  return <FormNotice message={message} kind="error" />;
}

/** A box above a form's button: an error (role alert) or good news (role status). */
export function FormNotice({ message, kind }: { message: string; kind: 'error' | 'success' }) {
  const { token } = theme.useToken();
  if (!message) return null;
  const error = kind === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-testid={error ? undefined : 'form-success'}
      style={{
        marginBottom: 16,
        padding: '8px 12px',
        borderRadius: token.borderRadius,
        border: `1px solid ${error ? token.colorErrorBorder : token.colorSuccessBorder}`,
        background: error ? token.colorErrorBg : token.colorSuccessBg,
        color: error ? token.colorErrorText : token.colorSuccessText,
      }}
    >
      {message}
    </div>
  );
}

/** After a language switch, fields showing an error are validated again, so the message is in the new
 * language: at once when i18next switches (format messages follow), and again once the form has
 * re-rendered with the new labels (required messages name the field). */
export function useErrorsFollowLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const shown = useRef(i18n.language);
  const revalidate = useCallback(() => {
    const names = form
      .getFieldsError()
      .filter((field) => field.errors.length)
      .map((field) => field.name);
    if (names.length) void form.validateFields(names).catch(() => undefined);
  }, [form]);
  useEffect(() => {
    i18n.on('languageChanged', revalidate);
    return () => i18n.off('languageChanged', revalidate);
  }, [i18n, revalidate]);
  useEffect(() => {
    if (shown.current === i18n.language) return;
    shown.current = i18n.language;
    revalidate();
  }, [i18n.language, revalidate]);
}
