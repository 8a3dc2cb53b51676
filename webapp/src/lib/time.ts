/** Date-time display (SPEC §9): a 10-digit timestamp is seconds; default format YYYY-MM-DD HH:mm:ss. */
import dayjs from './dayjs-locale';

export const DEFAULT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The company's clock (functions/core/clock.py): the charts' days and "today" are counted in it. */
export const COMPANY_TIME_ZONE = 'Asia/Shanghai';

/**
 * Today's date written out in full in `lang`: where the browser is (`local`), and in the company's time zone
 * (`company`, the day the charts and "today" counts end on); the two differ only away from China time.
 */
export function todayDates(lang: string, now = new Date()): { local: string; company: string } {
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  return {
    local: new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(now),
    company: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: COMPANY_TIME_ZONE }).format(now),
  };
}

/** Milliseconds for a timestamp given in seconds (10 digits) or milliseconds. */
export function toMilliseconds(value: number | string): number {
  const text = String(value).trim();
  const n = Number(text);
  return /^\d{10}$/.test(text) ? n * 1000 : n;
}

/** Formats a timestamp, date string or Date; empty or invalid input gives "-". */
export function timeFormat(value: number | string | Date | null | undefined, format: string = DEFAULT_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return '-';
  const input = value instanceof Date ? value : /^\d+$/.test(String(value).trim()) ? toMilliseconds(value) : value;
  const d = dayjs(input);
  return d.isValid() ? d.format(format) : '-';
}
