/**
 * Light text, password and checkbox inputs styled with the antd theme tokens. The login screens
 * use these instead of antd's Input/Checkbox: those pull in antd's form context (@rc-component/form)
 * and cost about 25 KB gzip of the 200 KB first-load budget of /user/login (DESIGN §5).
 */
import { useState, type ChangeEvent, type CSSProperties, type InputHTMLAttributes, type ReactNode } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  status?: 'error';
};

function useInputStyle(status: 'error' | undefined, focused: boolean): CSSProperties {
  const { token } = theme.useToken();
  const border = status === 'error' ? token.colorError : focused ? token.colorPrimary : token.colorBorder;
  return {
    boxSizing: 'border-box',
    width: '100%',
    minHeight: token.controlHeight,
    padding: `4px ${token.paddingSM - 1}px`,
    font: 'inherit',
    fontSize: token.fontSize,
    color: token.colorText,
    background: token.colorBgContainer,
    border: `1px solid ${border}`,
    borderRadius: token.borderRadius,
    outline: focused ? `2px solid ${status === 'error' ? token.colorErrorBorder : token.colorPrimaryBorder}` : 'none',
    outlineOffset: 0,
    transition: 'border-color .2s',
  };
}

export function TextInput({ status, style, onFocus, onBlur, ...rest }: Props) {
  const [focused, setFocused] = useState(false);
  const base = useInputStyle(status, focused);
  return (
    <input
      type="text"
      {...rest}
      style={{ ...base, ...style }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        onBlur?.(e);
      }}
    />
  );
}

/** A password input with a show/hide button. */
export function PasswordInput(props: Props) {
  const { t } = useTranslation('general');
  const { token } = theme.useToken();
  const [visible, setVisible] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      <TextInput {...props} type={visible ? 'text' : 'password'} style={{ paddingRight: 64 }} />
      <button
        type="button"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        style={{
          position: 'absolute',
          right: 4,
          top: '50%',
          transform: 'translateY(-50%)',
          border: 0,
          background: 'none',
          color: token.colorTextSecondary,
          cursor: 'pointer',
          font: 'inherit',
          fontSize: 12,
          padding: '2px 6px',
        }}
      >
        {visible ? t('password.hide') : t('password.show')}
      </button>
    </div>
  );
}

export function CheckboxInput({
  checked,
  onChange,
  name,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer', color: token.colorText }}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        style={{ width: 16, height: 16, accentColor: token.colorPrimary, margin: 0 }}
      />
      {children}
    </label>
  );
}
