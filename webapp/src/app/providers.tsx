/**
 * App-wide providers: antd ConfigProvider (locale follows the language, theme follows the stored
 * dark/light setting), i18next, and the message host (loaded on the first message, see lib/notify;
 * FallbackNotices when it cannot be loaded).
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { onNoticeDemand } from '../lib/notify';
import { FallbackNotices } from './fallback-notices';
import { readableComponents, readableTokens, useLayoutConfig } from '../lib/theme';

/**
 * Mounts the antd message host (its own chunk) on the first message. When that chunk cannot be
 * loaded (offline: "You are disconnected!" is often the first message a tab shows) the bundled
 * FallbackNotices shows the messages instead, and the host is tried again once the browser is
 * back online.
 */
function Notices() {
  const [needed, setNeeded] = useState(false);
  const [Host, setHost] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => onNoticeDemand(() => setNeeded(true)), []);
  useEffect(() => {
    if (!needed || Host || failed) return undefined;
    let alive = true;
    import('./message-host').then(
      (module) => alive && setHost(() => module.default),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [needed, Host, failed]);
  useEffect(() => {
    if (!failed) return undefined;
    const retry = () => setFailed(false);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);
  if (Host) return <Host />;
  return failed ? <FallbackNotices /> : null;
}

function ThemedConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const { isDark } = useLayoutConfig();
  useEffect(() => {
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }, [isDark]);
  return (
    <ConfigProvider
      locale={instance.language === 'en' ? enUS : zhCN}
      theme={{
        algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: readableTokens(isDark),
        components: readableComponents(isDark),
        cssVar: {},
      }}
    >
      <Notices />
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedConfig>{children}</ThemedConfig>
    </I18nextProvider>
  );
}
