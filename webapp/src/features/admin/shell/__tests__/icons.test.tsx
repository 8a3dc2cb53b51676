/**
 * The back office's icons: the three icon style sheets (added once, names read from their rules; the
 * local set's rules come from its folder: plugins/__tests__/local-icon-sheet.test.ts), names of every
 * set drawn by MenuIcon, and the one picker — tabs per set, search, keyboard, preview.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { IconPicker, type IconChoice } from '../../../../components/icon-picker';
import { loadNamespaces } from '../../../../lib/i18n';
import { loadIconSheets, namesInSheet, sheetOf } from '../icon-sheets';
import { ICON_CHOICE, MenuIcon } from '../icons';

const STEPS = { timeout: 30_000 };

function sheetOfCss(css: string): CSSStyleSheet {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  const sheet = style.sheet!;
  style.remove();
  return sheet;
}

beforeAll(() => loadNamespaces('zh-cn', ['admin/common']));

describe('icon style sheets', () => {
  it('are added to the page once, each a self-hosted file', () => {
    loadIconSheets();
    loadIconSheets();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[data-icon-set]')];
    expect(links.map((l) => l.dataset.iconSet)).toEqual(['fa', 'bi', 'local']);
    for (const link of links) {
      expect(link.rel).toBe('stylesheet');
      expect(new URL(link.href).origin).toBe(window.location.origin);
    }
  });

  it('offer the names their rules define (an alias list gives its first name)', () => {
    const fa = sheetOfCss(
      '.fa{display:inline-block}.fa-lg{font-size:1.3em}.fa-glass:before{content:"a"}.fa-remove:before,.fa-close:before{content:"b"}',
    );
    expect(namesInSheet(fa, 'fa')).toEqual(['fa fa-glass', 'fa fa-remove']);
    const bi = sheetOfCss(
      '.bi::before,[class^="bi-"]::before{font-family:x}.bi-house::before{content:"c"}.bi-0-circle::before{content:"d"}',
    );
    expect(namesInSheet(bi, 'bi')).toEqual(['bi bi-0-circle', 'bi bi-house']);
    const local = sheetOfCss("[class^='local-']{display:inline-block}.local-leaf{--x:1}.local-water{--x:2}");
    expect(namesInSheet(local, 'local')).toEqual(['local-leaf', 'local-water']);
  });

  it('names of each set are told apart', () => {
    expect(sheetOf('fa fa-home')).toBe('fa');
    expect(sheetOf('bi bi-house')).toBe('bi');
    expect(sheetOf('local-leaf')).toBe('local');
    expect(sheetOf('HomeOutlined')).toBeNull();
    expect(sheetOf('fa fa-home" onclick="x')).toBeNull();
  });
});

describe('MenuIcon', () => {
  it('draws a name of any set, hidden from screen readers, and falls back for an unknown one', () => {
    const { container } = render(
      <>
        <MenuIcon name="fa fa-home" fallback="MinusOutlined" />
        <MenuIcon name="bi bi-house" fallback="MinusOutlined" />
        <MenuIcon name="local-leaf" fallback="MinusOutlined" />
        <MenuIcon name="HomeOutlined" fallback="MinusOutlined" />
        <MenuIcon name="NoSuchIcon" fallback="local-water" />
      </>,
    );
    const drawn = [...container.children];
    expect(drawn.slice(0, 3).map((el) => el.className)).toEqual(['fa fa-home', 'bi bi-house', 'local-leaf']);
    expect(drawn[3]).toHaveClass('anticon-home');
    expect(drawn[4]).toHaveClass('local-water');
    for (const el of drawn) expect(el).toHaveAttribute('aria-hidden', 'true');
  });

  it('the picker offers antd and the three sheets', () => {
    expect(ICON_CHOICE.sets.map((s) => s.key)).toEqual(['antd', 'fa', 'bi', 'local']);
  });
});

const FA = ['fa fa-home', 'fa fa-heart', 'fa fa-car', ...Array.from({ length: 20 }, (_, i) => `fa fa-x${i}`)];
const CHOICE: IconChoice = {
  sets: [
    { key: 'antd', owns: (n) => n.endsWith('Outlined'), load: () => Promise.resolve(['HomeOutlined', 'UserOutlined']) },
    { key: 'fa', owns: (n) => n.startsWith('fa '), load: () => Promise.resolve(FA) },
  ],
  render: (name) => <i data-icon={name} aria-hidden />,
};

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="pick">图标</label>
      <IconPicker id="pick" value={value} onChange={setValue} choice={CHOICE} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('icon picker', () => {
  it('opens on the current value’s set, searches, and picks with the keyboard', STEPS, async () => {
    const user = userEvent.setup();
    render(<Harness initial="fa fa-car" />);
    await user.click(screen.getByRole('button', { name: '选择图标' }));
    const dialog = await screen.findByRole('dialog', { name: '选择图标' });
    expect(within(dialog).getByRole('tab', { name: 'Font Awesome' })).toHaveAttribute('aria-selected', 'true');
    const grid = await within(dialog).findByRole('listbox', { name: 'Font Awesome' });
    expect(within(grid).getByRole('option', { name: 'fa fa-car' })).toHaveAttribute('aria-selected', 'true');

    const search = within(dialog).getByRole('textbox', { name: '搜索图标名称' });
    await user.type(search, 'h');
    expect(
      within(grid)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['fa fa-home', 'fa fa-heart']);
    expect(within(dialog).getByText('共 2 个图标')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(within(grid).getByRole('option', { name: 'fa fa-home' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('option', { name: 'fa fa-heart' })).toHaveFocus();
    // The preview shows the focused icon and its name.
    expect(within(screen.getByTestId('icon-preview')).getByText('fa fa-heart')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('fa fa-heart');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '选择图标' })).toHaveFocus();
  });

  it('switches sets by tab, moves by rows, and closes on Escape without picking', STEPS, async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '选择图标' }));
    const dialog = await screen.findByRole('dialog', { name: '选择图标' });
    expect(await within(dialog).findByRole('option', { name: 'HomeOutlined' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Font Awesome' }));
    const grid = await within(dialog).findByRole('listbox', { name: 'Font Awesome' });
    await within(grid).findByRole('option', { name: 'fa fa-home' });
    await user.click(within(dialog).getByRole('textbox', { name: '搜索图标名称' }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Eight a row: down from the first is the ninth.
    expect(within(grid).getByRole('option', { name: FA[8] })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(grid).getByRole('option', { name: FA.at(-1) })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('takes a typed name and shows its icon in front of it', STEPS, async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.type(screen.getByLabelText('图标'), 'fa fa-car');
    expect(screen.getByTestId('value')).toHaveTextContent('fa fa-car');
    expect(container.querySelector('[data-icon="fa fa-car"]')).not.toBeNull();
  });
});
