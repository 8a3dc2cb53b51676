/** Loads the back office's language file (admin/common), or another one, for the current language. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, loadNamespaces } from '../../../lib/i18n';

export const ADMIN_NS = 'admin/common';

export function useAdminNamespace(): boolean {
  return useNamespace(ADMIN_NS);
}

/** Loads a language file (and its zh-cn fallback) for the current language; true once loaded. */
export function useNamespace(ns: string): boolean {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [loaded, setLoaded] = useState<string | null>(() => (i18n.hasResourceBundle(lang, ns) ? lang : null));
  useEffect(() => {
    let alive = true;
    void Promise.all([loadNamespaces(lang, [ns]), loadNamespaces(DEFAULT_LANGUAGE, [ns])]).then(() => alive && setLoaded(lang));
    return () => {
      alive = false;
    };
  }, [lang, ns]);
  // Already there (a language switch loads the page's files first): ready in this very render, so a
  // switch never swaps the screen for a spinner.
  return loaded === lang || i18n.hasResourceBundle(lang, ns);
}
