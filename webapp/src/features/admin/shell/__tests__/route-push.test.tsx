/**
 * The navigation messages of SPEC §8 where the back office navigates: a menu that cannot open (type
 * unrecognized, nothing to open), a page the admin may not open (guard intercepted), the page already
 * shown (a warning), an address the back office does not have (invalid route); and drag sort beyond the
 * movable range (a row dropped among another parent's rows).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoutePathContext } from '../../../../components/permission';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import { resetAdminState, setMenus } from '../../../../lib/admin-store';
import { menuTarget } from '../../../../lib/admin-tabs';
import { i18n, loadNamespaces } from '../../../../lib/i18n';
import { attachNoticeSink, type Notice } from '../../../../lib/notify';
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';
import { menuNode } from '../../../../testing/menu-node';
import { server } from '../../../../testing/server';
import { okResponse } from '../../../../testing/envelope';
import { navigationProblem, useRoutePush } from '../route-push';

const ROUTES = { routes: { '/admin/auth/admin': menuNode({}), '/admin/dashboard': menuNode({ name: 'dashboard', path: 'dashboard' }) } };

let notices: Notice[] = [];
beforeAll(async () => {
  await loadNamespaces('en', ['general', 'admin/common']);
  await loadNamespaces('zh-cn', ['admin/common']);
});
beforeEach(() => {
  notices = [];
  attachNoticeSink((notice) => notices.push(notice));
});
afterEach(async () => {
  attachNoticeSink(null);
  resetAdminState();
  await act(async () => {
    await i18n.changeLanguage('zh-cn');
  });
});

describe('navigation problems', () => {
  it('a menu that cannot open says why', () => {
    const unrecognized = menuTarget({ path: 'x', menu_type: 'popup', url: '' });
    expect(unrecognized.kind).toBe('invalid');
    expect(navigationProblem(unrecognized.to, '/admin/dashboard', ROUTES)).toBe('unrecognizedMenuType');
    for (const menu of [
      { path: 'x', menu_type: 'link', url: '' },
      { path: 'x', menu_type: 'iframe', url: '' },
      { path: '', menu_type: 'tab', url: '' },
    ]) {
      const target = menuTarget(menu);
      expect(target.kind).toBe('invalid');
      expect(navigationProblem(target.to, '/admin/dashboard', ROUTES)).toBe('invalidRoute');
    }
  });

  it('tells a page the admin may not open, the page already shown and an unknown address apart', () => {
    expect(navigationProblem('/admin/auth/admin', '/admin/dashboard', ROUTES)).toBeNull();
    expect(navigationProblem('/admin/auth/admin', '/admin/auth/admin', ROUTES)).toBe('alreadyAtTarget');
    // The same page with another query is another target.
    expect(navigationProblem('/admin/auth/admin?x=1', '/admin/auth/admin', ROUTES)).toBeNull();
    // A page of the app the admin's menus do not grant: the route guard would send it to /401.
    expect(navigationProblem('/admin/auth/group', '/admin/dashboard', ROUTES)).toBe('guardIntercepted');
    expect(navigationProblem('/admin/no/such/page', '/admin/dashboard', ROUTES)).toBe('invalidRoute');
    expect(navigationProblem('/user/index', '/admin/dashboard', ROUTES)).toBe('invalidRoute');
    expect(navigationProblem('https://example.com/admin/x', '/admin/dashboard', ROUTES)).toBe('invalidRoute');
    expect(navigationProblem('/admin/iframe/https%3A%2F%2Fexample.com', '/admin/dashboard', ROUTES)).toBeNull();
  });
});

function Links() {
  const push = useRoutePush();
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{location.pathname}</p>
      {['/admin/dashboard', '/admin/auth/admin', '/admin/auth/group', '/admin/nowhere'].map((to) => (
        <button key={to} onClick={() => push(to)}>
          {to}
        </button>
      ))}
    </>
  );
}

describe('useRoutePush', () => {
  it('goes, or shows the SPEC message in the language of the page', async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    setMenus([menuNode({ id: 1 }), menuNode({ id: 2, name: 'dashboard', path: 'dashboard', component: 'dashboard' })]);
    const router = createMemoryRouter([{ path: '*', element: <Links /> }], { initialEntries: ['/admin/dashboard'] });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '/admin/dashboard' }));
    await user.click(screen.getByRole('button', { name: '/admin/auth/group' }));
    await user.click(screen.getByRole('button', { name: '/admin/nowhere' }));
    expect(screen.getByTestId('at')).toHaveTextContent('/admin/dashboard');
    expect(notices).toEqual([
      { type: 'warning', text: 'Already at the navigation target' },
      { type: 'error', text: 'Navigation guard intercepted' },
      { type: 'error', text: 'Invalid route' },
    ]);
    await user.click(screen.getByRole('button', { name: '/admin/auth/admin' }));
    expect(screen.getByTestId('at')).toHaveTextContent('/admin/auth/admin');
    expect(notices).toHaveLength(3);
  });
});

describe('drag sort', () => {
  it('a row dropped among another parent’s rows is beyond the movable range: nothing is sent', { timeout: 30_000 }, async () => {
    setMenus([
      menuNode({ name: 'auth/rule', path: 'auth/rule', children: [menuNode({ id: 10, type: 'button', name: 'auth/rule/sortable' })] }),
    ]);
    let sorted = 0;
    server.use(
      http.get('*/srv/admin/auth/rule/index', () =>
        okResponse({
          list: [
            { id: 1, pid: 0, name: 'Parent A', children: [{ id: 3, pid: 1, name: 'Child A1' }] },
            { id: 2, pid: 0, name: 'Parent B', children: [{ id: 4, pid: 2, name: 'Child B1' }] },
          ],
          total: 4,
          remark: '',
        }),
      ),
      http.post('*/srv/admin/auth/rule/sortable', () => {
        sorted += 1;
        return HttpResponse.json({ code: 1, msg: '', time: 1, data: null });
      }),
    );
    render(
      <RoutePathContext.Provider value="/admin/auth/rule">
        <SchemaTable
          config={{
            api: tableApi({ index: sdk.authRuleIndex, sortable: sdk.authRuleSortable }),
            tree: true,
            sortable: true,
            columns: [{ key: 'name', title: 'Name' }],
          }}
        />
      </RoutePathContext.Provider>,
    );
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    fireEvent.dragStart(await row('Child A1'));
    fireEvent.drop(await row('Child B1'));
    expect(notices).toEqual([{ type: 'error', text: '移动位置超出了可移动范围' }]);
    expect(sorted).toBe(0);
    // Among siblings it is sent.
    fireEvent.dragStart(await row('Parent A'));
    fireEvent.drop(await row('Parent B'));
    await waitFor(() => expect(sorted).toBe(1));
    expect(notices.filter((n) => n.type === 'error')).toHaveLength(1);
  });
});
