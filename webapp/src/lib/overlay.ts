/**
 * The full-page loading overlay (SPEC §2, §4, §9). Its markup is in index.html (#app-loading) so it
 * shows before any JavaScript runs. It is shown once, on the first navigation; after a navigation
 * ends it is removed 500 ms later, and a second clean-up 300 ms after that removes any leftover
 * overlay and gives the page its scrolling back. Before any script runs the markup cannot know the
 * language; once the app starts (lib/i18n has set <html lang>) the overlay says "loading" in that
 * language only.
 */
export const OVERLAY_ID = 'app-loading';
export const OVERLAY_BODY_CLASS = 'app-loading-active';
export const HIDE_DELAY_MS = 500;
export const CLEANUP_DELAY_MS = 300;

/** The overlay's text, bundled: no language file is loaded yet when it shows. */
export const OVERLAY_LABELS = { 'zh-cn': '加载中…', en: 'Loading…' } as const;

function localize(el: HTMLElement, doc: Document): void {
  const text = doc.documentElement.lang.toLowerCase().startsWith('en') ? OVERLAY_LABELS.en : OVERLAY_LABELS['zh-cn'];
  let label = el.querySelector<HTMLElement>('.app-loading-label');
  if (!label) {
    label = doc.createElement('div');
    label.className = 'app-loading-label';
    el.appendChild(label);
  }
  label.textContent = text;
  el.setAttribute('aria-label', text);
}

export interface LoadingOverlay {
  /** Shows the overlay; only the first call does anything. */
  show(): void;
  /** Schedules removal (500 ms, then clean-up after 300 ms); a no-op when nothing is shown. */
  hide(): void;
}

export function createLoadingOverlay(doc: Document = document): LoadingOverlay {
  let shown = false;
  let hiding = false;
  return {
    show() {
      if (shown) return;
      shown = true;
      let el = doc.getElementById(OVERLAY_ID);
      if (!el) {
        el = doc.createElement('div');
        el.id = OVERLAY_ID;
        el.setAttribute('role', 'status');
        el.setAttribute('aria-live', 'polite');
        doc.body.appendChild(el);
      }
      localize(el, doc);
      doc.body.classList.add(OVERLAY_BODY_CLASS);
    },
    hide() {
      shown = true; // the overlay never comes back once a navigation has ended
      if (hiding) return;
      if (!doc.getElementById(OVERLAY_ID) && !doc.body.classList.contains(OVERLAY_BODY_CLASS)) return;
      hiding = true;
      doc.getElementById(OVERLAY_ID)?.classList.add('is-leaving');
      setTimeout(() => {
        doc.getElementById(OVERLAY_ID)?.remove();
        setTimeout(() => {
          doc.querySelectorAll(`#${OVERLAY_ID}, .app-loading`).forEach((node) => node.remove());
          doc.body.classList.remove(OVERLAY_BODY_CLASS);
          hiding = false;
        }, CLEANUP_DELAY_MS);
      }, HIDE_DELAY_MS);
    },
  };
}
