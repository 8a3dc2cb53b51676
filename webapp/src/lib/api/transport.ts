/**
 * How the request of a generated SDK function (src/lib/api/generated) is sent by request.ts: the SDK
 * hands its `client` a {url, path, query, body, parseAs} request; `sdkClient(send)` turns it into a
 * request.ts config (the OpenAPI's "/srv" prefix dropped — request.ts adds its own apiUrl) and sends it.
 * src/lib/api/client.ts builds the app's `call` on it; request.ts sends its own token refresh
 * (commonRefreshToken) through it, so no request of the app names its URL by hand.
 */
import type { Client } from './generated/client';
import type { Method, RequestConfig } from '../request';

/** The URL prefix the OpenAPI document gives every path (request.ts adds its own apiUrl). */
export const OPENAPI_PREFIX = '/srv';

interface SdkRequest {
  url: string;
  /** Values of the URL's `{name}` parameters. */
  path?: Record<string, unknown>;
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  bodySerializer?: ((body: unknown) => unknown) | null;
  headers?: Record<string, unknown>;
  /** 'blob': the answer is a file (request.ts's responseType 'blob'). */
  parseAs?: string;
}

function passHeaders(headers: SdkRequest['headers']): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // request.ts sets the Content-Type of the body it sends.
    if (name.toLowerCase() === 'content-type' || value === null || value === undefined) continue;
    out[name] = String(value);
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The URL with its `{name}` parameters filled in. A value may itself be a path (the rule path
 * `business/news` of a designed table, `/admin/{path}/index`): each of its segments is encoded and the
 * slashes stay, so the URL is `/admin/business/news/index`, never `business%2Fnews`. An empty, `.` or
 * `..` segment is refused: it would change which route the URL reaches.
 */
export function fillPath(url: string, path: Record<string, unknown> = {}): string {
  return url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} of ${url}`);
    const segments = String(value).split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new Error(`Invalid path parameter ${name}: ${String(value)}`);
    return segments.map(encodeURIComponent).join('/');
  });
}

/** The SDK request of a generated function as the request.ts config it is sent with. */
export function toRequestConfig(method: Method, req: SdkRequest): RequestConfig {
  const filled = fillPath(req.url, req.path);
  const url = filled.startsWith(`${OPENAPI_PREFIX}/`) ? filled.slice(OPENAPI_PREFIX.length) : filled;
  const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
  const data = req.body !== undefined && req.bodySerializer && !isForm ? req.bodySerializer(req.body) : req.body;
  const headers = passHeaders(req.headers);
  return {
    url,
    method,
    ...(req.query ? { params: req.query } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(headers ? { headers } : {}),
    ...(req.parseAs === 'blob' ? { responseType: 'blob' as const } : {}),
  };
}

/** A generated-client stand-in whose every method hands its request, as a request.ts config, to `send`. */
export function sdkClient(send: (config: RequestConfig) => Promise<unknown>): Client {
  const as = (method: Method) => (req: SdkRequest) => send(toRequestConfig(method, req));
  return {
    get: as('GET'),
    post: as('POST'),
    put: as('PUT'),
    patch: as('PATCH'),
    delete: as('DELETE'),
    request: (req: SdkRequest) => as(((req.method ?? 'GET').toUpperCase() as Method) || 'GET')(req),
  } as unknown as Client;
}
