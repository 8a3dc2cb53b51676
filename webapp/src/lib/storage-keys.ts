/**
 * Fixed local-storage key names (SPEC §3 "Storage keys"). Never rename a key without a migration:
 * users would silently lose their login or settings.
 */
export const ADMIN_INFO = 'cityops.adminInfo';
export const LAYOUT_CONFIG = 'cityops.layoutConfig';
export const TAB_VIEW_CONFIG = 'cityops.tabViewConfig';
export const TERMINAL_CONFIG = 'cityops.terminalConfig';
export const USER_INFO = 'cityops.userInfo';
export const SAVED_ACCOUNT = 'cityops.savedAccount';
/** The chosen interface language (zh-cn | en). */
export const LANGUAGE = 'cityops.lang';

/** Session storage: when the page last reloaded itself to recover from a missing chunk (lib/chunk-reload). */
export const CHUNK_RELOAD = 'cityops.chunkReload';

export const STORAGE_KEYS = {
  ADMIN_INFO,
  LAYOUT_CONFIG,
  TAB_VIEW_CONFIG,
  TERMINAL_CONFIG,
  USER_INFO,
  SAVED_ACCOUNT,
  LANGUAGE,
} as const;
