/**
 * The boot script of the pre-rendered login screens (scripts/prerender.mjs writes it, with the app's file
 * names, to dist/assets/prerender-boot-<hash>.js). Self-contained: it is serialised with toString().
 */

/** Events that say a visitor is about to use the screen: the app starts on the first of them. */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'submit'];

/**
 * What the boot script does (it runs as `(bootPrerendered)(preloads, entry, intents)` in the page): after
 * the first paint it fetches the app's files into the browser's cache (prefetch: not compiled, not run; the
 * files are immutable), and it
 * runs them — one file per task, the entry last — only when the visitor first points at, touches,
 * focuses or types on the page. Until then the screen is plain HTML: what is typed stays in the inputs
 * and the app takes it over (lib/prerender.ts takeOver). A form submitted before the app has taken the
 * page over is held (the browser would send it as a GET, the password in the address) and named in
 * #root's data-submit-pending, for the app to send; a click on one of its buttons is marked
 * (data-click-pending) for the app to repeat, and so is a link to another screen of the app (followed by the
 * browser it would load the app anew, overlay and all). If the app's files cannot be loaded, the page says so
 * (#prerender-load-error) and the next gesture tries again.
 */
export function bootPrerendered(preloads, entry, intents) {
  const root = document.getElementById('root');
  const appOwnsPage = () => !root || !root.hasAttribute('data-prerendered');
  const holdSubmit = (event) => {
    if (appOwnsPage()) {
      document.removeEventListener('submit', holdSubmit, true);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof HTMLFormElement && event.target.id) root.dataset.submitPending = event.target.id;
  };
  document.addEventListener('submit', holdSubmit, true);
  // A click on one of the screen's own buttons (not the submit: held above) before the app runs would be
  // lost: the button is marked for the app to click once it has taken over. So is a link to another
  // screen of the app (registration, password retrieval): followed by the browser it would load the
  // app's page anew, with its loading overlay (SPEC §2: shown once); the app follows it in place.
  const appLink = (element) =>
    element instanceof HTMLAnchorElement &&
    element.origin === location.origin &&
    /^\/(user|admin)(\/|$)/.test(element.pathname) &&
    (!element.target || element.target === '_self') &&
    !element.hasAttribute('download');
  const holdClick = (event) => {
    if (appOwnsPage()) {
      document.removeEventListener('click', holdClick, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button[type="button"], [role="button"], a[href]') : null;
    if (!button || !root.contains(button)) return;
    if (button instanceof HTMLAnchorElement) {
      if (!appLink(button) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
    }
    root.querySelectorAll('[data-click-pending]').forEach((element) => element.removeAttribute('data-click-pending'));
    button.setAttribute('data-click-pending', '');
  };
  document.addEventListener('click', holdClick, true);

  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const showLoadError = (shown) => {
    const note = document.getElementById('prerender-load-error');
    if (note) note.hidden = !shown;
  };
  let starting = false;
  const start = async () => {
    if (starting) return;
    starting = true;
    try {
      for (const href of preloads) {
        await import(href);
        await nextTask();
      }
      await import(entry);
      for (const type of intents) document.removeEventListener(type, start, true);
      showLoadError(false);
    } catch {
      showLoadError(true);
      starting = false;
    }
  };
  for (const type of intents) document.addEventListener(type, start, { capture: true, passive: true });

  // One file per task: starting a download costs the page a few milliseconds each.
  const prefetch = async () => {
    for (const href of preloads.concat(entry)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.append(link);
      await nextTask();
    }
  };
  requestAnimationFrame(() => setTimeout(() => void prefetch(), 0));
}
