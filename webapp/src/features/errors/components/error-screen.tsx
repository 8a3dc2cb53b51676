/** Shared frame of the 404 and 401 screens: a focused heading, the explanation and two actions. */
import type { ReactNode } from 'react';
import { Button, Space, theme } from 'antd';
import { FocusHeading } from '../../../components/focus-heading';

export function ErrorScreen(props: {
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
