import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/server';
import { loadNamespaces, setLanguage } from '../../../lib/i18n';
import { ProfilePage } from '../components/profile';

const USER = {
  id: 7,
  username: 'alice',
  nickname: 'Alice',
  email: '',
  mobile: '',
  avatar: '',
  gender: 0,
  birthday: '',
  money: '0.00',
  score: 0,
  lastlogintime: 0,
  lastloginip: '',
  jointime: 0,
  motto: '',
  region: ['44', '4403', '440305'],
  region_names: ['广东省', '深圳市', '南山区'],
};

const AREA: Record<string, { value: string; label: string }[]> = {
  '': [
    { value: '11', label: '北京市' },
    { value: '44', label: '广东省' },
  ],
  '44': [{ value: '4403', label: '深圳市' }],
  '4403': [
    { value: '440304', label: '福田区' },
    { value: '440305', label: '南山区' },
  ],
};

beforeEach(async () => {
  await setLanguage('en');
  await loadNamespaces('en', ['userLoading']);
});

describe('profile', () => {
  it('shows the region with the city input and saves the codes picked in it', async () => {
    let saved: Record<string, unknown> | null = null;
    server.use(
      http.get('*/srv/api/account/profile', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { userInfo: USER } })),
      http.get('*/srv/api/ajax/area', ({ request }) => {
        const url = new URL(request.url);
        const list = AREA[url.searchParams.get('city') ?? url.searchParams.get('province') ?? ''] ?? [];
        return HttpResponse.json({ code: 1, msg: '', time: 0, data: { list } });
      }),
      http.post('*/srv/api/account/profile', async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 1, msg: 'Saved successfully', time: 0, data: { userInfo: { ...USER, region: saved.region } } });
      }),
    );
    const user = userEvent.setup();
    render(<ProfilePage />);
    const region = await screen.findByLabelText('Region');
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeInTheDocument());

    await user.click(region);
    await user.click(await screen.findByRole('menuitemcheckbox', { name: '福田区' }));
    await waitFor(() => expect(screen.getAllByText('广东省 / 深圳市 / 福田区').length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.region).toEqual(['44', '4403', '440304']);
    expect(saved!.nickname).toBe('Alice');
  });

  it('picks the birthday in the date picker, saves it as a calendar date and offers no day after today', async () => {
    let saved: Record<string, unknown> | null = null;
    server.use(
      http.get('*/srv/api/account/profile', () =>
        HttpResponse.json({ code: 1, msg: '', time: 0, data: { userInfo: { ...USER, birthday: '1990-05-17', region: [] } } }),
      ),
      http.get('*/srv/api/ajax/area', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { list: [] } })),
      http.post('*/srv/api/account/profile', async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 1, msg: 'Saved successfully', time: 0, data: { userInfo: { ...USER, ...saved } } });
      }),
    );
    const user = userEvent.setup();
    render(<ProfilePage />);
    const birthday = await screen.findByLabelText('Birthday');
    expect(birthday).toHaveValue('1990-05-17');
    await user.click(birthday);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await user.clear(birthday);
    await user.type(birthday, '1988-02-29{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.birthday).toBe('1988-02-29');
    // A day after today cannot be picked: typed, it is not taken.
    saved = null;
    await user.click(birthday);
    await user.clear(birthday);
    await user.type(birthday, `${tomorrow}{Enter}`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.birthday).not.toBe(tomorrow);
  });
});
