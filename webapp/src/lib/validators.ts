/**
 * Validation rules of SPEC §5, plus antd form-rule builders with translated messages
 * (keys in the "general" namespace, section "validate").
 *
 * Decisions where SPEC is silent:
 * - Mobile: a mainland-China mobile number, 11 digits starting with 13–19.
 * - Name: a person's or display name, 1–30 characters of letters (any script), marks, digits,
 *   spaces and · ' . - (no markup characters).
 * - Upload: `maxsize` is in bytes, or a string with a unit ("10mb", "512kb"); 0 or empty means the
 *   server has not set a limit, so the size check is skipped. An empty `mimetype` list allows all.
 */

import { translated } from './translated-text';

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const MOBILE = /^1[3-9]\d{9}$/;
const ACCOUNT = /^[A-Za-z][A-Za-z0-9_]{2,14}$/;
const PASSWORD = /^[^&<>"'\r\n]{6,32}$/;
const NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ·'.-]{0,29}$/u;
const FLOAT = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MONEY = /^-?\d+(\.\d{1,2})?$/;
const EXTERNAL = /^(https?:|ftp:|mailto:|tel:)/i;

export const isMobile = (value: string): boolean => MOBILE.test(value);
export const isAccount = (value: string): boolean => ACCOUNT.test(value);
export const isPassword = (value: string): boolean => PASSWORD.test(value);
export const isName = (value: string): boolean => NAME.test(value.trim()) && value.trim().length <= 30;
export const isFloat = (value: string): boolean => FLOAT.test(value);
/** An amount of money in yuan: at most two decimals, may be negative (an adjustment). */
/** A config item's name: a letter or underscore, then letters, digits, underscores. */
export const isVarName = (value: string): boolean => VAR_NAME.test(value);
export const isMoney = (value: string): boolean => MONEY.test(value);
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
/** http(s), ftp, mailto and tel links are external (SPEC §5). */
export const isExternal = (path: string): boolean => EXTERNAL.test(path);

export type ValidatorName = 'mobile' | 'account' | 'password' | 'name' | 'email' | 'float' | 'money' | 'varName';

const CHECKS: Record<ValidatorName, (v: string) => boolean> = {
  mobile: isMobile,
  account: isAccount,
  password: isPassword,
  name: isName,
  email: isEmail,
  float: isFloat,
  money: isMoney,
  varName: isVarName,
};

/** The message key of a failed validator. */
export const VALIDATOR_MESSAGE: Record<ValidatorName, string> = {
  mobile: 'general:validate.mobile',
  account: 'general:validate.account',
  password: 'general:validate.password',
  name: 'general:validate.name',
  email: 'general:validate.email',
  float: 'general:validate.float',
  money: 'general:validate.money',
  varName: 'general:validate.varName',
};

/** Returns the translated error message, or null when the value passes (empty passes: use `required`). */
export function validate(name: ValidatorName, value: unknown, t: Translate): string | null {
  if (value === undefined || value === null || value === '') return null;
  return CHECKS[name](String(value)) ? null : t(VALIDATOR_MESSAGE[name]);
}

/** An antd Form rule for one validator (the app's one form system: antd Form with these rules). The
 * shown message is an element that follows the language; the validator rejects with the text. */
export function ruleFor(name: ValidatorName, t: Translate) {
  const test = check(name, t);
  return {
    message: translated(VALIDATOR_MESSAGE[name]),
    validator: (_rule: unknown, value: unknown) => {
      const message = value === undefined || value === null ? null : test(String(value));
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** Required; `text` (the default) also refuses a value of only spaces — off for numbers, lists, dates. */
export function requiredRule(t: Translate, field?: string, text = true) {
  return {
    required: true,
    ...(text ? { whitespace: true } : {}),
    message: field ? t('general:validate.requiredField', { field }) : t('general:validate.required'),
  };
}

// ---------------------------------------------------------------------------------------------
// Upload pre-checks (SPEC §5)

export interface UploadFileLike {
  name?: string;
  size?: number;
  type?: string;
}

export interface UploadLimits {
  /** Comma-separated: extensions with or without a dot, mime types, type/*, or '*'. */
  mimetype?: string;
  maxsize?: number | string;
}

export type UploadError = 'incomplete' | 'typeNotAllowed' | 'tooLarge';

export const UPLOAD_ERROR_MESSAGE: Record<UploadError, string> = {
  incomplete: 'general:upload.incomplete',
  typeNotAllowed: 'general:upload.typeNotAllowed',
  tooLarge: 'general:upload.tooLarge',
};

const UNITS: Record<string, number> = { b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

export function parseSize(size: number | string | undefined): number {
  if (size === undefined || size === '') return 0;
  if (typeof size === 'number') return size;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(size);
  if (!m) return 0;
  const unit = UNITS[m[2].toLowerCase() || 'b'];
  return unit ? Math.round(Number(m[1]) * unit) : 0;
}

export function isTypeAllowed(file: UploadFileLike, mimetype: string | undefined): boolean {
  const allowed = (mimetype ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (allowed.length === 0 || allowed.includes('*')) return true;
  const name = (file.name ?? '').toLowerCase();
  const dot = name.lastIndexOf('.');
  const suffix = dot >= 0 ? name.slice(dot + 1) : '';
  const type = (file.type ?? '').toLowerCase();
  return allowed.some((entry) => {
    if (entry.includes('/')) {
      if (entry.endsWith('/*')) return type !== '' && type.startsWith(entry.slice(0, -1));
      return entry === type;
    }
    const ext = entry.startsWith('.') ? entry.slice(1) : entry;
    return ext !== '' && ext === suffix;
  });
}

/** Checks a file before upload; returns the failing rule or null. */
export function checkUploadFile(file: UploadFileLike, limits: UploadLimits): UploadError | null {
  if (!file || !file.name || typeof file.size !== 'number' || Number.isNaN(file.size)) return 'incomplete';
  if (!isTypeAllowed(file, limits.mimetype)) return 'typeNotAllowed';
  const max = parseSize(limits.maxsize);
  if (max > 0 && file.size > max) return 'tooLarge';
  return null;
}

/** Same as checkUploadFile, with the translated message. */
export function uploadFileMessage(file: UploadFileLike, limits: UploadLimits, t: Translate): string | null {
  const error = checkUploadFile(file, limits);
  return error ? t(UPLOAD_ERROR_MESSAGE[error]) : null;
}

// ---------------------------------------------------------------------------------------------
// The same checks as plain functions of the value, giving the message or null (ruleFor wraps them).

export function requiredCheck(t: Translate, field?: string) {
  return (value: string): string | null =>
    value.trim() ? null : field ? t('general:validate.requiredField', { field }) : t('general:validate.required');
}

export function check(name: ValidatorName, t: Translate) {
  return (value: string): string | null => validate(name, value, t);
}
