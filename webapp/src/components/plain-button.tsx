/**
 * A light button styled with the antd theme tokens, for the first-load screens (login, registration,
 * through ./form-controls) and the load-error screen (part of the entry chunk): antd's Button brings
 * its wave effect, icons and context providers (about 10 KB gzip) that the 250 KB first-load budget of
 * /user/login (DESIGN §5) cannot spare. Same props as the subset of antd's Button those screens use; a
 * busy button is disabled and says so to screen readers.
 */
import { useState, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import { theme } from 'antd';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  type?: 'primary' | 'default' | 'link';
  htmlType?: 'button' | 'submit' | 'reset';
  block?: boolean;
  loading?: boolean;
  children?: ReactNode;
};

export function PlainButton({
  type = 'default',
  htmlType = 'button',
  block,
  loading,
  disabled,
  style,
  children,
  onFocus,
  onBlur,
  ...rest
}: Props) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const inactive = Boolean(disabled || loading);
  const looks: Record<NonNullable<Props['type']>, CSSProperties> = {
    primary: { color: token.colorTextLightSolid, background: token.colorPrimary, border: `1px solid ${token.colorPrimary}` },
    default: { color: token.colorText, background: token.colorBgContainer, border: `1px solid ${token.colorBorder}` },
    link: { color: token.colorLink, background: 'transparent', border: '1px solid transparent' },
  };
  const base: CSSProperties = {
    ...looks[type],
    display: block ? 'flex' : 'inline-flex',
    width: block ? '100%' : undefined,
    alignItems: 'center',
    justifyContent: 'center',
    gap: 6,
    minHeight: token.controlHeight,
    padding: type === 'link' ? '0 4px' : `0 ${token.paddingContentHorizontal}px`,
    font: 'inherit',
    fontSize: token.fontSize,
    borderRadius: token.borderRadius,
    cursor: inactive ? 'not-allowed' : 'pointer',
    opacity: inactive ? 0.65 : 1,
    outline: focused ? `2px solid ${token.colorPrimaryBorder}` : 'none',
    outlineOffset: 1,
    whiteSpace: 'nowrap',
  };
  return (
    <button
      {...rest}
      type={htmlType}
      disabled={inactive}
      aria-busy={loading || undefined}
      style={{ ...base, ...style }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        onBlur?.(e);
      }}
    >
      {loading ? <span aria-hidden="true">⟳</span> : null}
      {children}
    </button>
  );
}
