/** Keeps document.title = t(route title meta) + " - " + site name (SPEC §2). */
import { composeTitle } from './title';
import { getSiteConfig, subscribeSiteConfig } from './site';
import * as i18nModule from './i18n';

const t = (key: string) => i18nModule.t(key);

let currentTitleKey = '';

export function applyTitle(titleKey: string | undefined = currentTitleKey): string {
  currentTitleKey = titleKey ?? '';
  const title = composeTitle(currentTitleKey ? t(currentTitleKey) : '', getSiteConfig().siteName, t('general:defaultSiteName'));
  document.title = title;
  return title;
}

/** Re-applies the title when the language or the site name changes. */
export function watchTitle(): () => void {
  const { i18n } = i18nModule;
  const onLanguage = () => applyTitle();
  i18n.on('languageChanged', onLanguage);
  const off = subscribeSiteConfig(() => applyTitle());
  return () => {
    i18n.off('languageChanged', onLanguage);
    off();
  };
}
