/**
 * The request client (SPEC §7, §8; DESIGN §3). Every call of the app goes through it.
 *
 * Rules, in the order they apply:
 * 1. URL = apiUrl ("/srv", overridable) + path; `params` become the query string.
 * 2. Headers: `think-lang` and `Accept-Language` carry the current language; `batoken` carries the
 *    admin token when the page is in the admin area (isAdminApp); `ba-user-token` carries the
 *    member token whenever one is stored.
 * 3. A duplicate identical request (same method + url + params + data) cancels the earlier one; the
 *    cancellation is only logged ('Automatic cancellation due to duplicate request') and the
 *    earlier promise rejects with kind 'canceled' — no message is shown.
 * 4. 10 s timeout → 'Network request timeout!'.
 * 5. Transport failure → 'Server exception!', or 'You are disconnected!' when navigator.onLine is
 *    false.
 * 6. HTTP status other than 2xx → the SPEC §8 message of that status (404 adds the url).
 * 7. Body code 1 → success; with showSuccessMessage the server msg or 'Operation successful'.
 * 8. Body code 409 → POST /api/common/refreshToken {refresh_token} (the generated client's
 *    commonRefreshToken, sent by this client itself); calls made meanwhile wait in a queue; then every waiting call is replayed with the new token (data.token, stored as the admin
 *    or member token by data.type "admin-refresh" / "user-refresh"). If the refresh fails the token
 *    is removed and the app goes to the matching login page (adminLogin / userLogin) — or, when
 *    that page is already open, the calls are replayed without a token.
 * 9. Body code 302 → show msg, drop the token, navigate by data.routeName or data.routePath.
 * 10. Any other body code → show the server msg and reject.
 * Messages are translated (general namespace, "request" section) and shown through an injectable
 * notifier (the app plugs in antd's message API).
 */
import { isAdminApp as defaultIsAdminApp } from './area';
import { adminSession, memberSession, type TokenKind } from './auth-tokens';
import { currentLanguage, t as defaultTranslate } from './i18n';
import { pathForRouteName, ROUTE_PATHS } from './routes';
import { appNotifier } from './notify';
import { xhrFetch } from './xhr-fetch';
import { commonRefreshToken } from './api/generated/sdk.gen';
import type { RefreshData } from './api/generated/types.gen';
import { sdkClient } from './api/transport';

export interface ApiResponse<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestConfig {
  /** Path after apiUrl, e.g. "/api/user/index". An absolute http(s) URL is used as is. */
  url: string;
  method?: Method;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  /** 'blob': a successful answer that is not JSON (a file download) resolves to its Blob. */
  responseType?: 'json' | 'blob';
}

export interface RequestOptions {
  /** Cancel an earlier identical request still running (default true). */
  cancelDuplicateRequest?: boolean;
  /** Show HTTP, network and timeout errors (default true). */
  showErrorMessage?: boolean;
  /** Show the server msg when the body code is not 1 (default true). */
  showCodeMessage?: boolean;
  /** Show the server msg (or 'Operation successful') on code 1 (default false). */
  showSuccessMessage?: boolean;
  /** Milliseconds; default the client's timeout (10 s). */
  timeout?: number;
  /** Upload progress of a FormData body, in percent (sent through XMLHttpRequest; see xhr-fetch). */
  onUploadProgress?: (percent: number) => void;
}

export type RequestErrorKind = 'canceled' | 'timeout' | 'network' | 'offline' | 'http' | 'code' | 'redirect' | 'refresh';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status?: number;
  readonly body?: ApiResponse;
  constructor(kind: RequestErrorKind, message: string, extra: { status?: number; body?: ApiResponse } = {}) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.status = extra.status;
    this.body = extra.body;
  }
}

export interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

export interface TokenStore {
  getToken(kind?: TokenKind): string;
  setToken(value: string, kind?: TokenKind): void;
  removeToken(kind?: TokenKind | 'all'): void;
}

