/**
 * A tiny NProgress-like top progress bar (SPEC §2: starts on every navigation, spinner hidden).
 * The element is `<div id="nprogress" data-testid="progress-bar" role="progressbar">`; it exists
 * only while a navigation runs and is removed shortly after done().
 */
export interface ProgressBar {
  start(): void;
  done(): void;
  isStarted(): boolean;
}

const STYLE_ID = 'nprogress-style';
const CSS = `#nprogress{pointer-events:none;position:fixed;top:0;left:0;right:0;height:3px;z-index:10000}
#nprogress .bar{height:100%;width:100%;background:var(--progress-color,#1677ff);transform:translate3d(-100%,0,0);transition:transform .2s ease,opacity .2s ease}
#nprogress.is-done .bar{opacity:0}`;

export function createProgressBar(doc: Document = document, options: { fadeMs?: number; trickleMs?: number } = {}): ProgressBar {
  const fadeMs = options.fadeMs ?? 250;
  const trickleMs = options.trickleMs ?? 200;
  let el: HTMLDivElement | null = null;
  let value = 0;
  let trickle: ReturnType<typeof setInterval> | null = null;
  let removal: ReturnType<typeof setTimeout> | null = null;

  const render = () => {
    if (!el) return;
    const bar = el.firstElementChild as HTMLElement;
    bar.style.transform = `translate3d(${(-1 + value) * 100}%,0,0)`;
    el.setAttribute('aria-valuenow', String(Math.round(value * 100)));
  };
  const stopTimers = () => {
    if (trickle) clearInterval(trickle);
    if (removal) clearTimeout(removal);
    trickle = null;
    removal = null;
  };

  return {
    start() {
      stopTimers();
      if (!doc.getElementById(STYLE_ID)) {
        const style = doc.createElement('style');
        style.id = STYLE_ID;
        style.textContent = CSS;
        doc.head.appendChild(style);
      }
      if (!el || !el.isConnected) {
        el = doc.createElement('div');
        el.id = 'nprogress';
        el.dataset.testid = 'progress-bar';
        el.setAttribute('role', 'progressbar');
        el.setAttribute('aria-valuemin', '0');
        el.setAttribute('aria-valuemax', '100');
        el.setAttribute('aria-label', 'Loading');
        el.innerHTML = '<div class="bar"></div>';
        doc.body.appendChild(el);
        value = 0.08;
      }
      el.classList.remove('is-done');
      render();
      trickle = setInterval(() => {
        value = Math.min(0.95, value + (1 - value) * 0.1);
        render();
      }, trickleMs);
    },
    done() {
      if (!el) return;
      stopTimers();
      value = 1;
      render();
      el.classList.add('is-done');
      const current = el;
      removal = setTimeout(() => {
        current.remove();
        if (el === current) el = null;
        removal = null;
      }, fadeMs);
    },
    isStarted() {
      return el !== null && trickle !== null;
    },
  };
}
