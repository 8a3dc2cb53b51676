/**
 * Keeps document.title = page title + " - " + site name (SPEC §2). The page title is the route's
 * translated title meta, unless a screen names its page itself (setPageTitle): the back office does,
 * with the active tab's menu title — every back-office page shares one route, so its meta alone
 * would give every tab the same browser title.
 */
import { composeTitle } from './title';
import { getSiteConfig, subscribeSiteConfig } from './site';
import * as i18nModule from './i18n';

const t = (key: string) => i18nModule.t(key);

let currentTitleKey = '';
let pageTitle: string | null = null;

export function applyTitle(titleKey: string | undefined = currentTitleKey): string {
  currentTitleKey = titleKey ?? '';
  const page = pageTitle ?? (currentTitleKey ? t(currentTitleKey) : '');
  const title = composeTitle(page, getSiteConfig().siteName, t('general:defaultSiteName'));
  document.title = title;
  return title;
}

/**
 * Names the page shown now (already in the current language), in place of the route's title meta;
 * null gives the title back to the route. Returns the document title.
 */
export function setPageTitle(title: string | null): string {
  pageTitle = title && title.trim() ? title.trim() : null;
  return applyTitle();
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
