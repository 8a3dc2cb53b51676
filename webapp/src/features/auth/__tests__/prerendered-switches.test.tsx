/**
 * The language and theme switches of the pre-rendered login screens take the visitor's first click
 * (issue 32 #11): in the markup rendered at build time they are not inert (an inert element takes no
 * click at all, so the boot script could not hold it for the app to repeat).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthFrame } from '../../../components/auth-frame';

describe('the pre-rendered login frame', () => {
  it('renders the language and theme switches clickable, not inert', () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderToString(
      <AuthFrame title="登录" titleId="t">
        <p>form</p>
      </AuthFrame>,
    );
    const switches = holder.querySelectorAll('header button[type="button"]');
    expect(switches.length).toBe(3); // 简体中文, English, the theme
    switches.forEach((button) => expect(button.closest('[inert]')).toBeNull());
  });
});
