/**
 * Pieces every form of the app shares — the one form system is antd `Form` with the rules of
 * lib/validators: the message box above a form's button (server error or good news), and errors that
 * follow a language switch (antd keeps the message it computed; shown errors are checked again).
 */
import { useEffect, useRef } from 'react';
import { theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

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

/** After a language switch, fields showing an error are validated again, so the message is in the new language. */
export function useErrorsFollowLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const shown = useRef(i18n.language);
  useEffect(() => {
    if (shown.current === i18n.language) return;
    shown.current = i18n.language;
    const names = form
      .getFieldsError()
      .filter((field) => field.errors.length)
      .map((field) => field.name);
    if (names.length) void form.validateFields(names).catch(() => undefined);
  }, [i18n.language, form]);
}
