/** Dark/light theme (SPEC §4), persisted in the layout config (storage-keys LAYOUT_CONFIG). */
import { useSyncExternalStore } from 'react';
import { LAYOUT_CONFIG } from './storage-keys';
import { readJson, writeJson } from './storage';

export interface LayoutConfig {
  layoutMode: 'Default' | 'Classic';
  isDark: boolean;
  menuWidth: number;
  menuCollapse: boolean;
  menuUniqueOpened: boolean;
  menuShowTopBar: boolean;
}

export const DEFAULT_LAYOUT: LayoutConfig = {
  layoutMode: 'Default',
  isDark: false,
  menuWidth: 200,
  menuCollapse: false,
  menuUniqueOpened: false,
  menuShowTopBar: true,
};

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
