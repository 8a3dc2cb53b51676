/** Dark / light theme switch (persisted in the layout config). */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLayoutConfig, useLayoutConfig } from '../lib/theme';

export function ThemeSwitch() {
  const { t } = useTranslation('general');
  const { token } = theme.useToken();
  const { isDark } = useLayoutConfig();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isDark}
      aria-label={t('theme.label')}
      onClick={() => setLayoutConfig({ isDark: !isDark })}
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: 999,
        padding: '2px 10px',
        font: 'inherit',
        fontSize: 13,
        cursor: 'pointer',
        background: token.colorBgContainer,
        color: token.colorText,
      }}
    >
      {isDark ? `☾ ${t('theme.dark')}` : `☀ ${t('theme.light')}`}
    </button>
  );
}
