/** Dark/light theme (SPEC §4), persisted in the layout config (storage-keys LAYOUT_CONFIG). */
import { useMemo, useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';
import { LAYOUT_CONFIG } from './storage-keys';
import { readJson, writeJson } from './storage';

/** A colour for the light theme and one for the dark theme (SPEC §3 "menu colours in light/dark pairs"). */
export type ColorPair = [light: string, dark: string];

export interface LayoutConfig {
  layoutMode: 'Default' | 'Classic';
  isDark: boolean;
  menuWidth: number;
  menuCollapse: boolean;
  menuUniqueOpened: boolean;
  menuShowTopBar: boolean;
  menuBackground: ColorPair;
  menuColor: ColorPair;
  menuActiveBackground: ColorPair;
  menuActiveColor: ColorPair;
  menuTopBarBackground: ColorPair;
  headerBarBackground: ColorPair;
  headerBarHoverBackground: ColorPair;
  headerBarTabColor: ColorPair;
  headerBarTabActiveBackground: ColorPair;
  headerBarTabActiveColor: ColorPair;
  menuDefaultIcon: string;
}

export const DEFAULT_LAYOUT: LayoutConfig = {
  layoutMode: 'Default',
  isDark: false,
  menuWidth: 200,
  menuCollapse: false,
  menuUniqueOpened: false,
  menuShowTopBar: true,
  menuBackground: ['#ffffff', '#1d1e1f'],
  menuColor: ['#303133', '#cfd3dc'],
  menuActiveBackground: ['#e6f4ff', '#111a2c'],
  menuActiveColor: ['#1677ff', '#3c9ae8'],
  menuTopBarBackground: ['#fcfcfc', '#1d1e1f'],
  headerBarBackground: ['#ffffff', '#1d1e1f'],
  headerBarHoverBackground: ['#f5f5f5', '#18222c'],
  headerBarTabColor: ['#000000', '#cfd3dc'],
  headerBarTabActiveBackground: ['#f5f5f5', '#141414'],
  // The dark theme's active tab in the brand's light green (the selected menu item's), not a stray blue.
  headerBarTabActiveColor: ['#000000', '#5cc9a7'],
  menuDefaultIcon: 'MinusOutlined',
};

/**
 * The header tab's active background that suits each layout mode: in Default the tabs sit on the
 * content's page colour, in Classic they sit on the header bar.
 */
export const TAB_ACTIVE_BACKGROUND: Record<LayoutConfig['layoutMode'], ColorPair> = {
  Default: ['#f5f5f5', '#141414'],
  Classic: ['#ffffff', '#1d1e1f'],
};

/** Switch the layout mode; the header tab's active background follows (SPEC §4). */
export function setLayoutMode(mode: LayoutConfig['layoutMode']): void {
  setLayoutConfig({ layoutMode: mode, headerBarTabActiveBackground: [...TAB_ACTIVE_BACKGROUND[mode]] });
}

/** The colour of a pair for the current theme. */
export function pick(pair: ColorPair, isDark: boolean): string {
  return pair[isDark ? 1 : 0];
}

const listeners = new Set<() => void>();
let cache: LayoutConfig | null = null;

export function getLayoutConfig(): LayoutConfig {
  if (!cache) cache = { ...DEFAULT_LAYOUT, ...(readJson<Partial<LayoutConfig>>(LAYOUT_CONFIG) ?? {}) };
  return cache;
}

export function setLayoutConfig(patch: Partial<LayoutConfig>): void {
  cache = { ...getLayoutConfig(), ...patch };
  writeJson(LAYOUT_CONFIG, cache);
  listeners.forEach((l) => l());
}

/** Forget the cached value (tests). */
export function resetLayoutCache(): void {
  cache = null;
}

/** Calls `listener` after every change of the layout config; returns the unsubscribe function. */
export function subscribeLayoutConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutConfig(): LayoutConfig {
  return useSyncExternalStore(subscribeLayoutConfig, getLayoutConfig, getLayoutConfig);
}

// ---------------------------------------------------------------------------------------------
// The site's brand on the member and sign-in screens: the public site's green (theme/static/css
// site.css: --green #0b5d4b, --green-900 #06372e, --amber #f2b632) as antd theme tokens, and its mark.

export const BRAND = {
  green: '#0b5d4b',
  greenDark: '#06372e',
  amber: '#f2b632',
  /** The site's font stack (Chinese faces before the Latin fallbacks). */
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;

/** The public site's logo mark (theme/templates/base.html), as an image URL. */
export const BRAND_MARK =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="9" fill="#0b5d4b"/>' +
      '<path d="M9 29V17l6-4v16m3 0V11l7-4v22m3 0V15l5 3v11" fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round"/>' +
      '<path d="M7 31h26" stroke="#f2b632" stroke-width="2.6" stroke-linecap="round"/></svg>',
  );

/** Phones: below antd's md breakpoint. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribeNarrow(listener: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const isNarrow = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** True on a phone-sized screen (follows rotation and resizing). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
}

/**
 * The light algorithm's tints of the dark green come out grey (#8f9c97: an info alert's background, a selected
 * option's or table row's, a primary tag's): the brand's pale greens instead.
 */
const LIGHT_GREEN_TINTS = {
  colorPrimaryBg: '#e9f4f0',
  colorPrimaryBgHover: '#d5ebe3',
  colorPrimaryBorder: '#a9d3c5',
  colorPrimaryBorderHover: '#7fbba7',
  colorInfoBg: '#e9f4f0',
  colorInfoBgHover: '#d5ebe3',
  colorInfoBorder: '#a9d3c5',
  colorInfoBorderHover: '#7fbba7',
} as const;

/** Seeds of the brand for antd's light or dark algorithm (the dark one keeps white text on buttons at ≥ 4.5:1
 * and lighter links on the dark background). */
export function brandTokens(isDark: boolean): ThemeConfig['token'] {
  return {
    colorPrimary: isDark ? '#1f8a6e' : BRAND.green,
    colorInfo: isDark ? '#1f8a6e' : BRAND.green,
    colorLink: isDark ? '#5cc9a7' : BRAND.green,
    colorBgLayout: isDark ? '#0f1513' : '#f5f8f7',
    borderRadius: 8,
    fontFamily: BRAND.fontFamily,
    // Green and red text (a log's + and − amounts): the dark algorithm's from these seeds have under 4.5:1.
    ...(isDark ? { colorPrimaryText: '#5cc9a7', colorErrorText: '#ff7875' } : LIGHT_GREEN_TINTS),
  };
}

/**
 * Text and status colours with at least 4.5:1 contrast on white and on the light layout background
 * (axe, WCAG 2.1 AA): antd's defaults for placeholders, descriptions, empty states, the error red of
 * danger links and the green of success tags are lighter; in the dark theme its placeholder and description
 * greys are too dim.
 */
export function readableTokens(isDark: boolean): ThemeConfig['token'] {
  if (isDark) {
    // On the dark container (#141414) and elevated (#1f1f1f) backgrounds: 5:1 and more.
    return {
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
      colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    };
  }
  return {
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.5)',
    colorError: '#c4161c',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorSuccess: '#2b7a0b',
    colorSuccessBg: '#f0f9eb',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad6800',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
  };
}

