/** The menu icons the rules name (antd icon component names, ./menu-icon-set); unknown names fall back
 * to the layout's default menu icon. */
import type { ComponentType } from 'react';
import * as SET from './menu-icon-set';

export const MENU_ICONS: Record<string, ComponentType> = SET;

export function MenuIcon({ name, fallback }: { name: string; fallback: string }) {
  const Icon = MENU_ICONS[name] ?? MENU_ICONS[fallback] ?? SET.MinusOutlined;
  return <Icon />;
}