export interface NavigateTarget {
  name?: string;
  path?: string;
}

export interface ClientDeps {
  apiUrl: string;
  timeout: number;
  notifier: Notifier;
  translate: (key: string, vars?: Record<string, unknown>) => string;
  language: () => string;
  isAdminApp: () => boolean;
  tokens: { admin: TokenStore; user: TokenStore };
  navigate: (to: NavigateTarget) => void;
  currentPath: () => string;
  logger: (message: string) => void;
  fetch: typeof fetch;
  isOnline: () => boolean;
}

export const DEFAULT_API_URL = '/srv';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DUPLICATE_CANCEL_LOG = 'Automatic cancellation due to duplicate request';

const STATUS_KEYS: Record<number, string> = {
  302: 'status302',
  400: 'status400',
  401: 'status401',
  403: 'status401',
  404: 'status404',
  408: 'status408',
  409: 'status409',
  500: 'status500',
  501: 'status501',
  502: 'status502',
  503: 'status503',
  504: 'status504',
  505: 'status505',
};

/** The translated SPEC §8 message of an HTTP status. */
export function statusMessage(status: number, url: string, translate: ClientDeps['translate']): string {
  const key = STATUS_KEYS[status] ?? 'statusOther';
  return translate(`general:request.${key}`, { url });
}

function defaultDeps(): ClientDeps {
  return {
    apiUrl: DEFAULT_API_URL,
    timeout: DEFAULT_TIMEOUT_MS,
    notifier: appNotifier,
    translate: defaultTranslate,
    language: currentLanguage,
    isAdminApp: () => defaultIsAdminApp(),
    tokens: { admin: adminSession, user: memberSession },
    navigate: (to) => {
      const path = (to.name && pathForRouteName(to.name)) || to.path;
      if (path) window.location.assign(path);
    },
    currentPath: () => window.location.pathname,
    logger: (m) => console.warn(m),
    fetch: (...args) => globalThis.fetch(...args),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  };
}

function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    // An array becomes key[]=a&key[]=b; a key that already ends in [] is not suffixed twice.
    if (Array.isArray(value)) value.forEach((v) => search.append(key.endsWith('[]') ? key : `${key}[]`, String(v)));
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type RefreshOutcome = 'ok' | 'replay-empty' | 'failed';

interface SendState {
  internal?: boolean;
  replayed?: boolean;
}

export interface RequestClient {
  request<T = unknown>(config: RequestConfig, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  configure(deps: Partial<ClientDeps>): void;
  /** Number of requests in flight (for tests and diagnostics). */
  pendingCount(): number;
  /** Calls `listener` with the URL after every write (POST, PUT, PATCH, DELETE) the server accepted
   * (body code 1): e.g. the header's publish indicator looks again, as a save may have started a
   * publish. Returns the unsubscribe function. */
  onWrite(listener: (url: string) => void): () => void;
}

export function createRequestClient(overrides: Partial<ClientDeps> = {}): RequestClient {
  const deps: ClientDeps = { ...defaultDeps(), ...overrides };
  const pending = new Map<string, AbortController>();
  let refreshing: Promise<RefreshOutcome> | null = null;
  let uniq = 0;
  const writeListeners = new Set<(url: string) => void>();

  const fullUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : `${deps.apiUrl}${url}`);

  function headersFor(config: RequestConfig): Record<string, string> {
    const lang = deps.language();
    const headers: Record<string, string> = { 'think-lang': lang, 'Accept-Language': lang, ...config.headers };
    if (deps.isAdminApp()) {
      const token = deps.tokens.admin.getToken('auth');
      if (token) headers.batoken = token;
    }
    const userToken = deps.tokens.user.getToken('auth');
    if (userToken) headers['ba-user-token'] = userToken;
    return headers;
  }

