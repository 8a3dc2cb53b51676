/**
 * Interface languages (SPEC §1, §3 "Language config") and on-demand language files (SPEC §2).
 *
 * - Languages: zh-cn (default and fallback) and en. The choice is persisted under
 *   storage-keys LANGUAGE. Decision: with no stored choice the app starts in zh-cn (the SPEC
 *   default), whatever the browser language; the switch on every screen changes it. A `?lang=`
 *   query parameter (the public site's links to the app carry it) wins over the stored choice and
 *   replaces it, so the language chosen on the public site carries into the app.
 * - Language files are JSON files under src/locales/<lang>/<namespace>.json, each imported with a
 *   dynamic import() so each is its own chunk. Before a page renders, the router's root loader
 *   calls prepareRoute(): it loads the general file, the file named after the path, the file named
 *   after the route name, and the extra files of EXTRA_NAMESPACES (namespacesFor()). Files that do
 *   not exist are skipped.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE } from './storage-keys';

export const LANGUAGES = ['zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';
export const GENERAL_NS = 'general';

/**
 * Extra language files per path (SPEC §2): the home page, the module store, the menu rules, the
 * score log, the CRUD pages and the security pages need files beyond their own.
 */
export const EXTRA_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  '/': ['index'],
  '/admin/moduleStore': ['admin/module'],
  '/admin/auth/rule': ['admin/auth/menu'],
  '/admin/user/scoreLog': ['admin/user/moneyLog'],
  '/admin/crud/crud': ['admin/crud/log', 'admin/crud/state'],
  '/admin/security/dataRecycle': ['admin/security'],
  '/admin/security/dataRecycleLog': ['admin/security'],
  '/admin/security/sensitiveData': ['admin/security'],
  '/admin/security/sensitiveDataLog': ['admin/security'],
};

/** The namespace named after a path: "/user/login" → "user/login", "/404" → "404". */
export function pathNamespace(pathname: string): string | null {
  const ns = pathname.replace(/^\/+|\/+$/g, '');
  if (!ns || !/^[A-Za-z0-9_/-]+$/.test(ns)) return null;
  return ns;
}

/** The language files to load before rendering a page: general, by path, by route name, extras. */
export function namespacesFor(pathname: string, routeName?: string | null): string[] {
  const list = [GENERAL_NS];
  const byPath = pathNamespace(pathname);
  if (byPath) list.push(byPath);
  if (routeName) list.push(routeName);
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  list.push(...(EXTRA_NAMESPACES[normalized] ?? []));
  return [...new Set(list)];
}

type LocaleModule = { default: Record<string, unknown> };
const localeLoaders = import.meta.glob<LocaleModule>('../locales/**/*.json');

export function localeFile(lang: Language, ns: string): string {
  return `../locales/${lang}/${ns}.json`;
}

export function hasLocaleFile(lang: Language, ns: string): boolean {
  return localeFile(lang, ns) in localeLoaders;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a link asked for (?lang=en from the public site), if any. */
export function languageFromUrl(search: string = typeof window === 'undefined' ? '' : window.location.search): Language | null {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  return isLanguage(asked) ? asked : null;
}

export function detectLanguage(): Language {
  const asked = languageFromUrl();
  if (asked) {
    // A link from the public site carries the language chosen there: it becomes the choice.
    try {
      window.localStorage.setItem(LANGUAGE, asked);
    } catch {
      // storage disabled: the choice lasts for this page view
    }
    return asked;
  }
  try {
    const stored = window.localStorage.getItem(LANGUAGE);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage disabled
  }
  return DEFAULT_LANGUAGE;
}

export const i18n: I18n = i18next.createInstance();
let initPromise: Promise<unknown> | null = null;
let activeNamespaces: string[] = [GENERAL_NS];

function applyLanguageSideEffects(lang: Language): void {
  // dayjs follows the language by itself (lib/dayjs-locale), loaded only by the pages that use dates.
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh-cn' ? 'zh-CN' : 'en';
}

export function initI18n(lang: Language = detectLanguage()): Promise<unknown> {
  if (!initPromise) {
    initPromise = i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [GENERAL_NS],
      defaultNS: GENERAL_NS,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
    applyLanguageSideEffects(lang);
  }
  return initPromise;
}

export function currentLanguage(): Language {
  const lang = i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Loads the given namespaces for a language; returns the ones that were (or already are) loaded. */
export async function loadNamespaces(lang: Language, namespaces: readonly string[]): Promise<string[]> {
  await initI18n();
  const loaded: string[] = [];
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18n.hasResourceBundle(lang, ns)) {
        loaded.push(ns);
        return;
      }
      const loader = localeLoaders[localeFile(lang, ns)];
      if (!loader) return;
      const mod = await loader();
      i18n.addResourceBundle(lang, ns, mod.default, true, true);
      loaded.push(ns);
    }),
  );
  return loaded;
}

/** Loads the language files a page needs (called before the page renders). */
export async function prepareRoute(pathname: string, routeName?: string | null): Promise<string[]> {
  const namespaces = namespacesFor(pathname, routeName);
  activeNamespaces = namespaces;
  const lang = currentLanguage();
  const loaded = await loadNamespaces(lang, namespaces);
  // The fallback language fills keys a translation lacks.
  if (lang !== DEFAULT_LANGUAGE) await loadNamespaces(DEFAULT_LANGUAGE, namespaces);
  return loaded;
}

/** Switches the language: loads the current page's files first, then persists the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadNamespaces(lang, activeNamespaces);
  await i18n.changeLanguage(lang);
  applyLanguageSideEffects(lang);
  try {
    window.localStorage.setItem(LANGUAGE, lang);
  } catch {
    // storage disabled: the choice lasts for this page view
  }
}

/** Translate with the app instance (for code outside React). */
export function t(key: string, vars?: Record<string, unknown>): string {
  return i18n.t(key, vars) as string;
}
