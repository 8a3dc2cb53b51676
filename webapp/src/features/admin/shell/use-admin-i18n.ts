/** Loads the back office's language file (admin/common) for the current language. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, loadNamespaces } from '../../../lib/i18n';

export const ADMIN_NS = 'admin/common';

export function useAdminNamespace(): boolean {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [loaded, setLoaded] = useState<string | null>(() => (i18n.hasResourceBundle(lang, ADMIN_NS) ? lang : null));
  useEffect(() => {
    let alive = true;
    void Promise.all([loadNamespaces(lang, [ADMIN_NS]), loadNamespaces(DEFAULT_LANGUAGE, [ADMIN_NS])]).then(() => alive && setLoaded(lang));
    return () => {
      alive = false;
    };
  }, [lang]);
  return loaded === lang;
}
