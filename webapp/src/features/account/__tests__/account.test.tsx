import { describe, expect, it } from 'vitest';
import { captchaImageUrl, newCaptchaId } from '../../../components/captcha-field';
import { loadingPathFor } from '../../../lib/routes';
import { accountPath, addressFor, pageFor } from '../components/account-pages';
import { confirmRule } from '../components/change-password';

const param = (path: string) => loadingPathFor('user', path).replace('/user/loading/', '');

describe('member center', () => {
  it('picks the page named by the loading target, else the overview', () => {
    expect(pageFor(param('/user/account/profile'))).toBe('profile');
    expect(pageFor(param('/user/account/integral/'))).toBe('integral');
    expect(pageFor(param('/user/account/changePassword'))).toBe('changePassword');
    expect(pageFor(param('/user/account/nope'))).toBe('overview');
    expect(pageFor(param('/user/something'))).toBe('overview');
    expect(pageFor(undefined)).toBe('overview');
    expect(pageFor('not json')).toBe('overview');
    expect(accountPath('balance')).toBe('/user/account/balance');
  });

  it('shows the page address instead of the loading route JSON parameter', () => {
    expect(addressFor(param('/user/account/profile'))).toBe('/user/account/profile');
    expect(addressFor(loadingPathFor('user', '/user/account/balance', '?page=2').replace('/user/loading/', ''))).toBe(
      '/user/account/balance?page=2',
    );
    expect(addressFor(undefined)).toBe('/user/account/overview');
    expect(addressFor(param('/user/whatever'))).toBe('/user/account/overview');
  });

  it('the confirmation must equal the new password', () => {
    const rule = confirmRule('mismatch');
    expect(rule('abc123', { oldPassword: '', newPassword: 'abc123', confirm: 'abc123' })).toBeNull();
    expect(rule('abc124', { oldPassword: '', newPassword: 'abc123', confirm: 'abc124' })).toBe('mismatch');
  });

  it('captcha ids satisfy the server rule and image URLs change with the nonce', () => {
    const ids = new Set(Array.from({ length: 20 }, newCaptchaId));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(captchaImageUrl('abc', 1)).not.toBe(captchaImageUrl('abc', 2));
    expect(captchaImageUrl('a b', 0)).toBe('/srv/api/common/captcha?id=a%20b&n=0');
  });
});
