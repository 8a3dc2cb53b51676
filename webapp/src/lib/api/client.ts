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
 * How: the SDK functions accept a `client`; `call` passes one (./transport.ts) whose get/post/… hand the
 * SDK's {url, query, body} to request.ts (the SDK's "/srv" URL prefix is dropped: request.ts adds its own
 * apiUrl, which stays overridable). A body serializer the SDK names (multipart uploads) is applied;
 * JSON bodies are left to request.ts; `parseAs: 'blob'` asks for a file (see lib/download.ts).
 */
import { api, type ApiResponse, type RequestClient, type RequestOptions } from '../request';
import { sdkClient } from './transport';

export { fillPath, OPENAPI_PREFIX, toRequestConfig } from './transport';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any SDK function of the generated client
export type SdkFn = (options: any) => unknown;

/** The options of an SDK function without the transport fields `call` supplies. */
export type SdkArgs<F extends SdkFn> = Omit<NonNullable<Parameters<F>[0]>, 'client'>;

/** The response body (envelope) of an SDK function, as generated from the OpenAPI. */
export type SdkEnvelope<F extends SdkFn> = NonNullable<Awaited<ReturnType<F>> extends { data?: infer D } ? D : never>;

/** The `data` of the envelope of an SDK function. */
export type SdkData<F extends SdkFn> = SdkEnvelope<F> extends { data: infer D } ? D : unknown;

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
  return fn({ ...args, client: sdkClient((config) => transport.request(config, options)) }) as Promise<ApiResponse<T>>;
}

/** The generated SDK functions, one per operation id. */
export * as sdk from './generated/sdk.gen';
