import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { canHydrate, markValue, readBeforeApp, readMark, rememberPreferences, takeOver, type PageNow } from '../prerender';

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

describe('what the visitor did before the app ran', () => {
  function LoginLike({ onSubmit }: { onSubmit: (values: { name: string; keep: boolean }) => void }) {
    const [name, setName] = useState('');
    const [keep, setKeep] = useState(false);
    return (
      <form
        id="login"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ name, keep });
        }}
      >
        <input id="login_name" aria-label="name" value={name} onChange={(event) => setName(event.target.value)} />
        <input id="login_keep" aria-label="keep" type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
        <button type="button" onClick={() => setName('from the button')}>
          fill
        </button>
        <output>{`${name}|${keep}`}</output>
      </form>
    );
  }

  async function prerendered(onSubmit: (values: { name: string; keep: boolean }) => void) {
    const root = document.createElement('div');
    root.dataset.prerendered = '/user/login zh-cn light';
    root.innerHTML = renderToString(<LoginLike onSubmit={onSubmit} />);
    document.body.append(root);
    return root;
  }

  it('hands typing, ticks and a held submit to the hydrated form', async () => {
    const submitted = vi.fn();
    const root = await prerendered(submitted);
    // Typed and ticked before any script of the app ran; the boot script held the submit.
    root.querySelector<HTMLInputElement>('#login_name')!.value = 'someone';
    root.querySelector<HTMLInputElement>('#login_keep')!.checked = true;
    root.dataset.submitPending = 'login';

    await act(async () => {
      hydrateRoot(root, <LoginLike onSubmit={submitted} />);
    });
    expect(root.querySelector('output')!.textContent).toBe('|false');
    await act(async () => takeOver(root, readBeforeApp(root)));

    expect(root.querySelector('output')!.textContent).toBe('someone|true');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledWith({ name: 'someone', keep: true });
    expect(root.dataset.prerendered).toBeUndefined();
    expect(root.dataset.submitPending).toBeUndefined();
    root.remove();
  });

  it('clicks again a button clicked before the app ran', async () => {
    const root = await prerendered(vi.fn());
    root.querySelector('button')!.setAttribute('data-click-pending', '');
    await act(async () => {
      hydrateRoot(root, <LoginLike onSubmit={vi.fn()} />);
    });
    await act(async () => takeOver(root, readBeforeApp(root)));
    expect(root.querySelector('output')!.textContent).toBe('from the button|false');
    expect(root.querySelector('[data-click-pending]')).toBeNull();
    root.remove();
  });

  it('clicks again a button clicked before the app ran when the screen is drawn anew (issue 32 #11)', async () => {
    const root = await prerendered(vi.fn());
    root.querySelector('button')!.setAttribute('data-click-pending', '');
    const before = readBeforeApp(root);
    root.replaceChildren();
    await act(async () => createRoot(root).render(<LoginLike onSubmit={vi.fn()} />));
    await act(async () => takeOver(root, before));
    expect(root.querySelector('output')!.textContent).toBe('from the button|false');
    root.remove();
  });

  it('keeps what was typed when the screen is drawn anew, and sends nothing unasked', async () => {
    const submitted = vi.fn();
    const root = await prerendered(submitted);
    root.querySelector<HTMLInputElement>('#login_name')!.value = 'typed';
    const before = readBeforeApp(root);
    expect(before).toEqual({ typed: new Map([['login_name', 'typed']]), pendingForm: null, clicked: null });

    root.replaceChildren();
    await act(async () => createRoot(root).render(<LoginLike onSubmit={submitted} />));
    await act(async () => takeOver(root, before));
    expect(root.querySelector<HTMLInputElement>('#login_name')!.value).toBe('typed');
    expect(root.querySelector('output')!.textContent).toBe('typed|false');
    expect(submitted).not.toHaveBeenCalled();
    root.remove();
  });
});
