/**
 * Site config of SPEC §3 as far as the app shell needs it (the site name for page titles).
 * Loaded once from GET /api/index/index (DESIGN §3); until it answers, or when it has no name, the
 * translated default name is used.
 */
import { call, sdk } from './api/client';
import { api, type ApiResponse, type RequestClient } from './request';

/** SPEC §3 upload config (sent by GET /api/index/index as site.upload). */
export interface UploadConfig {
  mode: string;
  maxsize: number | string;
  mimetype: string;
  savename: string;
}

export interface SiteConfig {
  siteName: string;
  upload?: UploadConfig;
  recordNumber?: string;
  version?: string;
  cdnUrl?: string;
  apiUrl?: string;
}

type Listener = () => void;
let site: SiteConfig = { siteName: '' };
const listeners = new Set<Listener>();

export function getSiteConfig(): SiteConfig {
  return site;
}

export function setSiteConfig(next: Partial<SiteConfig>): void {
  site = { ...site, ...next, siteName: typeof next.siteName === 'string' ? next.siteName : site.siteName };
  listeners.forEach((l) => l());
}

export function subscribeSiteConfig(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetches the site config; failures are silent (the default name stays). */
export async function loadSiteConfig(client: RequestClient = api): Promise<SiteConfig> {
  try {
    const res = (await call(sdk.indexIndex, {}, { showErrorMessage: false, showCodeMessage: false }, client)) as ApiResponse<{
      site?: Partial<SiteConfig>;
    }>;
    if (res?.data?.site) setSiteConfig(res.data.site);
  } catch {
    // keep the default name
  }
  return site;
}
