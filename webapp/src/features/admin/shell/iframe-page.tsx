/** An iframe-type menu: /admin/iframe/{encoded url} shows the url inside the shell. */
import { useContext } from 'react';
import { RoutePathContext } from '../../../components/permission';

export default function IframePage() {
  const path = useContext(RoutePathContext);
  const url = decodeURIComponent(path.replace(/^\/admin\/iframe\//, ''));
  const safe = /^https?:\/\//i.test(url) || url.startsWith('/') ? url : 'about:blank';
  return <iframe title={url} src={safe} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />;
}
