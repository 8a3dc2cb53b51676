/** The back office's icons: antd's (a fixed set, ./menu-icon-set) and those of the three icon style
 * sheets (./icon-sheets: `fa fa-…`, `bi bi-…`, `local-…`). A name of any set draws its icon; an unknown
 * name falls back (to the layout's default menu icon in the menus). The icon is decoration beside a
 * title or a name: hidden from screen readers (antd would read its English name, "dashboard", before
 * the title). ICON_CHOICE is what the one picker (components/icon-picker) offers. */
import type { ComponentType } from 'react';
import type { IconChoice } from '../../../components/icon-picker';
import { sheetIconNames, sheetOf, type SheetSet } from './icon-sheets';
import * as SET from './menu-icon-set';
import './sheet-icons.css';

export const MENU_ICONS: Record<string, ComponentType<{ 'aria-hidden'?: boolean; className?: string }>> = SET;

const ANTD_NAMES = Object.keys(MENU_ICONS).sort();

/** Whether `name` draws an icon of some set. */
export const isIconName = (name: string): boolean => name in MENU_ICONS || sheetOf(name) !== null;

/** `className`: what antd's Menu adds to its item icons (their size and the space before the title). */
export function MenuIcon({ name, fallback, className }: { name: string; fallback: string; className?: string }) {
  const shown = isIconName(name) ? name : isIconName(fallback) ? fallback : 'MinusOutlined';
  if (sheetOf(shown)) return <i className={className ? `${shown} ${className}` : shown} aria-hidden />;
  const Icon = MENU_ICONS[shown];
  return <Icon aria-hidden className={className} />;
}

const sheetSet = (key: SheetSet) => ({ key, owns: (name: string) => sheetOf(name) === key, load: () => sheetIconNames(key) });

/** The icon sets the picker offers: antd's, Font Awesome, Bootstrap Icons, the local SVG set. */
export const ICON_CHOICE: IconChoice = {
  sets: [
    { key: 'antd', owns: (name) => name in MENU_ICONS, load: () => Promise.resolve(ANTD_NAMES) },
    sheetSet('fa'),
    sheetSet('bi'),
    sheetSet('local'),
  ],
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
