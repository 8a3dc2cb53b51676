/**
 * A `fetch`-compatible function built on XMLHttpRequest, for request bodies whose upload progress
 * must be shown (fetch cannot report it). `onProgress` receives whole percents 0…100.
 * Honours `init.signal` (abort), `method`, `headers`, `body` and `credentials`.
 */
export type ProgressHandler = (percent: number) => void;

export function xhrFetch(onProgress: ProgressHandler): typeof fetch {
  return (input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      xhr.open((init.method ?? 'GET').toUpperCase(), url, true);
      xhr.withCredentials = init.credentials === 'include';
      const headers = new Headers(init.headers);
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        onProgress(100);
        const responseHeaders = new Headers();
        xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)
          .filter(Boolean)
          .forEach((line) => {
            const at = line.indexOf(':');
            if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
          });
        // Status 0 cannot build a Response: treat it as a network failure.
        if (xhr.status === 0) {
          reject(new TypeError('Network request failed'));
          return;
        }
        resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      const signal = init.signal;
      if (signal) {
        if (signal.aborted) {
          reject(new DOMException('aborted', 'AbortError'));
          return;
        }
        signal.addEventListener('abort', () => {
          xhr.abort();
          reject(new DOMException('aborted', 'AbortError'));
        });
      }
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
