import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../browser';
import { isChunkError, reloadOnceForChunk } from '../chunk-reload';

const missing = new TypeError('Failed to fetch dynamically imported module: https://x/app/assets/page-abc.js');

afterEach(() => sessionStorage.clear());

describe('reload once for a missing chunk', () => {
  it('knows a missing chunk from other errors', () => {
    expect(isChunkError(missing)).toBe(true);
    expect(isChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within a minute (no loop), and again later', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    expect(reloadOnceForChunk(missing, 1_000_000)).toBe(true);
    expect(reloadOnceForChunk(missing, 1_010_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk(missing, 1_100_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for other errors or while offline', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    expect(reloadOnceForChunk(new Error('boom'))).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadOnceForChunk(missing)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
