"""The back-office shell in Chromium (issue 17): ten tabs in one strip — the active one in view, the
others behind the strip's "more" menu —, the tabs kept across a reload, the strip used by keyboard; on a
390 px phone the header's tools behind one menu, the side menu in a drawer and no page scrolling
sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import settled
from tests.e2e.test_admin import admin_password, log_in, tabs

pytestmark = pytest.mark.e2e

# The seeded menu pages (functions/services/rules.py) with their zh-cn titles; the dashboard first.
PAGES = {
    "/admin/dashboard": "控制台",
    "/admin/auth/group": "角色组管理",
    "/admin/auth/admin": "管理员管理",
    "/admin/auth/rule": "菜单规则管理",
    "/admin/auth/adminLog": "管理员日志管理",
    "/admin/user/user": "会员管理",
    "/admin/user/group": "会员分组管理",
    "/admin/user/rule": "会员规则管理",
    "/admin/user/moneyLog": "会员余额管理",
    "/admin/user/scoreLog": "会员积分管理",
    "/admin/routine/config": "系统配置",
    "/admin/routine/attachment": "附件管理",
    "/admin/routine/adminInfo": "个人资料",
}


def tab(page: Page, path: str) -> Locator:
    return page.locator(f'[data-node-key="{path}"]').get_by_role("tab")


IN_STRIP = """(path) => {
  const tab = document.querySelector(`[data-node-key="${path}"]`).getBoundingClientRect();
  const strip = document.querySelector('.ant-tabs-nav-wrap').getBoundingClientRect();
  return tab.width > 0 && tab.left >= strip.left - 1 && tab.right <= strip.right + 1;
}"""


def fully_in_strip(page: Page, path: str) -> bool:
    """Whether the tab of `path` is wholly inside the visible part of the strip (not clipped)."""
    return page.evaluate(IN_STRIP, path)


def wait_in_strip(page: Page, path: str) -> None:
    """Wait until the strip has scrolled the tab of `path` wholly into view (it slides there)."""
    page.wait_for_function(IN_STRIP, arg=path, timeout=5_000)


def test_ten_tabs_stay_reachable_survive_a_reload_and_work_by_keyboard(server, page: Page) -> None:
    log_in(page, server, "admin", admin_password(server))
    expect(tabs(page)).to_have_count(1)
    ten = list(PAGES)[:10]
    # Each address is a fresh page load: the tabs opened before come back every time.
    for path in ten[1:]:
        page.goto(server.url(path))
        expect(tab(page, path)).to_have_attribute("aria-selected", "true")
        expect(page).to_have_title(f"{PAGES[path]} - 城市运营公司")
    expect(tabs(page)).to_have_count(10)
    expect(tabs(page)).to_have_text([PAGES[path] for path in ten])

    # The active (last) tab is in view; those that do not fit are listed in the "more" menu.
    wait_in_strip(page, ten[-1])
    assert not fully_in_strip(page, ten[0])
    # (The "more" button is for the mouse: hidden from screen readers, who have every tab in the list.)
    more = page.get_by_title("更多已打开的页面")
    expect(more).to_be_visible()
    more.click()
    page.get_by_role("option", name=re.compile("^控制台")).click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"))
    expect(tab(page, ten[0])).to_have_attribute("aria-selected", "true")
    wait_in_strip(page, ten[0])
    expect(page).to_have_title("控制台 - 城市运营公司")

    # A reload keeps all ten, in order, with the page of the address selected.
    page.reload()
    expect(tabs(page)).to_have_count(10)
    expect(tabs(page)).to_have_text([PAGES[path] for path in ten])
    expect(tab(page, ten[0])).to_have_attribute("aria-selected", "true")
    expect(page.locator('[data-tab="/admin/dashboard"]')).to_be_visible()

    # Keyboard: the tab after the account menu is the selected tab; arrows move, Enter opens.
    page.get_by_test_id("admin-menu").focus()
    page.keyboard.press("Tab")
    expect(tab(page, ten[0])).to_be_focused()
    page.keyboard.press("End")
    expect(tab(page, ten[-1])).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(tab(page, ten[-2])).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/admin/user/moneyLog$"))
    expect(tab(page, ten[-2])).to_have_attribute("aria-selected", "true")
    wait_in_strip(page, ten[-2])
    expect(page.locator('[data-tab="/admin/user/moneyLog"]')).to_be_visible()

    # Delete closes the focused tab; Shift+F10 opens a tab's menu, which takes the keyboard.
    expect(tab(page, ten[-2])).to_have_accessible_description(re.compile("Delete"))
    page.keyboard.press("Delete")
    expect(tabs(page)).to_have_count(9)
    tab(page, ten[1]).focus()
    page.keyboard.press("Shift+F10")
    expect(page.get_by_role("menuitem", name="关闭其他")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("menuitem", name="关闭其他")).to_be_hidden()
    # A tab's "×" (title: close and its name) closes it; "close all" keeps the home tab.
    page.get_by_title("关闭“角色组管理”").click()
    expect(tabs(page)).to_have_count(8)
    page.get_by_role("button", name="关闭全部").click()
    expect(tabs(page)).to_have_text(["控制台"])
    page.reload()
    expect(tabs(page)).to_have_text(["控制台"])


def test_a_phone_gets_the_tools_in_a_menu_and_no_sideways_scrolling(server, browser: Browser) -> None:
    phone = {"width": 390, "height": 844}
    context = browser.new_context(locale="zh-CN", viewport=phone, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, server, "admin", admin_password(server))
        expect(page.get_by_role("heading", level=1, name="后台管理")).to_be_visible()
        expect(page.get_by_role("tablist", name="已打开的页面")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        # The header keeps three controls: the menu, the tools and the account.
        header = page.locator("header")
        for name in ("打开菜单", "工具", "Admin 的账户菜单"):
            box = header.get_by_role("button", name=name).bounding_box()
            assert box is not None and box["width"] >= 24 and box["x"] + box["width"] <= 390, name

        page.get_by_role("button", name="工具").click()
        tools = page.get_by_role("dialog", name="工具")
        for name in ("关闭全部", "刷新", "全屏", "布局设置", "清理缓存", "English"):
            expect(tools.get_by_role("button", name=name)).to_be_visible()
        expect(tools.get_by_role("switch", name="深色模式")).to_be_visible()
        tools.get_by_role("button", name="English").click()
        expect(page.get_by_role("heading", level=1, name="Back office")).to_be_visible()
        expect(page).to_have_title("Dashboard - City Operations Company")
        expect(page.get_by_role("dialog", name="Tools")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.get_by_role("dialog", name="Tools")).to_be_hidden()

        # The side menu is a drawer.
        page.get_by_role("button", name="Open the menu").click()
        nav = page.get_by_role("navigation", name="Back-office menu")
        settled(nav)
        routine = nav.get_by_role("menuitem", name="Routine")
        routine.click()
        expect(routine).to_have_attribute("aria-expanded", "true")
        settled(nav)
        nav.get_by_role("menuitem", name="Attachments").click()
        expect(page).to_have_url(re.compile(r"/admin/routine/attachment$"))
        expect(nav).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        # No back-office page makes the phone scroll sideways.
        for path in PAGES:
            page.goto(server.url(path))
            expect(tab(page, path)).to_have_attribute("aria-selected", "true")
            page.wait_for_load_state("networkidle")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    finally:
        context.close()
