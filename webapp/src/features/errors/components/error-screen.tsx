/**
 * Shared frame of the 404 and 401 screens: a focused heading, the explanation and two actions. On a page of
 * its own it wears the site's brand like the sign-in screens (components/brand: its green keeps the primary
 * button's white text at 7:1, antd's default blue gives 4.1:1); inside a shell it takes the shell's theme.
 */
import type { ReactNode } from 'react';
import { Button, Space, theme } from 'antd';
import { BrandTheme } from '../../../components/brand';
import { FocusHeading } from '../../../components/focus-heading';

export function ErrorScreen(props: Parameters<typeof ErrorFrame>[0]) {
  return props.embedded ? (
    <ErrorFrame {...props} />
  ) : (
    <BrandTheme>
      <ErrorFrame {...props} />
    </BrandTheme>
  );
}

function ErrorFrame(props: {
  /** Inside a shell: no page-high <main> of its own. */
  embedded?: boolean;
  code: string;
  heading: string;
  children: ReactNode;
  homeLabel: string;
  backLabel: string;
  onHome: () => void;
  onBack: () => void;
}) {
  const { token } = theme.useToken();
  const Frame = props.embedded ? 'div' : 'main';
  return (
    <Frame
      style={{
        minHeight: props.embedded ? 360 : '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: props.embedded ? undefined : token.colorBgLayout,
        color: token.colorText,
        // The brand's sans-serif stack: outside antd's components the page would fall back to the browser's serif
        // (visible in English; the Chinese faces are sans-serif anyway).
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
      }}
    >
      <section aria-labelledby="error-heading" style={{ maxWidth: 560, textAlign: 'center' }}>
        <p aria-hidden="true" style={{ fontSize: 72, fontWeight: 700, margin: 0, color: token.colorPrimary, lineHeight: 1.1 }}>
          {props.code}
        </p>
        <FocusHeading id="error-heading" style={{ fontSize: 24, margin: '12px 0', color: token.colorTextHeading }}>
          {props.heading}
        </FocusHeading>
        {props.children}
        <Space wrap style={{ marginTop: 24, justifyContent: 'center' }}>
          <Button type="primary" onClick={props.onHome}>
            {props.homeLabel}
          </Button>
          <Button onClick={props.onBack}>{props.backLabel}</Button>
        </Space>
      </section>
    </Frame>
  );
}
