/**
 * Recovery from a missing chunk: after a deploy removes the old files, a tab opened before it fails
 * to load a lazy page ("Failed to fetch dynamically imported module"). Reloading the page once gets
 * the new build. Guarded by session storage so it never loops: at most one automatic reload a minute
 * per tab; offline (the files are not missing, the network is) it does not reload at all.
 */
import { browser } from './browser';
import { CHUNK_RELOAD } from './storage-keys';

const ONCE_PER_MS = 60_000;

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload|ChunkLoadError|Loading chunk/i;

export function isChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return CHUNK_ERROR.test(text);
}

/** Reloads the page when `error` is a missing chunk and no such reload happened in the last minute;
 * true when it reloads (the caller shows nothing more). */
export function reloadOnceForChunk(error: unknown, now: number = Date.now()): boolean {
  if (!isChunkError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false)) return false;
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD) ?? 0);
    if (last && now - last < ONCE_PER_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD, String(now));
  } catch {
    return false; // no session storage: never reload automatically
  }
  browser.reload();
  return true;
}
