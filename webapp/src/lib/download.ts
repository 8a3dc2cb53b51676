/**
 * Downloads a file the API answers (e.g. a design exported as code): fetched through the one request
 * client (tokens, language, error messages as every call), then saved under `filename`.
 */
import { api } from './request';

export async function downloadFile(url: string, filename: string): Promise<void> {
  const blob = (await api.request({ url, method: 'GET', responseType: 'blob' }, { cancelDuplicateRequest: false })) as unknown;
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
