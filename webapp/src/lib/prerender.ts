/**
 * The pre-rendered login screens (DESIGN §5: Lighthouse mobile performance ≥ 90 on /user/login and
 * /admin/login). `npm run build` renders each screen once per language and theme into
 * dist/prerender/<screen>.<lang>.<theme>.html (scripts/prerender.mjs with app/prerender.tsx); the server
 * (functions/local/gateway.py, and the CloudFront viewer-request function in production) answers the
 * screen's address with the file of the visitor's language and theme, which it reads from the cookies
 * below (written by the app whenever either changes) or from `?lang=`. The page is readable before any
 * script runs; the app then hydrates it (app/main.tsx) instead of drawing it again.
 *
 * The root element carries what the page was rendered for (`data-prerendered="<path> <lang> <theme>"`);
 * the app hydrates only when that is what it would draw now, and otherwise draws the page itself.
 */
import { isLanguage, type Language } from './i18n';

/** The pre-rendered screens: path → file stem. Same list in functions/local/gateway.py and infra/. */
export const PRERENDERED: Readonly<Record<string, string>> = { '/user/login': 'user-login', '/admin/login': 'admin-login' };
export const PRERENDER_DIR = 'prerender';
export type ThemeName = 'light' | 'dark';

/** Cookies the server reads to pick the pre-rendered file (the app's own choice stays in localStorage). */
export const LANG_COOKIE = 'cityops_lang';
export const THEME_COOKIE = 'cityops_theme';
const COOKIE_MAX_AGE = 365 * 86400;

export function prerenderFile(stem: string, lang: Language, theme: ThemeName): string {
  return `${PRERENDER_DIR}/${stem}.${lang}.${theme}.html`;
}

export interface PrerenderMark {
  path: string;
  lang: Language;
  theme: ThemeName;
}

export function markValue(mark: PrerenderMark): string {
  return `${mark.path} ${mark.lang} ${mark.theme}`;
}

export function readMark(root: HTMLElement): PrerenderMark | null {
  const [path, lang, theme] = (root.dataset.prerendered ?? '').split(' ');
  if (!path || !isLanguage(lang) || (theme !== 'light' && theme !== 'dark')) return null;
  return { path, lang, theme };
}

export interface PageNow {
  pathname: string;
  search: string;
  lang: Language;
  isDark: boolean;
  /** history.state: the router keeps a navigation's state there (e.g. a notice for the login form). */
  historyState: unknown;
}

/**
 * Whether the pre-rendered markup is what the app draws now: same screen, language and theme, no query
 * but `lang` (e.g. `?to=` changes the registration link) and no navigation state (a notice).
 */
export function canHydrate(mark: PrerenderMark | null, now: PageNow): boolean {
  if (!mark || mark.path !== now.pathname || mark.lang !== now.lang) return false;
  if ((mark.theme === 'dark') !== now.isDark) return false;
  if ([...new URLSearchParams(now.search).keys()].some((key) => key !== 'lang')) return false;
  const usr = (now.historyState as { usr?: unknown } | null)?.usr;
  return usr === undefined || usr === null;
}

/** Keeps the cookies the server reads in step with the app's language and theme. */
export function rememberPreferences(lang: Language, isDark: boolean, doc: Document = document): void {
  const attributes = `; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
  doc.cookie = `${LANG_COOKIE}=${lang}${attributes}`;
  doc.cookie = `${THEME_COOKIE}=${isDark ? 'dark' : 'light'}${attributes}`;
}

/**
 * What the visitor did on the pre-rendered screen before the app ran (the boot script, scripts/prerender.mjs,
 * starts it on the first gesture): the inputs whose content or tick differs from what the page was
 * rendered with (by element id: the app's form draws the same ids), and the form they submitted.
 */
export interface BeforeApp {
  typed: ReadonlyMap<string, string | boolean>;
  pendingForm: string | null;
  /** The button clicked before the app ran (data-click-pending), by its place among the screen's buttons:
   * the app may draw the screen anew (another language or theme), without the mark. */
  clicked: number | null;
}

// What the boot script (scripts/prerender-boot.mjs) may mark as clicked: a button, or a link to another screen of the app.
const CLICKABLE = 'button[type="button"], [role="button"], a[href]';

export function readBeforeApp(root: HTMLElement): BeforeApp {
  const typed = new Map<string, string | boolean>();
  root.querySelectorAll('input').forEach((input) => {
    if (!input.id) return;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked !== input.defaultChecked) typed.set(input.id, input.checked);
    } else if (input.value !== input.defaultValue) {
      typed.set(input.id, input.value);
    }
  });
  const buttons = [...root.querySelectorAll(CLICKABLE)];
  const clicked = buttons.findIndex((button) => button.hasAttribute('data-click-pending'));
  return { typed, pendingForm: root.dataset.submitPending ?? null, clicked: clicked < 0 ? null : clicked };
}

/**
 * Hands what the visitor did before the app ran to the app, once it has drawn the screen: each input is
 * changed the way typing changes it (React's onChange runs, so the form's state holds the value), a
 * button clicked before is clicked again, and a held submit is sent again. From here on the page is the app's (no data-prerendered).
 */
export function takeOver(root: HTMLElement, before: BeforeApp): void {
  delete root.dataset.prerendered;
  delete root.dataset.submitPending;
  const nativeValueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  before.typed.forEach((value, id) => {
    const input = root.ownerDocument.getElementById(id);
    if (!(input instanceof HTMLInputElement) || !root.contains(input)) return;
    if (typeof value === 'boolean') {
      // React hears a tick by its click: set the opposite through React's own tracker, then click.
      input.checked = !value;
      input.click();
    } else {
      // React's tracker remembers the value it last saw: make it another one, so the typed value reads
      // as a change.
      input.value = value === '' ? ' ' : '';
      nativeValueSetter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  // A button clicked before the app ran (marked by the boot script: a language or theme switch…) is
  // clicked now; on a screen drawn anew, the button at its place.
  const marked = root.querySelector<HTMLElement>('[data-click-pending]');
  const clicked = marked ?? (before.clicked === null ? null : root.querySelectorAll<HTMLElement>(CLICKABLE).item(before.clicked));
  marked?.removeAttribute('data-click-pending');
  clicked?.click();
  if (before.pendingForm) {
    const form = root.ownerDocument.getElementById(before.pendingForm);
    if (form instanceof HTMLFormElement && root.contains(form)) form.requestSubmit();
  }
}
