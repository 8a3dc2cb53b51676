/**
 * Editable config groups on the Basics tab: a group is added as a row and saved with the tab; a group
 * that still has items cannot be removed (its button is disabled and says why); a bad name or a missing
 * title is refused before anything is sent.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoutePathContext } from '../../../../../components/permission';
import { resetAdminState, setMenus } from '../../../../../lib/admin-store';
import { loadNamespaces } from '../../../../../lib/i18n';
import { menuNode } from '../../../../../testing/menu-node';
import { server } from '../../../../../testing/server';
import ConfigPage from '../config-page';
import { groupsProblem } from '../config-groups';

const STEPS = { timeout: 30_000 };

const GROUPS = [
  { name: 'site', title: '基础配置', title_en: 'Basics' },
  { name: 'mail', title: '邮件配置', title_en: 'Mail' },
  { name: 'weather', title: '天气', title_en: 'Weather' },
];
const item = (group: string, name: string, type: string, value: unknown, title = name) => ({
  group,
  name,
  title,
  tip: '',
  type,
  value,
  has_value: true,
  content: null,
  builtin: true,
});

let saved: unknown[] = [];

beforeAll(() => loadNamespaces('zh-cn', ['admin/common']));
beforeEach(() => {
  saved = [];
  setMenus([
    menuNode({
      name: 'routine/config',
      path: 'routine/config',
      children: ['index', 'edit'].map((action, i) => menuNode({ id: 10 + i, type: 'button', name: `routine/config/${action}` })),
    }),
  ]);
  server.use(
    http.get('*/srv/admin/routine/config/index', () =>
      HttpResponse.json({
        code: 1,
        msg: '',
        time: 1,
        data: {
          remark: '',
          list: [
            {
              ...GROUPS[0],
              list: [item('site', 'version', 'string', 'v1'), item('site', 'config_group', 'config_group', GROUPS, '配置分组')],
            },
            { ...GROUPS[1], list: [item('mail', 'smtp_server', 'string', '')] },
            { ...GROUPS[2], list: [] },
          ],
        },
      }),
    ),
    http.post('*/srv/admin/routine/config/edit', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ code: 1, msg: '保存成功', time: 1, data: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  resetAdminState();
});

function renderPage() {
  render(
    <RoutePathContext.Provider value="/admin/routine/config">
      <ConfigPage />
    </RoutePathContext.Provider>,
  );
}

describe('config groups', () => {
  it('adds a group as a row and saves it with the Basics tab', STEPS, async () => {
    const user = userEvent.setup();
    renderPage();
    const groups = await screen.findByRole('group', { name: '配置分组' });
    expect(within(groups).getByRole('textbox', { name: '第 1 个分组的变量名' })).toHaveValue('site');
    // A saved group keeps its name (its items are filed under it).
    expect(within(groups).getByRole('textbox', { name: '第 1 个分组的变量名' })).toBeDisabled();
    await user.click(within(groups).getByRole('button', { name: /添加分组/ }));
    await user.type(within(groups).getByRole('textbox', { name: '第 4 个分组的变量名' }), 'traffic');
    await user.type(within(groups).getByRole('textbox', { name: '第 4 个分组的中文标题' }), '交通');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as { group: string; values: { config_group: unknown[] } };
    expect(body.group).toBe('site');
    expect(body.values.config_group).toEqual([...GROUPS, { name: 'traffic', title: '交通', title_en: '' }]);
  });

  it('does not let a group with items be removed, and removes an empty one', STEPS, async () => {
    const user = userEvent.setup();
    renderPage();
    const groups = await screen.findByRole('group', { name: '配置分组' });
    const mail = within(groups).getByRole('button', { name: '删除分组“邮件配置”' });
    expect(mail).toBeDisabled();
    expect(mail).toHaveAccessibleDescription('分组中还有配置项，不能删除');
    await user.click(within(groups).getByRole('button', { name: '删除分组“天气”' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { values: { config_group: unknown[] } }).values.config_group).toEqual(GROUPS.slice(0, 2));
  });

  it('refuses a bad name or a missing title before sending', STEPS, async () => {
    const user = userEvent.setup();
    renderPage();
    const groups = await screen.findByRole('group', { name: '配置分组' });
    await user.click(within(groups).getByRole('button', { name: /添加分组/ }));
    await user.type(within(groups).getByRole('textbox', { name: '第 4 个分组的变量名' }), 'Traffic');
    await user.type(within(groups).getByRole('textbox', { name: '第 4 个分组的中文标题' }), '交通');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('分组变量名须以小写字母开头，只能包含小写字母、数字和下划线')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('checks a list as the server does', () => {
    const t = (key: string, vars?: Record<string, unknown>) => `${key}${vars ? JSON.stringify(vars) : ''}`;
    expect(groupsProblem(GROUPS, t)).toBeNull();
    expect(groupsProblem([], t)).toBe('config.groupsCount{"count":20}');
    expect(groupsProblem([...GROUPS, GROUPS[0]], t)).toBe('config.groupTwice{"name":"site"}');
    expect(groupsProblem([{ name: 'x', title: ' ', title_en: '' }], t)).toBe('config.groupTitle{"count":30}');
    expect(groupsProblem([{ name: '1x', title: 'a', title_en: '' }], t)).toBe('config.groupName');
  });
});
