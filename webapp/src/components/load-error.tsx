/**
 * What shows when a part of the app cannot be loaded (a lazily loaded chunk failed, typically
 * because the connection dropped): a short explanation and "Try again" (a reload) instead of a blank
 * page. Used by the router's error boundary (every lazy route) and around each back-office tab.
 *
 * A missing chunk (a deploy removed the files an open tab still asks for) reloads the page once first
 * (lib/chunk-reload); only when that does not help, or offline, does the message show.
 *
 * Its texts are bundled with the app (locales/<lang>/offline.json, imported statically rather than
 * loaded on demand): they must show when nothing more can be fetched.
 */
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { theme } from 'antd';
import zhCn from '../locales/zh-cn/offline.json';
import en from '../locales/en/offline.json';
import { browser } from '../lib/browser';
import { reloadOnceForChunk } from '../lib/chunk-reload';
import { currentLanguage } from '../lib/i18n';
import { siteHomePath } from '../lib/site-links';
import { FocusHeading } from './focus-heading';
import { PlainButton } from './plain-button';

/** The bundled "offline" texts of the current language (also used by the fallback message host). */
export function offlineTexts(): typeof en {
  return currentLanguage() === 'en' ? en : zhCn;
}

export function LoadError({ fullPage = false }: { fullPage?: boolean }) {
  const { token } = theme.useToken();
  const texts = offlineTexts();
  const body = (
    <section
      role="alert"
      aria-labelledby="load-error-heading"
      data-testid="load-error"
      style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center', padding: 24, fontFamily: token.fontFamily, fontSize: token.fontSize }}
    >
      <FocusHeading id="load-error-heading" style={{ fontSize: 22, margin: '0 0 12px', color: token.colorTextHeading }}>
        {texts.heading}
      </FocusHeading>
      <p style={{ margin: '0 0 20px', color: token.colorText }}>{texts.text}</p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <PlainButton type="primary" onClick={() => browser.reload()}>
          {texts.retry}
        </PlainButton>
        <PlainButton onClick={() => browser.assign(siteHomePath())}>{texts.home}</PlainButton>
      </div>
    </section>
  );
  if (!fullPage) return body;
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: token.colorBgLayout }}>
      {body}
    </main>
  );
}

/** The router's errorElement: a failed lazy route (or loader) shows LoadError, not a white page. */
export function RouteLoadError() {
  const error = useRouteError();
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (reloadOnceForChunk(error)) setReloading(true);
  }, [error]);
  return reloading ? null : <LoadError fullPage />;
}

/** Catches a failed lazy component below it (a back-office tab's page) and shows LoadError there. */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; reloading: boolean }> {
  state = { failed: false, reloading: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (reloadOnceForChunk(error)) this.setState({ reloading: true });
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? null : <LoadError />;
  }
}
