/** A labelled form field with its hint and error, wired for assistive technology. */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { theme } from 'antd';

interface Props {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}

export function FormField({ id, label, error, hint, children }: Props) {
  const { token } = theme.useToken();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        status: error ? 'error' : undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  return (
    <div style={{ marginBottom: 18 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, color: token.colorTextHeading }}>
        {label}
      </label>
      {control}
      {hint && (
        <div id={`${id}-hint`} style={{ marginTop: 4, fontSize: 12, color: token.colorTextSecondary }}>
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ marginTop: 4, fontSize: 13, color: token.colorError }}>
          {error}
        </div>
      )}
    </div>
  );
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
