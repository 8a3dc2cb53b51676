/**
 * The full-page loading overlay (SPEC §2, §4, §9). Its markup is in index.html (#app-loading) so it
 * shows before any JavaScript runs. It is shown once, on the first navigation; after a navigation
 * ends it is removed 500 ms later, and a second clean-up 300 ms after that removes any leftover
 * overlay and gives the page its scrolling back.
 */
export const OVERLAY_ID = 'app-loading';
export const OVERLAY_BODY_CLASS = 'app-loading-active';
export const HIDE_DELAY_MS = 500;
export const CLEANUP_DELAY_MS = 300;

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
      if (!doc.getElementById(OVERLAY_ID)) {
        const el = doc.createElement('div');
        el.id = OVERLAY_ID;
        el.setAttribute('role', 'status');
        el.setAttribute('aria-live', 'polite');
        el.innerHTML = '<div class="app-loading-label">加载中… Loading…</div>';
        doc.body.appendChild(el);
      }
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
