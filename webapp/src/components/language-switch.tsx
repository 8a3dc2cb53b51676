/** The zh-cn / en switch (persisted; loads the page's language files before switching). */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('general');
  const { token } = theme.useToken();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      style={{ display: 'inline-flex', border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, overflow: 'hidden' }}
    >
      {LANGUAGES.map((lang) => {
        const active = i18n.language === lang;
        return (
          <button
            key={lang}
            type="button"
            lang={lang === 'zh-cn' ? 'zh-CN' : 'en'}
            aria-pressed={active}
            onClick={() => void setLanguage(lang)}
            style={{
              border: 0,
              padding: '2px 10px',
              font: 'inherit',
              fontSize: 13,
              cursor: 'pointer',
              background: active ? token.colorPrimary : token.colorBgContainer,
              color: active ? token.colorTextLightSolid : token.colorText,
            }}
          >
            {t(`language.${lang}`)}
          </button>
        );
      })}
    </div>
  );
}
