/** The menu icons the rules name (antd icon component names, ./menu-icon-set); unknown names fall back
 * to the layout's default menu icon. The icon is decoration beside the menu's title: hidden from
 * screen readers (antd would read its English name, "dashboard", before the title). */
import type { ComponentType } from 'react';
import * as SET from './menu-icon-set';

export const MENU_ICONS: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = SET;

export function MenuIcon({ name, fallback }: { name: string; fallback: string }) {
  const Icon = MENU_ICONS[name] ?? MENU_ICONS[fallback] ?? SET.MinusOutlined;
  return <Icon aria-hidden />;
}

/** The icons a designed table's `icon` field offers, each drawn before its name. */
export const ICON_CHOICE = {
  names: Object.keys(MENU_ICONS).sort(),
  render: (name: string) => <MenuIcon name={name} fallback="MinusOutlined" />,
};

/** A list cell of an icon name: the icon, then its name. */
export function iconCell(name: string) {
  if (!name) return '-';
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <MenuIcon name={name} fallback="MinusOutlined" /> {name}
    </span>
  );
}
