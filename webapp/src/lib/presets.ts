/**
 * Validation presets of designed tables' text fields (issue 36 item 3): the browser's copy of the
 * server's checks (functions/services/presets.py). Both run the cases of
 * `__tests__/preset-cases.json`, so a value passes in the form exactly when the API takes it.
 * An empty value passes every preset (`required` is the field's own setting).
 */

export const PRESET_NAMES = [
  'mobile',
  'email',
  'url',
  'idcard',
  'postcode',
  'integer',
  'number',
  'letters',
  'alnum',
  'chinese',
  'date',
] as const;

export type PresetName = (typeof PRESET_NAMES)[number];

const PATTERNS: Partial<Record<PresetName, RegExp>> = {
  mobile: /^1[3-9][0-9]{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  url: /^https?:\/\/[^\s/?#]+[^\s]*$/,
  postcode: /^[0-9]{6}$/,
  integer: /^-?[0-9]+$/,
  number: /^-?[0-9]+(\.[0-9]+)?$/,
  letters: /^[A-Za-z]+$/,
  alnum: /^[A-Za-z0-9]+$/,
  chinese: /^[\u4e00-\u9fff]+$/,
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Whether year-month-day (as digits) is a day of the calendar. */
function isDay(year: string, month: string, day: string): boolean {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An 18-character resident identity number (GB 11643): a real birth date and the check digit. */
function isIdCard(value: string): boolean {
  if (!/^[1-9][0-9]{16}[0-9X]$/.test(value)) return false;
  if (!isDay(value.slice(6, 10), value.slice(10, 12), value.slice(12, 14))) return false;
  const total = ID_WEIGHTS.reduce((sum, weight, at) => sum + Number(value[at]) * weight, 0);
  return ID_CHECK[total % 11] === value[17];
}

function isDate(value: string): boolean {
  const found = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  return found !== null && isDay(found[1], found[2], found[3]);
}

/** Whether `value` passes the preset `name` (an empty value passes). */
export function passesPreset(name: PresetName, value: string): boolean {
  if (value === '') return true;
  if (name === 'idcard') return isIdCard(value);
  if (name === 'date') return isDate(value);
  return PATTERNS[name]?.test(value) ?? false;
}

/** The message key of a failed preset when the designer gave none ("general" namespace). */
export const presetMessageKey = (name: PresetName): string => `general:validate.preset.${name}`;
