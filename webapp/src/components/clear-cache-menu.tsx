/**
 * The back office's "clear cache" menu: clear the data this browser stored (layout, tabs,
 * terminal, saved account; the login sessions are kept), the server caches
 * (POST /admin/ajax/clearCache {type: "all"}), or both.
 */
import { Button, Dropdown } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';
import { call, sdk } from '../lib/api/client';
import { api, type RequestClient } from '../lib/request';
import { removeKey } from '../lib/storage';
import { LAYOUT_CONFIG, SAVED_ACCOUNT, TAB_VIEW_CONFIG, TERMINAL_CONFIG } from '../lib/storage-keys';

/** Browser data that clearing removes; tokens and the chosen language stay. */
export const BROWSER_CACHE_KEYS = [LAYOUT_CONFIG, TAB_VIEW_CONFIG, TERMINAL_CONFIG, SAVED_ACCOUNT];

export function clearBrowserData(): void {
  BROWSER_CACHE_KEYS.forEach((key) => removeKey(key));
  try {
    sessionStorage.clear();
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}

export async function clearServerCache(client: RequestClient = api, type = 'all'): Promise<void> {
  await call(sdk.adminAjaxClearCache, { body: { type } }, {}, client);
}

export function ClearCacheMenu({ client = api }: { client?: RequestClient }) {
  const { t } = useTranslation('general');
  const run = async (key: string) => {
    if (key === 'browser' || key === 'all') {
      clearBrowserData();
      if (key === 'browser') notify('success', t('cache.browserCleared'));
    }
    if (key === 'server' || key === 'all') {
      try {
        await clearServerCache(client);
        notify('success', t('cache.cleared'));
      } catch {
        // the request client has shown the error
      }
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'server', label: t('cache.server') },
          { key: 'browser', label: t('cache.browser') },
          { type: 'divider' },
          { key: 'all', label: t('cache.all') },
        ],
        onClick: ({ key }) => void run(key),
      }}
    >
      <Button type="text" icon={<ClearOutlined />} aria-label={t('cache.menu')}>
        {t('cache.menu')}
      </Button>
    </Dropdown>
  );
}
