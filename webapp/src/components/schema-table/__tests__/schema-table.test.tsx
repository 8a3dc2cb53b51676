import { render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { menuNode } from '../../../testing/menu-node';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/server';
import { okResponse } from '../../../testing/envelope';
import { SchemaTable } from '../schema-table';
import { tableApi } from '../../../lib/table-api';
import { resetAdminState, setMenus } from '../../../lib/admin-store';
import { RoutePathContext } from '../../permission';

const node = menuNode;

afterEach(() => resetAdminState());

describe('schema table', () => {
  // The first antd table of a worker takes more than the default 5 s on a busy two-core machine.
  it('disables edit, delete and the checkbox of rows the API marks as not editable', { timeout: 30_000 }, async () => {
    setMenus([
      node({
        children: ['index', 'edit', 'del'].map((action, i) => node({ id: 10 + i, type: 'button', name: `auth/admin/${action}` })),
      }),
    ]);
    server.use(
      http.get('*/srv/admin/auth/admin/index', () =>
        okResponse({
          list: [
            { id: 1, username: 'boss', editable: false },
            { id: 2, username: 'clerk', editable: true },
          ],
          total: 2,
          remark: '',
        }),
      ),
    );
    render(
      <RoutePathContext.Provider value="/admin/auth/admin">
        <SchemaTable config={{ api: tableApi('/admin/auth/admin'), columns: [{ key: 'username', title: 'Username' }] }} />
      </RoutePathContext.Provider>,
    );
    const boss = (await screen.findByText('boss')).closest('tr')!;
    const clerk = screen.getByText('clerk').closest('tr')!;
    for (const button of within(boss).getAllByRole('button')) expect(button).toBeDisabled();
    expect(within(boss).getByRole('checkbox')).toBeDisabled();
    for (const button of within(clerk).getAllByRole('button')) expect(button).toBeEnabled();
    expect(within(clerk).getByRole('checkbox')).toBeEnabled();
  });
});
