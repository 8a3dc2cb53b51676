/** Dark/light theme (SPEC §4), persisted in the layout config (storage-keys LAYOUT_CONFIG). */
import { useSyncExternalStore } from 'react';
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
  headerBarTabActiveColor: ['#000000', '#409eff'],
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

export function useLayoutConfig(): LayoutConfig {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getLayoutConfig,
    getLayoutConfig,
  );
}
