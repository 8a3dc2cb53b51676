/**
 * Links between the public site (Pelican: zh-cn at /, English at /en/) and the app, so the language
 * chosen on one side carries to the other (issue 9):
 * - the public site links to the app with ?lang=<code> (theme/templates/base.html); the app takes that
 *   as the visitor's choice at start-up (lib/i18n detectLanguage) and stores it;
 * - the app links back to the public site's home of the current language (siteHomePath).
 */
import { currentLanguage, type Language } from './i18n';

export function siteHomePath(lang: Language = currentLanguage()): string {
  return lang === 'en' ? '/en/' : '/';
}
