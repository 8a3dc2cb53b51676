/** Keeps document.title = t(route title meta) + " - " + site name (SPEC §2). */
import { composeTitle } from './title';
import { getSiteConfig } from './site';
import { t } from './i18n';

let currentTitleKey = '';

export function applyTitle(titleKey: string | undefined = currentTitleKey): string {
  currentTitleKey = titleKey ?? '';
  const title = composeTitle(currentTitleKey ? t(currentTitleKey) : '', getSiteConfig().siteName, t('general:defaultSiteName'));
  document.title = title;
  return title;
}
