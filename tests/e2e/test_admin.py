"""The back office in Chromium: login, menus into tabs, the tab rules, layout persistence, and a
limited admin who sees only what its group grants while the API refuses the rest."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.steps import admin_headers, confirm, settled

pytestmark = pytest.mark.e2e


def admin_password(server) -> str:
    line = server.wait_for_output("password:", timeout=60)
    return line.rsplit("password:", 1)[1].strip()


def log_in(page: Page, server, username: str, password: str) -> None:
    page.goto(server.url("/admin/login"))
    form = page.get_by_test_id("admin-login")
    form.get_by_label("用户名").fill(username)
    form.get_by_label("密码").fill(password)
    form.get_by_role("button", name=re.compile(r"登\s*录")).click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"), timeout=20_000)


@contextmanager
def admin_page(browser: Browser, server, width: int = 1280, height: int = 800) -> Iterator[Page]:
    """A fresh browser context at `width` × `height`, logged in as the first admin."""
    context = browser.new_context(locale="zh-CN", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        log_in(page, server, "admin", admin_password(server))
        yield page
    finally:
        context.close()


def menu(page: Page):
    return page.get_by_role("navigation", name="后台菜单")


def tabs(page: Page):
    return page.get_by_role("tablist", name="已打开的页面").get_by_role("tab")


def test_super_admin_menus_tabs_and_layout(server, page: Page) -> None:
    log_in(page, server, "admin", admin_password(server))
    expect(page.get_by_test_id("greeting")).to_contain_text("Admin")
    expect(tabs(page)).to_have_count(1)

    # Open menus into tabs.
    menu(page).get_by_text("权限管理").click()
    settled(menu(page))
    menu(page).get_by_text("管理员管理").click()
    expect(page).to_have_url(re.compile(r"/admin/auth/admin$"))
    expect(page.get_by_role("cell", name="admin", exact=True)).to_be_visible()
    admins_tab = page.locator('[data-tab="/admin/auth/admin"]')
    expect(admins_tab.get_by_role("button", name=re.compile(r"^添\s*加$"))).to_be_visible()
    menu(page).get_by_text("菜单规则管理").click()
    expect(tabs(page)).to_have_count(3)
    # The same path again does not add a second tab.
    menu(page).get_by_text("管理员管理").click()
    expect(tabs(page)).to_have_count(3)
    expect(page.get_by_role("tab", name="管理员管理")).to_have_attribute("aria-selected", "true")

    # A tab keeps its state: type a quick search, switch away and back.
    search = page.locator('[data-tab="/admin/auth/admin"]').get_by_label("快速搜索")
    search.fill("keep-me")
    page.get_by_role("tab", name="控制台").click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"))
    page.get_by_role("tab", name="管理员管理").click()
    expect(search).to_have_value("keep-me")

    # Close one tab: its neighbour becomes active. Close all: back to the home tab.
    page.get_by_title("关闭“管理员管理”").click()  # the × is mouse-only; keyboard users press Delete
    expect(tabs(page)).to_have_count(2)
    page.get_by_role("button", name="关闭全部").click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"))
    expect(tabs(page)).to_have_count(1)

    # Dark mode, layout mode and full screen persist across a reload.
    page.get_by_role("button", name="布局设置").click()
    page.get_by_text("经典", exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_role("switch", name="深色模式").first.click()
    page.get_by_role("button", name="全屏").click()
    expect(page.locator('[data-fullscreen="true"]')).to_be_visible()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator('[data-fullscreen="true"]')).to_be_visible()
    page.get_by_role("button", name="退出全屏").click()
    expect(page.locator('[data-layout="Classic"]')).to_be_visible()


def rule_order(area) -> list[str]:
    """The rule titles in display order (each row has a "move up" control named after its rule)."""
    buttons = area.get_by_role("button", name=re.compile(r"^上移："))
    return [label.split("：", 1)[1] for label in buttons.evaluate_all("bs => bs.map(b => b.ariaLabel)")]


def test_menu_rules_reorder_by_drag_and_by_keyboard(server, page: Page) -> None:
    log_in(page, server, "admin", admin_password(server))
    page.goto(server.url("/admin/auth/rule"))
    area = page.locator('[data-tab="/admin/auth/rule"]')

    def position(name: str) -> int:
        return rule_order(area).index(name)

    def wait_until_before(first: str, second: str) -> None:
        for _ in range(100):
            if position(first) < position(second):
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"{first} never moved before {second}: {rule_order(area)}")

    def row(name: str):
        return area.get_by_role("row").filter(
            has=page.get_by_role("button", name=f"上移：{name}", exact=True)
        )

    expect(row("管理员管理")).to_be_visible()
    assert position("角色组管理") < position("管理员管理")

    # Drag "管理员管理" onto its sibling above: it takes that place, and keeps it after a reload.
    with page.expect_response("**/srv/admin/auth/rule/sortable"):
        row("管理员管理").drag_to(row("角色组管理"))
    wait_until_before("管理员管理", "角色组管理")
    page.reload()
    expect(row("管理员管理")).to_be_visible()
    assert position("管理员管理") < position("角色组管理")

    # The keyboard alternative: focus "move down" and press Enter; the order survives a reload.
    area.get_by_role("button", name="下移：管理员管理", exact=True).focus()
    with page.expect_response("**/srv/admin/auth/rule/sortable"):
        page.keyboard.press("Enter")
    wait_until_before("角色组管理", "管理员管理")
    page.reload()
    expect(row("管理员管理")).to_be_visible()
    assert position("角色组管理") < position("管理员管理")
    # The first sibling cannot move further up.
    expect(area.get_by_role("button", name="上移：控制台", exact=True)).to_be_disabled()


def add_form(page: Page, tab: str):
    """Open the add drawer of the table page at `tab` and return it."""
    page.goto(page.url.split("/admin/")[0] + tab)
    page.locator(f'[data-tab="{tab}"]').get_by_role("button", name=re.compile(r"^添\s*加$")).click()
    drawer = page.get_by_role("dialog", name="添加")
    expect(drawer).to_be_visible()
    return drawer


def save(drawer) -> None:
    drawer.get_by_role("button", name=re.compile(r"^保\s*存$")).click()
    expect(drawer).to_be_hidden()


def test_limited_admin_sees_only_granted_menus_and_buttons(server, page: Page, browser) -> None:
    """The super admin creates a group (rules ticked in the tree) and an admin in it through the
    forms; that admin sees only what the group grants and the API refuses the rest."""
    log_in(page, server, "admin", admin_password(server))
    group_name = f"e2e-{uuid.uuid4().hex[:6]}"
    username = f"op{uuid.uuid4().hex[:8]}"

    drawer = add_form(page, "/admin/auth/group")
    parent = drawer.get_by_label("上级分组")
    parent.click()
    parent.fill("超级管理组")
    parent.press("Enter")
    drawer.get_by_label("分组名称").fill(group_name)
    rules = drawer.get_by_role("tree", name="权限")
    rules.get_by_role("checkbox", name="控制台", exact=True).click()
    # Buttons repeat under every menu; their accessible name says which menu they belong to.
    rules.get_by_role("checkbox", name="查看 (管理员管理)").click()
    rules.get_by_role("checkbox", name="管理员日志管理", exact=True).click()
    expect(rules.get_by_role("checkbox", name="权限管理", exact=True)).to_have_attribute(
        "aria-checked", "mixed"
    )
    expect(rules.get_by_role("checkbox", name="添加 (管理员管理)")).to_have_attribute("aria-checked", "false")
    save(drawer)
    expect(page.get_by_role("cell", name=group_name, exact=True)).to_be_visible()

    drawer = add_form(page, "/admin/auth/admin")
    drawer.get_by_label("用户名", exact=True).fill(username)
    drawer.get_by_label("昵称", exact=True).fill("Operator")
    groups = drawer.get_by_label("所属分组")
    groups.fill(group_name)
    groups.press("Enter")
    drawer.get_by_label("密码", exact=True).fill("Operator_1")
    save(drawer)
    row = page.get_by_role("row").filter(has=page.get_by_role("cell", name=username, exact=True))
    expect(row.get_by_text(group_name, exact=True)).to_be_visible()

    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 800})
    limited = context.new_page()
    limited.set_default_timeout(15_000)
    log_in(limited, server, username, "Operator_1")
    nav = menu(limited)
    expect(nav.get_by_text("权限管理")).to_be_visible()
    expect(nav.get_by_text("会员管理")).to_have_count(0)
    expect(nav.get_by_text("常规管理")).to_have_count(0)
    nav.get_by_text("权限管理").click()
    expect(nav.get_by_text("管理员日志管理")).to_be_visible()
    expect(nav.get_by_text("角色组管理")).to_have_count(0)
    expect(nav.get_by_text("菜单规则管理")).to_have_count(0)
    settled(nav)
    nav.get_by_text("管理员管理").click()
    page_area = limited.locator('[data-tab="/admin/auth/admin"]')
    expect(page_area.get_by_role("button", name=re.compile(r"^刷\s*新$"))).to_be_visible()
    expect(page_area.get_by_role("cell", name=username, exact=True)).to_be_visible()
    # Only "index" is granted: no add, edit or delete buttons (the super admin had them above).
    expect(page_area.get_by_role("button", name=re.compile(r"^添\s*加$"))).to_have_count(0)
    expect(page_area.get_by_role("button", name=re.compile(r"^编\s*辑$"))).to_have_count(0)
    expect(page_area.get_by_role("button", name="删除所选")).to_have_count(0)
    # A route it may not see → /401.
    limited.goto(server.url("/admin/auth/group"))
    expect(limited).to_have_url(re.compile(r"/401$"))

    # The API refuses the rest, with the token the browser holds.
    headers = admin_headers(limited)
    refused = limited.request.post(server.url("/srv/admin/auth/admin/add"), data={}, headers=headers).json()
    assert refused["code"] == 401, refused
    assert refused["msg"] == "您没有权限进行此操作！", refused
    assert (
        limited.request.get(server.url("/srv/admin/auth/group/index"), headers=headers).json()["code"] == 401
    )
    assert limited.request.get(server.url("/srv/admin/auth/admin/index"), headers=headers).json()["code"] == 1
    context.close()


def test_delete_one_row_and_a_batch_from_a_list(server, page: Page) -> None:
    """Issue 9 item 1: the row's delete button and the batch delete both remove rows for good."""
    log_in(page, server, "admin", admin_password(server))
    headers = admin_headers(page)
    names = [f"del-{uuid.uuid4().hex[:6]}-{n}" for n in range(4)]
    for name in names:
        added = page.request.post(
            server.url("/srv/admin/user/group/add"), data={"name": name}, headers=headers
        ).json()
        assert added["code"] == 1, added
    page.goto(server.url("/admin/user/group"))
    area = page.locator('[data-tab="/admin/user/group"]')

    def row(name: str):
        return area.get_by_role("row").filter(has=page.get_by_role("cell", name=name, exact=True))

    for name in names:
        expect(row(name)).to_be_visible()

    # One row, from its own delete button.
    row(names[0]).get_by_role("button", name=re.compile(r"^删\s*除$")).click()
    confirm(page, r"^确\s*定$")
    expect(page.get_by_text("删除成功")).to_be_visible()
    expect(row(names[0])).to_have_count(0)

    # Two rows at once: tick them, then "delete selected".
    row(names[1]).get_by_role("checkbox").check()
    row(names[2]).get_by_role("checkbox").check()
    area.get_by_role("button", name="删除所选").click()
    confirm(page, r"^确\s*定$")
    expect(row(names[1])).to_have_count(0)
    expect(row(names[2])).to_have_count(0)

    # Gone for good; the untouched row stays.
    page.reload()
    expect(row(names[3])).to_be_visible()
    for name in names[:3]:
        expect(row(name)).to_have_count(0)
