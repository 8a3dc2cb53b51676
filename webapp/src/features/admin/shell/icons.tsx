/** The menu icons the rules name (antd icon component names); unknown names fall back to the
 * layout's default menu icon. Kept to a fixed set so the shell does not ship every icon. */
import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MinusOutlined,
  PaperClipOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SmileOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

export const MENU_ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MinusOutlined,
  PaperClipOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SmileOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
};

export function MenuIcon({ name, fallback }: { name: string; fallback: string }) {
  const Icon = MENU_ICONS[name] ?? MENU_ICONS[fallback] ?? MinusOutlined;
  return <Icon />;
}
