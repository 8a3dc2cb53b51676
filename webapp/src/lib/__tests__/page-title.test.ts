import { afterEach, describe, expect, it } from 'vitest';
import { applyTitle, setPageTitle, watchTitle } from '../page-title';
import { i18n } from '../i18n';
import { setSiteConfig } from '../site';

afterEach(async () => {
  setPageTitle(null);
  setSiteConfig({ siteName: '' });
  await i18n.changeLanguage('zh-cn');
});

describe('page title (SPEC §2)', () => {
  it('is the route title, unless the screen names its page; then page name – site name', async () => {
    const unwatch = watchTitle();
    expect(applyTitle('general:route.adminLoading')).toBe('后台管理 - 城市运营公司');
    expect(setPageTitle('管理员管理')).toBe('管理员管理 - 城市运营公司');
    // A later navigation inside the same screen keeps the page's own name…
    applyTitle('general:route.adminLoading');
    expect(document.title).toBe('管理员管理 - 城市运营公司');
    setSiteConfig({ siteName: '某某城市运营' });
    expect(document.title).toBe('管理员管理 - 某某城市运营');
    // …and the site name follows the language when none is set.
    setSiteConfig({ siteName: '' });
    setPageTitle('Administrators');
    await i18n.changeLanguage('en');
    expect(document.title).toBe('Administrators - City Operations Company');
    // Giving the title back: the route's, in the current language.
    expect(setPageTitle(null)).toBe('Back office - City Operations Company');
    expect(setPageTitle('  ')).toBe('Back office - City Operations Company');
    unwatch();
  });
});