/**
 * Component tokens with the same aim: a switch's "off" track is colorTextQuaternary (hover: Tertiary), under its
 * white inner text ("停用" / "Off"); antd's light greys give that text 2–4:1, these 5.7:1 and 7:1.
 */
export function readableComponents(isDark: boolean): ThemeConfig['components'] {
  if (isDark) {
    return {
      // The dark red of a danger link ("删除") has 4.4:1 on the dark table; no red is light enough for that
      // and dark enough under white text, so a filled danger button (a confirm's OK) gets dark text.
      Button: { colorError: '#ff7875', colorErrorHover: '#ffa39e', colorErrorActive: '#ff4d4f', dangerColor: 'rgba(0, 0, 0, 0.88)' },
      // The selected tab's text in the dark algorithm's primary has 3.5:1; the brand's light green (the selected
      // menu item's) has 9:1.
      Tabs: { itemSelectedColor: brandSelected(true).color },
    };
  }
  return { Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' } };
}

/** The selected item of a menu in the brand (antd's tint of the dark green comes out grey). */
export function brandSelected(isDark: boolean): { bg: string; color: string } {
  return isDark ? { bg: 'rgba(92, 201, 167, 0.16)', color: '#5cc9a7' } : { bg: '#e9f4f0', color: BRAND.green };
}

/**
 * The brand theme of the member and sign-in screens (nested in the app's ConfigProvider, which keeps the
 * algorithm and locale). On phones, text inputs use 16 px so that mobile browsers do not zoom into them.
 */
export function brandTheme(isDark: boolean, narrow: boolean): ThemeConfig {
  const input = narrow ? { inputFontSize: 16, inputFontSizeSM: 16, inputFontSizeLG: 16 } : {};
  const selected = brandSelected(isDark);
  return {
    token: brandTokens(isDark),
    components: {
      Menu: {
        itemSelectedBg: selected.bg,
        itemSelectedColor: selected.color,
        horizontalItemSelectedColor: selected.color,
        itemActiveBg: selected.bg,
        subMenuItemSelectedColor: selected.color,
      },
      ...(narrow
        ? { Input: input, InputNumber: input, DatePicker: input, Select: { fontSize: 16, optionFontSize: 16 }, Cascader: { fontSize: 16 } }
        : {}),
    },
  };
}

/** brandTheme for the current dark setting and screen width. */
export function useBrandTheme(): ThemeConfig {
  const { isDark } = useLayoutConfig();
  const narrow = useNarrowScreen();
  return useMemo(() => brandTheme(isDark, narrow), [isDark, narrow]);
}
