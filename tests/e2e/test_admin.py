"""The back office in Chromium: login, menus into tabs, the tab rules, layout persistence, and a
limited admin who sees only what its group grants while the API refuses the rest."""

from __future__ import annotations

import re
import uuid

import httpx
import pytest
from playwright.sync_api import Page, expect

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
    page.get_by_role("tab", name="管理员管理").get_by_role("button", name="关闭").click()
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


def test_limited_admin_sees_only_granted_menus_and_buttons(server, page: Page, browser) -> None:
    password = admin_password(server)
    api = httpx.Client(base_url=server.base_url, timeout=20, trust_env=False)
    token = api.post("/srv/admin/index/login", json={"username": "admin", "password": password}).json()[
        "data"
    ]["userInfo"]["token"]
    headers = {"batoken": token}
    rules = api.get("/srv/admin/auth/rule/index", headers=headers).json()["data"]["list"]

    def ids(tree, names):
        found = []
        for node in tree:
            if node["name"] in names:
                found.append(node["id"])
            found.extend(ids(node.get("children", []), names))
        return found

    granted = ids(rules, {"dashboard", "auth", "auth/admin", "auth/admin/index"})
    group_name = f"e2e-{uuid.uuid4().hex[:6]}"
    group = api.post(
        "/srv/admin/auth/group/add",
        json={"pid": 1, "name": group_name, "rules": granted},
        headers=headers,
    ).json()
    assert group["code"] == 1, group
    username = f"op{uuid.uuid4().hex[:8]}"
    created = api.post(
        "/srv/admin/auth/admin/add",
        json={
            "username": username,
            "nickname": "Operator",
            "password": "Operator_1",
            "group_arr": [group["data"]["id"]],
        },
        headers=headers,
    ).json()
    assert created["code"] == 1, created

    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 800})
    limited = context.new_page()
    log_in(limited, server, username, "Operator_1")
    nav = menu(limited)
    expect(nav.get_by_text("权限管理")).to_be_visible()
    expect(nav.get_by_text("会员管理")).to_have_count(0)
    expect(nav.get_by_text("常规管理")).to_have_count(0)
    nav.get_by_text("权限管理").click()
    expect(nav.get_by_text("角色组管理")).to_have_count(0)
    nav.get_by_text("管理员管理").click()
    page_area = limited.locator('[data-tab="/admin/auth/admin"]')
    expect(page_area.get_by_role("button", name=re.compile(r"^刷\s*新$"))).to_be_visible()
    # Only "index" is granted: no add, edit or delete buttons (a super admin has them, see below).
    expect(page_area.get_by_role("button", name=re.compile(r"^添\s*加$"))).to_have_count(0)
    expect(page_area.get_by_role("button", name=re.compile(r"^编\s*辑$"))).to_have_count(0)
    expect(page_area.get_by_role("button", name="删除所选")).to_have_count(0)
    # A route it may not see → /401.
    limited.goto(server.url("/admin/auth/group"))
    expect(limited).to_have_url(re.compile(r"/401$"))

    # The API refuses the rest.
    own = api.post("/srv/admin/index/login", json={"username": username, "password": "Operator_1"}).json()
    limited_headers = {"batoken": own["data"]["userInfo"]["token"]}
    refused = api.post("/srv/admin/auth/admin/add", json={}, headers=limited_headers).json()
    assert refused["code"] == 401
    assert api.get("/srv/admin/auth/group/index", headers=limited_headers).json()["code"] == 401
    assert api.get("/srv/admin/auth/admin/index", headers=limited_headers).json()["code"] == 1
    context.close()
