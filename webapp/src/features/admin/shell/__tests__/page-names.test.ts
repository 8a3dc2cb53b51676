/**
 * The pages the back office can show are the page files under features/admin (page-names): each is
 * known by its rule path without loading it, loads as its own module, and the shell is no page.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_LOADERS, PAGE_NAMES } from '../page-names';

describe('back-office page names', () => {
  it('names each page file by its rule path, the shell excluded', () => {
    expect(PAGE_NAMES).toEqual(expect.arrayContaining(['dashboard', 'auth/admin', 'user/moneyLog', 'crud/designed']));
    expect(PAGE_NAMES.every((name) => /^[a-z][A-Za-z]*(\/[a-z][A-Za-z]*)?$/.test(name))).toBe(true);
    expect(PAGE_NAMES.some((name) => name.startsWith('shell'))).toBe(false);
    expect(new Set(PAGE_NAMES).size).toBe(PAGE_NAMES.length);
  });

  it('loads a page only when asked, as a component', async () => {
    const page = await PAGE_LOADERS['user/moneyLog']();
    expect(typeof page.default).toBe('function');
  });
});
