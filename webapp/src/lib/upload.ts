/**
 * Uploading one file (SPEC §4 "Upload", §5, §7), shared by the member center and the back office.
 *
 * 1. The SPEC §5 pre-checks (validators.checkUploadFile) with the server's upload config (site
 *    config `upload`): a failing file is rejected with an UploadCheckError carrying the translated
 *    message; nothing is sent.
 * 2. mode "local" (default): POST {admin|api}/ajax/upload as multipart (file + topic) through the
 *    request client (tokens, language, 409 refresh, 302), with upload progress.
 * 3. Any other mode (remote): the file's SHA-1 is computed in the browser; POST …/Alioss/params
 *    {name, size, type, sha1, topic} gives a presigned POST (url + params incl. key) and a token;
 *    the form (key, the other params, then the file) goes straight to the bucket with progress;
 *    then POST …/Alioss/callback {url, name, size, type, sha1, topic, token} records the file.
 * The back office (isAdminApp) uses /admin/…, the member center /api/….
 * Uploads are allowed 2 minutes instead of the client's 10 s: a large file on a slow line takes
 * longer than a call.
 */
import { isAdminApp } from './area';
import { t as translate } from './i18n';
import { call, OPENAPI_PREFIX, sdk } from './api/client';
import type { AjaxBuildSuffixSvgData, UploadedFile as GeneratedUploadedFile } from './api/generated/types.gen';
import { api, type ApiResponse, type RequestClient } from './request';
import { getSiteConfig, type UploadConfig } from './site';
import { checkUploadFile, UPLOAD_ERROR_MESSAGE, type UploadError } from './validators';
import { xhrFetch } from './xhr-fetch';

export const UPLOAD_TIMEOUT_MS = 120_000;

/** What the upload routes answer about a stored file (the API's own shape). */
export type UploadedFile = GeneratedUploadedFile;

export interface UploadOptions {
  topic?: string;
  onProgress?: (percent: number) => void;
  /** Default: the site config's upload settings. */
  config?: Partial<UploadConfig>;
  /** Default: from the current location (back office or member center). */
  admin?: boolean;
  client?: RequestClient;
  fetchImpl?: typeof fetch;
}

export class UploadCheckError extends Error {
  readonly rule: UploadError;
  constructor(rule: UploadError, message: string) {
    super(message);
    this.name = 'UploadCheckError';
    this.rule = rule;
  }
}

export function uploadConfig(override?: Partial<UploadConfig>): UploadConfig {
  const site = getSiteConfig().upload;
  return { mode: 'local', maxsize: 0, mimetype: '', savename: '', ...site, ...override };
}

/** The SPEC §5 pre-check; throws UploadCheckError with the translated message. */
export function assertUploadable(file: { name?: string; size?: number; type?: string }, config: UploadConfig): void {
  const rule = checkUploadFile(file, { mimetype: config.mimetype, maxsize: config.maxsize });
  if (rule) throw new UploadCheckError(rule, translate(UPLOAD_ERROR_MESSAGE[rule]));
}

export async function sha1Hex(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = await crypto.subtle.digest('SHA-1', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Prepared {
  url: string;
  params: Record<string, string>;
  key: string;
  fileUrl: string;
  token: string;
}

export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const config = uploadConfig(options.config);
  assertUploadable(file, config);
  const client = options.client ?? api;
  const admin = options.admin ?? isAdminApp();
  const topic = options.topic ?? 'default';
  const progress = options.onProgress ?? (() => undefined);

  if ((config.mode || 'local') === 'local') {
    // Sent as multipart form data (topic, then the file under its own name).
    const res = (await call(
      admin ? sdk.adminAjaxUpload : sdk.ajaxUpload,
      { body: { topic, file } },
      { onUploadProgress: progress, timeout: UPLOAD_TIMEOUT_MS },
      client,
    )) as ApiResponse<{ file: UploadedFile }>;
    return res.data.file;
  }

  const sha1 = await sha1Hex(file);
  const meta = { name: file.name, size: file.size, type: file.type, sha1, topic };
  const prepared = ((await call(admin ? sdk.adminAliossParams : sdk.aliossParams, { body: meta }, {}, client)) as ApiResponse<Prepared>)
    .data;
  const form = new FormData();
  form.append('key', prepared.params.key ?? prepared.key);
  for (const [name, value] of Object.entries(prepared.params)) if (name !== 'key') form.append(name, value);
  form.append('file', file, file.name);
  // The file itself goes to the storage's presigned URL (not an API operation: no generated client).
  const post = options.fetchImpl ?? xhrFetch(progress);
  let stored: Response;
  try {
    stored = await post(prepared.url, { method: 'POST', body: form });
  } catch {
    throw new Error(translate('general:request.serverException'));
  }
  if (!stored.ok) throw new Error(translate('general:upload.remoteFailed'));
  const body = { ...meta, url: prepared.fileUrl, token: prepared.token };
  const res = (await call(admin ? sdk.adminAliossCallback : sdk.aliossCallback, { body }, {}, client)) as ApiResponse<{
    file: UploadedFile;
  }>;
  return res.data.file;
}

/** The icon operation's URL, checked against the generated client (tsc fails if the route goes). */
const SUFFIX_SVG_URL: AjaxBuildSuffixSvgData['url'] = '/srv/api/ajax/buildSuffixSvg';

/** The SVG icon of a file type (public API call, usable as <img src>). */
export function suffixIconUrl(name: string, apiUrl = getSiteConfig().apiUrl || '/srv'): string {
  const dot = name.lastIndexOf('.');
  const suffix = dot >= 0 ? name.slice(dot + 1) : 'file';
  return `${apiUrl}${SUFFIX_SVG_URL.slice(OPENAPI_PREFIX.length)}?suffix=${encodeURIComponent(suffix)}`;
}
