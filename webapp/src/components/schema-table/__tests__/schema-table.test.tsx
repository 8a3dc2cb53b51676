import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { menuNode } from '../../../testing/menu-node';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { server } from '../../../testing/server';
import { okResponse } from '../../../testing/envelope';
import { SchemaTable } from '../schema-table';
import { sdk } from '../../../lib/api/client';
import { tableApi } from '../../../lib/table-api';
import { resetAdminState, setMenus } from '../../../lib/admin-store';
import { RoutePathContext } from '../../permission';

const node = menuNode;

beforeAll(() => loadNamespaces('zh-cn', ['admin/common']));
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
        <SchemaTable
          config={{
            api: tableApi({
              index: sdk.authAdminIndex,
              editRow: sdk.authAdminEditRow,
              add: sdk.authAdminAdd,
              edit: sdk.authAdminEdit,
              del: sdk.authAdminDel,
            }),
            columns: [{ key: 'username', title: 'Username' }],
          }}
        />
      </RoutePathContext.Provider>,
    );
    const boss = (await screen.findByText('boss')).closest('tr')!;
    const clerk = screen.getByText('clerk').closest('tr')!;
    for (const button of within(boss).getAllByRole('button')) expect(button).toBeDisabled();
    expect(within(boss).getByRole('checkbox')).toBeDisabled();
    for (const button of within(clerk).getAllByRole('button')) expect(button).toBeEnabled();
    expect(within(clerk).getByRole('checkbox')).toBeEnabled();
  });

  it("opens the page's own form from the Add button, which stays first after Refresh", { timeout: 30_000 }, async () => {
    setMenus([
      node({
        name: 'security/sensitiveData',
        path: 'security/sensitiveData',
        children: [node({ id: 10, type: 'button', name: 'security/sensitiveData/add' })],
      }),
    ]);
    server.use(http.get('*/srv/admin/security/sensitiveData/index', () => okResponse({ list: [], total: 0, remark: '' })));
    const onAdd = vi.fn();
    render(
      <RoutePathContext.Provider value="/admin/security/sensitiveData">
        <SchemaTable
          config={{
            api: tableApi({
              index: sdk.securitySensitiveDataIndex,
              editRow: sdk.securitySensitiveDataEditRow,
              add: sdk.securitySensitiveDataAdd,
              edit: sdk.securitySensitiveDataEdit,
              del: sdk.securitySensitiveDataDel,
            }),
            columns: [{ key: 'title', title: 'Title' }],
            onAdd,
            toolbar: () => <button type="button">Page tool</button>,
          }}
        />
      </RoutePathContext.Provider>,
    );
    const add = await screen.findByRole('button', { name: /添\s*加/ });
    const names = screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    expect(names.indexOf(add.textContent!.replace(/\s/g, ''))).toBeLessThan(names.indexOf('Pagetool'));
    await userEvent.click(add);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers moving rows in the list’s own order only, not under a column’s order', { timeout: 30_000 }, async () => {
    setMenus([
      node({
        name: 'auth/rule',
        path: 'auth/rule',
        children: ['index', 'sortable'].map((action, i) => node({ id: 10 + i, type: 'button', name: `auth/rule/${action}` })),
      }),
    ]);
    const orders: Array<string | null> = [];
    server.use(
      http.get('*/srv/admin/auth/rule/index', ({ request }) => {
        orders.push(new URL(request.url).searchParams.get('order'));
        return okResponse({
          list: [
            { id: 1, name: 'first' },
            { id: 2, name: 'second' },
          ],
          total: 2,
          remark: '',
          sortable: ['id', 'name'],
        });
      }),
    );
    render(
      <RoutePathContext.Provider value="/admin/auth/rule">
        <SchemaTable
          config={{
            api: tableApi({ index: sdk.authRuleIndex, sortable: sdk.authRuleSortable }),
            sortable: true,
            columns: [{ key: 'name', title: 'Name' }],
          }}
        />
      </RoutePathContext.Provider>,
    );
    await screen.findByText('first');
    expect(screen.getByRole('button', { name: '下移：first' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await vi.waitFor(() => expect(orders).toContain('name,asc'));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: '下移：first' })).not.toBeInTheDocument());
  });
});
