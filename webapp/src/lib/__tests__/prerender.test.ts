import { canHydrate, markValue, readMark, rememberPreferences, type PageNow } from '../prerender';

const now = (patch: Partial<PageNow> = {}): PageNow => ({
  pathname: '/user/login',
  search: '',
  lang: 'zh-cn',
  isDark: false,
  historyState: null,
  ...patch,
});

function rootWith(value: string | null): HTMLElement {
  const root = document.createElement('div');
  if (value !== null) root.dataset.prerendered = value;
  return root;
}

describe('pre-rendered login screens', () => {
  it('reads the mark the build wrote on the root element', () => {
    const mark = { path: '/admin/login', lang: 'en', theme: 'dark' } as const;
    expect(readMark(rootWith(markValue(mark)))).toEqual(mark);
    expect(readMark(rootWith(null))).toBeNull();
    expect(readMark(rootWith('/admin/login fr dark'))).toBeNull();
  });

  it('hydrates only the page the app would draw now', () => {
    const mark = { path: '/user/login', lang: 'zh-cn', theme: 'light' } as const;
    expect(canHydrate(mark, now())).toBe(true);
    expect(canHydrate(mark, now({ search: '?lang=zh-cn' }))).toBe(true);
    expect(canHydrate(null, now())).toBe(false);
    expect(canHydrate(mark, now({ lang: 'en' }))).toBe(false);
    expect(canHydrate(mark, now({ isDark: true }))).toBe(false);
    expect(canHydrate(mark, now({ pathname: '/user/reg' }))).toBe(false);
    // ?to= changes the registration link; a notice comes in the navigation state.
    expect(canHydrate(mark, now({ search: '?to=%2Fuser%2Faccount' }))).toBe(false);
    expect(canHydrate(mark, now({ historyState: { usr: { notice: 'Password changed' }, key: 'x', idx: 0 } }))).toBe(false);
    expect(canHydrate(mark, now({ historyState: { usr: null, key: 'default', idx: 0 } }))).toBe(true);
  });

  it('writes the cookies the server picks the page by', () => {
    rememberPreferences('en', true);
    expect(document.cookie).toContain('cityops_lang=en');
    expect(document.cookie).toContain('cityops_theme=dark');
    rememberPreferences('zh-cn', false);
    expect(document.cookie).toContain('cityops_lang=zh-cn');
    expect(document.cookie).toContain('cityops_theme=light');
  });
});
