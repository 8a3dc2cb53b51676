/**
 * The rules of the upload fields (image, images, file, files), kept pure for unit tests.
 *
 * - Value: one URL for image/file, a list of URLs for images/files ('' / [] when empty).
 * - Single fields hold one file (a new upload replaces it); multiple fields hold up to `limit`.
 * - Before sending: the SPEC §5 checks (name and size, allowed type, maximum size), then image
 *   fields take images only, then the count limit.
 * - The list shown: uploaded URLs as done items; images preview themselves, other files show the
 *   file-type icon of buildSuffixSvg.
 */
import type { UploadConfig } from '../../lib/site';
import { checkUploadFile, UPLOAD_ERROR_MESSAGE } from '../../lib/validators';

export type UploadKind = 'image' | 'images' | 'file' | 'files';

export interface ListItem {
  uid: string;
  name: string;
  status: 'done' | 'uploading' | 'error';
  url?: string;
  thumbUrl?: string;
  percent?: number;
}

const IMAGE_SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];

export const isMultiple = (kind: UploadKind): boolean => kind === 'images' || kind === 'files';
export const isImageKind = (kind: UploadKind): boolean => kind === 'image' || kind === 'images';

export function maxCount(kind: UploadKind, limit?: number): number {
  if (!isMultiple(kind)) return 1;
  return limit && limit > 0 ? limit : 0; // 0: no limit
}

export function suffixOf(name: string): string {
  const clean = name.split(/[?#]/)[0];
  const dot = clean.lastIndexOf('.');
  return dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
}

export function isImageName(name: string): boolean {
  return IMAGE_SUFFIXES.includes(suffixOf(name));
}

export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function valueToUrls(value: string | string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' && v !== '');
  if (typeof value === 'string' && value !== '') return value.split(',').filter(Boolean);
  return [];
}

export function urlsToValue(kind: UploadKind, urls: string[]): string | string[] {
  return isMultiple(kind) ? urls : (urls[urls.length - 1] ?? '');
}

/** A stored URL as the browser loads it: absolute URLs as they are, others on the CDN if one is set. */
export function fullUrl(url: string, cdnUrl = ''): string {
  if (!url || /^(https?:)?\/\//i.test(url) || url.startsWith('data:') || url.startsWith('blob:')) return url;
  return cdnUrl ? cdnUrl.replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`) : url;
}

export function toListItems(value: string | string[] | null | undefined, iconFor: (name: string) => string, cdnUrl = ''): ListItem[] {
  return valueToUrls(value).map((url, index) => {
    const name = fileNameOf(url);
    const href = fullUrl(url, cdnUrl);
    return { uid: `done-${index}-${url}`, name, status: 'done', url: href, thumbUrl: isImageName(name) ? href : iconFor(name) };
  });
}

/** The `accept` attribute of the file chooser. */
export function acceptFor(kind: UploadKind, mimetype: string | undefined): string | undefined {
  const items = (mimetype ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const list =
    items.length === 0 || items.includes('*') ? [] : items.map((item) => (item.includes('/') || item.startsWith('.') ? item : `.${item}`));
  if (isImageKind(kind)) {
    const images = list.filter((item) => item.startsWith('image/') || IMAGE_SUFFIXES.includes(item.replace(/^\./, '')));
    return (images.length ? images : ['image/*']).join(',');
  }
  return list.length ? list.join(',') : undefined;
}

export type RejectReason = 'incomplete' | 'typeNotAllowed' | 'tooLarge' | 'notImage' | 'tooMany';

export const REJECT_MESSAGE: Record<RejectReason, string> = {
  ...UPLOAD_ERROR_MESSAGE,
  notImage: 'general:upload.notImage',
  tooMany: 'general:upload.tooMany',
};

/** Why a file may not be sent, or null. `count`: files the field already holds (done or uploading). */
export function rejectReason(
  file: { name?: string; size?: number; type?: string },
  kind: UploadKind,
  config: Pick<UploadConfig, 'mimetype' | 'maxsize'>,
  count: number,
  limit?: number,
): RejectReason | null {
  const rule = checkUploadFile(file, { mimetype: config.mimetype, maxsize: config.maxsize });
  if (rule) return rule;
  if (isImageKind(kind) && !(file.type ?? '').startsWith('image/') && !isImageName(file.name ?? '')) return 'notImage';
  const max = maxCount(kind, limit);
  if (isMultiple(kind) && max > 0 && count >= max) return 'tooMany';
  return null;
}
