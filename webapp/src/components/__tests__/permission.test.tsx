import { render, screen } from '@testing-library/react';
import { menuNode } from '../../testing/menu-node';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAdminState, setMenus } from '../../lib/admin-store';
import { Auth, RoutePathContext, allowed } from '../permission';

const node = menuNode;

afterEach(() => resetAdminState());

describe('permission component', () => {
  it('keeps an element only when the route allows path + action', () => {
    setMenus([
      node({
        children: [node({ id: 2, type: 'button', name: 'auth/admin/index' }), node({ id: 3, type: 'button', name: 'auth/admin/add' })],
      }),
      node({ id: 4, name: 'auth/group', path: 'auth/group', children: [node({ id: 5, type: 'button', name: 'auth/group/del' })] }),
    ]);
    render(
      <RoutePathContext.Provider value="/admin/auth/admin">
        <Auth name="add">
          <button type="button">add</button>
        </Auth>
        <Auth name="del">
          <button type="button">del</button>
        </Auth>
      </RoutePathContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'add' })).toBeInTheDocument();
    // "del" is allowed on another route, not on this one.
    expect(screen.queryByRole('button', { name: 'del' })).not.toBeInTheDocument();
  });

  it('refuses everything for an unknown route', () => {
    expect(allowed({ '/admin/a': ['/admin/a/add'] }, '/admin/b', 'add')).toBe(false);
    expect(allowed({ '/admin/a': ['/admin/a/add'] }, '/admin/a', 'add')).toBe(true);
  });
});
