import { afterEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- a build script (plain ES module, no types)
import { bootPrerendered, INTENT_EVENTS } from '../prerender-boot.mjs';

/** A pre-rendered page: the mark on #root, a form, the hidden "could not download" note. */
function page() {
  document.body.innerHTML = `
    <p id="prerender-load-error" hidden>could not download</p>
    <div id="root" data-prerendered="/user/login zh-cn light">
      <form id="user-login"><input id="user-login_username"><button type="button" id="forgot"><span>forgot?</span></button><button type="submit">log in</button></form>
    </div>`;
  return {
    root: document.getElementById('root')!,
    form: document.getElementById('user-login') as HTMLFormElement,
    note: document.getElementById('prerender-load-error')!,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** The app's start that a gesture began has failed (its file is missing) and said so: nothing of this
 * test is left running into the next one (under load, a start still failing un-hid the next page's note). */
const startFailed = () =>
  vi.waitFor(() => expect(document.getElementById('prerender-load-error')!.hidden).toBe(false), { timeout: 20_000 });
const listeners: [string, EventListener][] = [];
const realAdd = document.addEventListener.bind(document);

afterEach(() => {
  // Each boot adds capture listeners on the shared document: take them off between tests.
  for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener, true);
  document.addEventListener = realAdd;
});

function boot(entry: string) {
  document.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    listeners.push([type, listener]);
    realAdd(type, listener, options);
  }) as typeof document.addEventListener;
  bootPrerendered([], entry, INTENT_EVENTS);
}

describe('the boot script of a pre-rendered screen', () => {
  it('holds a submit until the app owns the page, and names the form for the app', async () => {
    const { root, form } = page();
    boot('/app/assets/missing.js');
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(root.dataset.submitPending).toBe('user-login');

    // The app has taken the page over: submits are the app's.
    delete root.dataset.prerendered;
    delete root.dataset.submitPending;
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(root.dataset.submitPending).toBeUndefined();
    await startFailed(); // the submit was a gesture: its (failing) start ends within this test
  });

  it('marks a button clicked before the app runs, the last one only', async () => {
    const { root } = page();
    boot('/app/assets/missing.js');
    root.querySelector<HTMLElement>('#forgot span')!.click();
    expect(root.querySelector('[data-click-pending]')?.id).toBe('forgot');
    root.querySelector<HTMLElement>('button[type="submit"]')!.click();
    expect(root.querySelector('#forgot')!.hasAttribute('data-click-pending')).toBe(true);
    delete root.dataset.prerendered;
    root.querySelector('#forgot')!.removeAttribute('data-click-pending');
    root.querySelector<HTMLElement>('#forgot')!.click();
    expect(root.querySelector('[data-click-pending]')).toBeNull();
    await startFailed();
  });

  it('holds a click on a link to another screen of the app for the app to follow in place (issue 32 #12)', async () => {
    const { root } = page();
    root.insertAdjacentHTML('beforeend', '<a id="reg" href="/user/reg">register</a><a id="home" href="/">site</a>');
    boot('/app/assets/missing.js');
    const click = () => new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    const toApp = click();
    root.querySelector('#reg')!.dispatchEvent(toApp);
    // Followed by the browser it would load the app's page anew, its loading overlay again.
    expect(toApp.defaultPrevented).toBe(true);
    expect(root.querySelector('[data-click-pending]')?.id).toBe('reg');
    const toSite = click();
    root.querySelector('#home')!.dispatchEvent(toSite); // the public site: the browser's
    expect(toSite.defaultPrevented).toBe(false); // a click is no gesture that starts the app: nothing runs on
  });

  it('runs the app on the first gesture only, and says so when its files cannot be downloaded', async () => {
    const { form, note } = page();
    boot('/app/assets/missing.js');
    await settle();
    expect(note.hidden).toBe(true);
    form.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await startFailed();
    expect(note.hidden).toBe(false);
  });
});
