/**
 * The generated API client (src/lib/api/generated, `npm run gen:api`) on top of the request client
 * (src/lib/request.ts, SPEC §7/§8). Every call of the app names its operation through a generated SDK
 * function — so the URL, method, query and body are those of the OpenAPI and the response type is the
 * generated one — and is sent by request.ts, the one transport: timeout, duplicate cancellation,
 * token headers, the 409 refresh queue, 302 redirects and the status messages apply unchanged.
 *
 *   const res = await call(sdk.accountOverview, {});                          // GET /api/account/overview
 *   await call(sdk.accountChangePassword, { body }, { showSuccessMessage: true });
 *
 * How: the SDK functions accept a `client`; `call` passes one whose get/post/… hand the SDK's
 * {url, query, body} to request.ts (the SDK's "/srv" URL prefix is dropped: request.ts adds its own
 * apiUrl, which stays overridable). A body serializer the SDK names (multipart uploads) is applied;
 * JSON bodies are left to request.ts.
 */
import type { Client } from './generated/client';
import { api, type ApiResponse, type Method, type RequestClient, type RequestOptions } from '../request';

/** The URL prefix the OpenAPI document gives every path (request.ts adds its own apiUrl). */
export const OPENAPI_PREFIX = '/srv';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any SDK function of the generated client
export type SdkFn = (options: any) => unknown;

/** The options of an SDK function without the transport fields `call` supplies. */
export type SdkArgs<F extends SdkFn> = Omit<NonNullable<Parameters<F>[0]>, 'client'>;

/** The response body (envelope) of an SDK function, as generated from the OpenAPI. */
export type SdkEnvelope<F extends SdkFn> = NonNullable<Awaited<ReturnType<F>> extends { data?: infer D } ? D : never>;

/** The `data` of the envelope of an SDK function. */
export type SdkData<F extends SdkFn> = SdkEnvelope<F> extends { data: infer D } ? D : unknown;

interface SdkRequest {
  url: string;
  /** Values of the URL's `{name}` parameters. */
  path?: Record<string, unknown>;
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  bodySerializer?: ((body: unknown) => unknown) | null;
  headers?: Record<string, unknown>;
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
export function toRequestConfig(method: Method, req: SdkRequest) {
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
  };
}

/** A generated-client stand-in whose every method sends through `transport` with `options`. */
function transportClient(transport: RequestClient, options: RequestOptions): Client {
  const send = (method: Method) => (req: SdkRequest) => transport.request(toRequestConfig(method, req), options);
  return {
    get: send('GET'),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
    request: (req: SdkRequest) => send(((req.method ?? 'GET').toUpperCase() as Method) || 'GET')(req),
  } as unknown as Client;
}

/**
 * Send the operation of a generated SDK function through request.ts. `args` are the SDK function's
 * options (body, query); `options` request.ts's (messages, duplicate cancellation, timeout, upload
 * progress); `transport` the request client (the app's by default; tests pass their own).
 */
export function call<F extends SdkFn, T = SdkData<F>>(
  fn: F,
  args: SdkArgs<F> = {} as SdkArgs<F>,
  options: RequestOptions = {},
  transport: RequestClient = api,
): Promise<ApiResponse<T>> {
  return fn({ ...args, client: transportClient(transport, options) }) as Promise<ApiResponse<T>>;
}

/** The generated SDK functions, one per operation id. */
export * as sdk from './generated/sdk.gen';
