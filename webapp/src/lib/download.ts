/**
 * Downloads a file the API answers (e.g. a design exported as code): the operation of a generated SDK
 * function, sent through the one request client (tokens, language, error messages as every call) and
 * answered as a Blob, then saved under `filename`.
 *
 *   await downloadFile(sdk.crudCrudExport, { query: { name } }, 'news.zip');
 */
import { call, type SdkArgs, type SdkFn } from './api/client';

export async function downloadFile<F extends SdkFn>(fn: F, args: SdkArgs<F>, filename: string): Promise<void> {
  const blob = (await call(fn, { ...args, parseAs: 'blob' }, { cancelDuplicateRequest: false })) as unknown;
  if (!(blob instanceof Blob)) return; // an envelope instead of a file: its message was shown
  saveBlob(blob, filename);
}

/** Saves `blob` as a download named `filename` (the browser's own save, no new window). */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
