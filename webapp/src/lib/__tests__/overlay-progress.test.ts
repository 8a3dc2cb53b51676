import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLoadingOverlay, OVERLAY_BODY_CLASS } from '../overlay';
import { createProgressBar } from '../progress';

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="app-loading" role="status" aria-live="polite">Loading</div><div id="root"></div>';
  document.body.className = OVERLAY_BODY_CLASS;
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.body.className = '';
});

describe('loading overlay (SPEC §2, §9)', () => {
  it('is removed 500 ms after navigation ends, then cleaned up 300 ms later', () => {
    const overlay = createLoadingOverlay(document);
    overlay.show();
    overlay.hide();
    vi.advanceTimersByTime(499);
    expect(document.getElementById('app-loading')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('app-loading')).toBeNull();
    expect(document.body.classList.contains(OVERLAY_BODY_CLASS)).toBe(true);
    // a leftover copy (e.g. re-inserted by an extension or a second render) goes in the clean-up
    document.body.insertAdjacentHTML('beforeend', '<div class="app-loading"></div>');
    vi.advanceTimersByTime(299);
    expect(document.body.classList.contains(OVERLAY_BODY_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.body.classList.contains(OVERLAY_BODY_CLASS)).toBe(false);
    expect(document.querySelector('.app-loading')).toBeNull();
  });

  it('is shown only once, on the first navigation', () => {
    document.body.innerHTML = '';
    document.body.className = '';
    const overlay = createLoadingOverlay(document);
    overlay.show();
    expect(document.getElementById('app-loading')).not.toBeNull();
    expect(document.getElementById('app-loading')?.getAttribute('role')).toBe('status');
    overlay.hide();
    vi.advanceTimersByTime(800);
    expect(document.getElementById('app-loading')).toBeNull();
    overlay.show();
    expect(document.getElementById('app-loading')).toBeNull();
    overlay.hide(); // nothing to hide: no timers, no errors
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('loading overlay language', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('shows no text before the app knows the language, never both languages', () => {
    const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
    const markup = new DOMParser().parseFromString(html, 'text/html').getElementById('app-loading')!;
    expect(markup.textContent!.trim()).toBe('');
    expect(markup.getAttribute('aria-label')).toBeNull();
  });

  it('says "loading" in the language of the page only', () => {
    // index.html's markup, written before any script knows the language.
    document.body.innerHTML =
      '<div id="app-loading" role="status"><div class="app-loading-spinner"></div><div class="app-loading-label"></div></div>';
    document.documentElement.lang = 'en';
    createLoadingOverlay(document).show();
    const overlay = document.getElementById('app-loading')!;
    expect(overlay.textContent).toBe('Loading…');
    expect(overlay.getAttribute('aria-label')).toBe('Loading…');

    document.body.innerHTML = '';
    document.documentElement.lang = 'zh-CN';
    createLoadingOverlay(document).show();
    expect(document.getElementById('app-loading')!.textContent).toBe('加载中…');
  });
});

describe('progress bar', () => {
  it('appears on start, trickles and goes after done', () => {
    const bar = createProgressBar(document, { fadeMs: 200, trickleMs: 100 });
    expect(document.getElementById('nprogress')).toBeNull();
    bar.start();
    const el = document.getElementById('nprogress')!;
    expect(el).not.toBeNull();
    expect(el.dataset.testid).toBe('progress-bar');
    expect(el.getAttribute('role')).toBe('progressbar');
    expect(el.querySelector('.spinner')).toBeNull();
    const first = Number(el.getAttribute('aria-valuenow'));
    vi.advanceTimersByTime(300);
    expect(Number(el.getAttribute('aria-valuenow'))).toBeGreaterThan(first);
    bar.done();
    expect(el.getAttribute('aria-valuenow')).toBe('100');
    vi.advanceTimersByTime(199);
    expect(document.getElementById('nprogress')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('nprogress')).toBeNull();
    expect(bar.isStarted()).toBe(false);
  });

  it('a new start during the fade keeps one bar', () => {
    const bar = createProgressBar(document, { fadeMs: 200 });
    bar.start();
    bar.done();
    bar.start();
    vi.advanceTimersByTime(500);
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
    bar.done();
    vi.advanceTimersByTime(250);
    expect(document.querySelectorAll('#nprogress')).toHaveLength(0);
  });
});