  function duplicateKey(method: string, url: string, config: RequestConfig): string {
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) return `form:${++uniq}`;
    return [method, url, JSON.stringify(config.params ?? null), JSON.stringify(config.data ?? null)].join('|');
  }

  function fail(kind: RequestErrorKind, message: string, show: boolean, extra: { status?: number; body?: ApiResponse } = {}): never {
    if (show && message) deps.notifier.error(message);
    throw new RequestError(kind, message, extra);
  }

  async function refresh(): Promise<RefreshOutcome> {
    const admin = deps.isAdminApp();
    const store = admin ? deps.tokens.admin : deps.tokens.user;
    const loginName = admin ? 'adminLogin' : 'userLogin';
    try {
      const refreshToken = store.getToken('refresh');
      if (!refreshToken) throw new Error('no refresh token');
      const client = sdkClient((config) =>
        send(config, { cancelDuplicateRequest: false, showErrorMessage: false, showCodeMessage: false }, { internal: true }),
      );
      const body = (await commonRefreshToken({ body: { refresh_token: refreshToken }, client })) as unknown as ApiResponse<
        Partial<RefreshData> & { refreshToken?: string }
      >;
      const data = body.data ?? {};
      if (!data.token) throw new Error('no token in refresh response');
      const target = data.type === 'admin-refresh' ? deps.tokens.admin : data.type === 'user-refresh' ? deps.tokens.user : store;
      target.setToken(data.token, 'auth');
      const rotated = data.refresh_token ?? data.refreshToken;
      if (rotated) target.setToken(rotated, 'refresh');
      return 'ok';
    } catch {
      store.removeToken('all');
      if (deps.currentPath() === ROUTE_PATHS[loginName]) return 'replay-empty';
      deps.navigate({ name: loginName });
      return 'failed';
    }
  }

  async function waitForRefresh(): Promise<void> {
    if (!refreshing) return;
    const outcome = await refreshing;
    if (outcome === 'failed') throw new RequestError('refresh', 'token refresh failed');
  }

  async function send<T>(config: RequestConfig, options: RequestOptions, state: SendState = {}): Promise<ApiResponse<T>> {
    const opts = { cancelDuplicateRequest: true, showErrorMessage: true, showCodeMessage: true, showSuccessMessage: false, ...options };
    // Rule 8: while a token refresh runs, every other call waits in the queue.
    if (!state.internal) await waitForRefresh();

    const method = (config.method ?? 'GET').toUpperCase() as Method;
    const url = fullUrl(config.url);
    const key = duplicateKey(method, url, config);
    if (opts.cancelDuplicateRequest) {
      const earlier = pending.get(key);
      if (earlier) earlier.abort('duplicate');
    }
    const controller = new AbortController();
    pending.set(key, controller);
    let reason: 'duplicate' | 'timeout' | null = null;
    controller.signal.addEventListener('abort', () => {
      reason = controller.signal.reason === 'timeout' ? 'timeout' : 'duplicate';
    });
    const timer = setTimeout(() => controller.abort('timeout'), opts.timeout ?? deps.timeout);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
    aborted.catch(() => undefined);

    const headers = headersFor(config);
    let body: BodyInit | undefined;
    if (config.data !== undefined && method !== 'GET') {
      if ((typeof FormData !== 'undefined' && config.data instanceof FormData) || typeof config.data === 'string') {
        body = config.data as BodyInit;
      } else {
        body = JSON.stringify(config.data);
        headers['Content-Type'] = 'application/json';
      }
    }
    const requestUrl = url + (method === 'GET' || config.params ? buildQuery(config.params) : '');

    let response: Response;
    let payload: unknown;
    try {
      response = await Promise.race([
        (opts.onUploadProgress && typeof FormData !== 'undefined' && body instanceof FormData
          ? xhrFetch(opts.onUploadProgress)
          : deps.fetch)(requestUrl, { method, headers, body, signal: controller.signal, credentials: 'same-origin', redirect: 'manual' }),
        aborted,
      ]);
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      if (config.responseType === 'blob' && response.ok && !isJson) {
        payload = await Promise.race([response.blob(), aborted]);
      } else {
        const text = await Promise.race([response.text(), aborted]);
        try {
          payload = text ? JSON.parse(text) : null;
        } catch {
          payload = text;
        }
      }
    } catch (error) {
      if (reason === 'duplicate') {
        deps.logger(DUPLICATE_CANCEL_LOG);
        throw new RequestError('canceled', DUPLICATE_CANCEL_LOG);
      }
      if (reason === 'timeout') fail('timeout', deps.translate('general:request.timeout'), opts.showErrorMessage);
      if (!deps.isOnline()) fail('offline', deps.translate('general:request.offline'), opts.showErrorMessage);
      void error;
      fail('network', deps.translate('general:request.serverException'), opts.showErrorMessage);
    } finally {
      clearTimeout(timer);
      if (pending.get(key) === controller) pending.delete(key);
    }

    // Rule 6: HTTP status. API calls never follow redirects: a browser reports a manual redirect
    // as an opaque response with status 0.
    const status = response.type === 'opaqueredirect' ? 302 : response.status;
    if (status < 200 || status >= 300) {
      fail('http', statusMessage(status, fullUrl(config.url), deps.translate), opts.showErrorMessage, {
        status,
        body: isEnvelope(payload) ? payload : undefined,
      });
    }
    if (!isEnvelope(payload)) return payload as ApiResponse<T>;

    const envelope = payload as ApiResponse<T>;
    if (envelope.code === 1) {
      if (opts.showSuccessMessage) deps.notifier.success(envelope.msg || deps.translate('general:request.operationSuccessful'));
      if (method !== 'GET' && !state.internal) writeListeners.forEach((listener) => listener(config.url));
      return envelope;
    }
    if (envelope.code === 409 && !state.internal && !state.replayed) {
      // A call sent with a token that another call's refresh has replaced since: replay it with the
      // new token instead of refreshing a second time (its 409 came back after that refresh ended).
      const sentToken = deps.isAdminApp() ? headers.batoken : headers['ba-user-token'];
      const store = deps.isAdminApp() ? deps.tokens.admin : deps.tokens.user;
      if (!refreshing && sentToken && store.getToken('auth') && store.getToken('auth') !== sentToken) {
        return send<T>(config, options, { replayed: true });
      }
      if (!refreshing) {
        refreshing = refresh().finally(() => {
          refreshing = null;
        });
      }
      const outcome = await refreshing;
      if (outcome === 'failed') throw new RequestError('refresh', envelope.msg || 'token refresh failed', { body: envelope });
      return send<T>(config, options, { replayed: true });
    }
    if (envelope.code === 302 && !state.internal) {
      const data = (envelope.data ?? {}) as { routeName?: string; routePath?: string };
      if (envelope.msg) deps.notifier.error(envelope.msg);
      const toAdmin = data.routeName === 'adminLogin' || (data.routeName !== 'userLogin' && deps.isAdminApp());
      (toAdmin ? deps.tokens.admin : deps.tokens.user).removeToken('all');
      if (data.routeName || data.routePath) deps.navigate({ name: data.routeName, path: data.routePath });
      throw new RequestError('redirect', envelope.msg, { body: envelope as ApiResponse });
    }
    fail('code', envelope.msg, opts.showCodeMessage, { body: envelope as ApiResponse });
  }

  return {
    request: (config, options = {}) => send(config, options),
    get: (url, params, options = {}) => send({ url, method: 'GET', params }, options),
    post: (url, data, options = {}) => send({ url, method: 'POST', data }, options),
    configure(partial) {
      Object.assign(deps, partial);
    },
    pendingCount: () => pending.size,
    onWrite(listener) {
      writeListeners.add(listener);
      return () => void writeListeners.delete(listener);
    },
  };
}

function isEnvelope(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/** The app-wide client. The app plugs in the antd notifier and the router's navigate at start-up. */
export const api = createRequestClient();
