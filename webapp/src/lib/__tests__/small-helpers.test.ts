import { afterEach, describe, expect, it, vi } from 'vitest';
import { greeting, greetingKey } from '../greeting';
import { DEFAULT_TIME_FORMAT, timeFormat, toMilliseconds, todayDates } from '../time';
import { composeTitle } from '../title';
import { isAdminApp } from '../area';
import { i18n } from '../i18n';
import { adminSession, isAdminLoggedIn, isMemberLoggedIn, memberSession } from '../auth-tokens';
import * as keys from '../storage-keys';

describe('greeting bands (SPEC §9)', () => {
  it.each([
    [0, 'lateNight'],
    [4, 'lateNight'],
    [5, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('hour %i → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('greets in both languages', () => {
    const at = (h: number) => new Date(2024, 0, 1, h, 30);
    const en = (k: string) => i18n.t(k, { lng: 'en' }) as string;
    const zh = (k: string) => i18n.t(k, { lng: 'zh-cn' }) as string;
    expect(greeting(en, at(7))).toBe('Good morning');
    expect(greeting(en, at(15))).toBe('Good afternoon');
    expect(greeting(zh, at(7))).toBe('早上好');
    expect(greeting(zh, at(12))).toBe('中午好');
    expect(greeting(zh, at(20))).toBe('晚上好');
    expect(greeting(zh, at(2))).toBe('夜深了，注意休息');
  });
});

describe('time formatting (SPEC §9)', () => {
  it('treats 10-digit timestamps as seconds', () => {
    expect(toMilliseconds(1700000000)).toBe(1700000000000);
    expect(toMilliseconds('1700000000')).toBe(1700000000000);
    expect(toMilliseconds(1700000000123)).toBe(1700000000123);
  });

  it('formats with YYYY-MM-DD HH:mm:ss by default', () => {
    expect(DEFAULT_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    const seconds = Math.floor(new Date(2024, 4, 6, 7, 8, 9).getTime() / 1000);
    expect(timeFormat(seconds)).toBe('2024-05-06 07:08:09');
    expect(timeFormat(seconds * 1000)).toBe('2024-05-06 07:08:09');
    expect(timeFormat(String(seconds), 'YYYY/MM/DD')).toBe('2024/05/06');
    expect(timeFormat(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(timeFormat(null)).toBe('-');
    expect(timeFormat('')).toBe('-');
    expect(timeFormat('not a date')).toBe('-');
  });
});

describe("today's date", () => {
  it("is the browser's date, and China's date too (the charts' last day), which differs away from China time", () => {
    // 2026-11-26 20:30 UTC is already the 27th in China (UTC+8); the browser here is in UTC.
    vi.stubEnv('TZ', 'UTC');
    const late = new Date(Date.UTC(2026, 10, 26, 20, 30));
    expect(todayDates('en', late)).toEqual({ local: 'Thursday, 26 November 2026', company: 'Friday, 27 November 2026' });
    expect(todayDates('zh-cn', late).company).toBe('2026年11月27日星期五');
    const noon = new Date(Date.UTC(2026, 10, 26, 4, 0));
    expect(todayDates('en', noon).local).toBe(todayDates('en', noon).company);
    vi.unstubAllEnvs();
  });
});

describe('page title and area', () => {
  it('is the title meta, " - ", then the site name or the default name', () => {
    expect(composeTitle('会员注册', '某某城市运营', '城市运营公司')).toBe('会员注册 - 某某城市运营');
    expect(composeTitle('Member registration', '', 'City Operations Company')).toBe('Member registration - City Operations Company');
    expect(composeTitle('', undefined, 'City Operations Company')).toBe('City Operations Company');
  });

  it('isAdminApp: path starting with /admin or hash starting with #/admin', () => {
    expect(isAdminApp({ pathname: '/admin' })).toBe(true);
    expect(isAdminApp({ pathname: '/admin/login' })).toBe(true);
    expect(isAdminApp({ pathname: '/user/login', hash: '#/admin/x' })).toBe(true);
    expect(isAdminApp({ pathname: '/user/login' })).toBe(false);
    expect(isAdminApp({ pathname: '/', hash: '#/user' })).toBe(false);
    expect(isAdminApp({ pathname: '/404' })).toBe(false);
  });
});

describe('sessions and storage keys (SPEC §3, §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has fixed, distinct storage keys', () => {
    const names = [keys.ADMIN_INFO, keys.LAYOUT_CONFIG, keys.TAB_VIEW_CONFIG, keys.TERMINAL_CONFIG, keys.USER_INFO, keys.SAVED_ACCOUNT];
    expect(new Set(names).size).toBe(6);
    expect(keys.ADMIN_INFO).toBe('cityops.adminInfo');
    expect(keys.USER_INFO).toBe('cityops.userInfo');
  });

  it('a member is logged in only with both an id and a token', () => {
    expect(isMemberLoggedIn()).toBe(false);
    memberSession.set({ id: 7 });
    expect(isMemberLoggedIn()).toBe(false);
    memberSession.set({ token: 't' });
    expect(isMemberLoggedIn()).toBe(false);
    memberSession.set({ id: 7, token: 't' });
    expect(isMemberLoggedIn()).toBe(true);
  });

  it('auth and refresh tokens can be set and cleared separately', () => {
    adminSession.set({ id: 1, username: 'admin' });
    adminSession.setToken('A', 'auth');
    adminSession.setToken('R', 'refresh');
    expect(JSON.parse(localStorage.getItem(keys.ADMIN_INFO)!)).toMatchObject({ id: 1, token: 'A', refreshToken: 'R' });
    expect(isAdminLoggedIn()).toBe(true);
    adminSession.removeToken('auth');
    expect(adminSession.getToken('auth')).toBe('');
    expect(adminSession.getToken('refresh')).toBe('R');
    adminSession.removeToken('refresh');
    expect(adminSession.getToken('refresh')).toBe('');
    expect(adminSession.get()).toMatchObject({ username: 'admin' });
    adminSession.clear();
    expect(localStorage.getItem(keys.ADMIN_INFO)).toBeNull();
  });
});
