/** The admin's avatar: the picture when there is one (on the CDN when one is set), else the first
 * letter of the name on the brand colour — also when the picture cannot be loaded. */
import { Avatar } from 'antd';
import { fullUrl } from '../../../components/upload/upload-rules';
import { getSiteConfig } from '../../../lib/site';

export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0] ?? '?';
  return first.toLocaleUpperCase();
}

export function AdminAvatar({ name, avatar, size = 28 }: { name: string; avatar?: string; size?: number }) {
  const src = avatar ? fullUrl(avatar, getSiteConfig().cdnUrl ?? '') : undefined;
  return (
    <Avatar size={size} src={src} alt="" aria-hidden style={{ flex: 'none', background: src ? undefined : 'var(--ant-color-primary)' }}>
      {initialOf(name)}
    </Avatar>
  );
}
