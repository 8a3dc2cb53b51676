import { describe, expect, it } from 'vitest';
import { EXTRA_NAMESPACES, hasLocaleFile, i18n, loadNamespaces, namespacesFor, pathNamespace, prepareRoute, setLanguage } from '../i18n';
import { LANGUAGE } from '../storage-keys';

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/**/*.json', { eager: true });

function flatKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('language file selection (SPEC §2)', () => {
  it('uses general, the path and the route name', () => {
    expect(namespacesFor('/user/login', 'userLogin')).toEqual(['general', 'user/login', 'userLogin']);
    expect(namespacesFor('/404', 'notFound')).toEqual(['general', '404', 'notFound']);
    expect(namespacesFor('/user/reg/')).toEqual(['general', 'user/reg']);
  });

  it('adds the extra files of /, the module store, the menu rules, the score log and the CRUD pages', () => {
    expect(namespacesFor('/')).toEqual(['general', 'index']);
    expect(namespacesFor('/admin/moduleStore', 'moduleStore')).toEqual(['general', 'admin/moduleStore', 'moduleStore', 'admin/module']);
    expect(namespacesFor('/admin/auth/rule')).toContain('admin/auth/menu');
    expect(namespacesFor('/admin/user/scoreLog')).toContain('admin/user/moneyLog');
    expect(namespacesFor('/admin/crud/crud')).toEqual(expect.arrayContaining(['admin/crud/log', 'admin/crud/state']));
    expect(Object.keys(EXTRA_NAMESPACES).sort()).toEqual([
      '/',
      '/admin/auth/rule',
      '/admin/crud/crud',
      '/admin/moduleStore',
      '/admin/security/dataRecycle',
      '/admin/security/dataRecycleLog',
      '/admin/security/sensitiveData',
      '/admin/security/sensitiveDataLog',
      '/admin/user/scoreLog',
    ]);
  });

  it('ignores path segments that cannot name a file (the loading parameter)', () => {
    expect(pathNamespace('/admin/loading/%7B%22path%22%7D')).toBeNull();
    expect(namespacesFor('/admin/loading/%7B%22path%22%7D', 'adminLoading')).toEqual(['general', 'adminLoading']);
  });

  it('loads existing files on demand and skips missing ones', async () => {
    expect(hasLocaleFile('en', 'user/reg')).toBe(true);
    expect(hasLocaleFile('en', 'userReg')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'user/reg')).toBe(false);
    const loaded = await loadNamespaces('en', ['general', 'user/reg', 'userReg']);
    expect(loaded.sort()).toEqual(['general', 'user/reg']);
    expect(i18n.t('user/reg:heading', { lng: 'en' })).toBe('Member registration');
  });

  it('prepareRoute loads the page files before render; setLanguage persists and loads them for the new language', async () => {
    await i18n.changeLanguage('zh-cn');
    await prepareRoute('/401', 'noPower');
    expect(i18n.t('401:home')).toBe('返回首页');
    expect(i18n.hasResourceBundle('en', '401')).toBe(false);
    await setLanguage('en');
    expect(i18n.hasResourceBundle('en', '401')).toBe(true);
    expect(i18n.t('401:home')).toBe('Return to home page');
    expect(localStorage.getItem(LANGUAGE)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('language files', () => {
  it('zh-cn and en have the same files and the same keys', () => {
    const byLang: Record<string, Record<string, string[]>> = { 'zh-cn': {}, en: {} };
    for (const [file, mod] of Object.entries(localeFiles)) {
      const m = /locales\/([^/]+)\/(.+)\.json$/.exec(file)!;
      byLang[m[1]][m[2]] = flatKeys(mod.default).sort();
    }
    expect(Object.keys(byLang.en).sort()).toEqual(Object.keys(byLang['zh-cn']).sort());
    for (const ns of Object.keys(byLang.en)) expect(byLang.en[ns], ns).toEqual(byLang['zh-cn'][ns]);
  });

  it('titles of the member registration route', () => {
    expect(i18n.t('general:route.userReg', { lng: 'zh-cn' })).toBe('会员注册');
    expect(i18n.t('general:route.userReg', { lng: 'en' })).toBe('Member registration');
    expect(i18n.t('general:defaultSiteName', { lng: 'zh-cn' })).toBe('城市运营公司');
    expect(i18n.t('general:defaultSiteName', { lng: 'en' })).toBe('City Operations Company');
  });
});
