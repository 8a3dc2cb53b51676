/**
 * App-wide providers: antd ConfigProvider (locale follows the language, theme follows the stored
 * dark/light setting), i18next, and the message host (loaded on the first message, see lib/notify).
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { onNoticeDemand } from '../lib/notify';
import { useLayoutConfig } from '../lib/theme';

const MessageHost = lazy(() => import('./message-host'));

function Notices() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onNoticeDemand(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
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
      theme={{ algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm, cssVar: {} }}
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
