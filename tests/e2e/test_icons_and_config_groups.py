"""Issue 15 part 3 in Chromium: a Font Awesome icon picked for a menu rule is drawn in the side menu
(the icon sheets are self-hosted and loaded by the back office); clicking the page already shown says so
(SPEC §8); a config group added and removed on the Basics tab, one with items kept; the pages fade in,
except with reduced motion (SPEC §9). zh-cn at 1440, en at 390."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import settled
from tests.e2e.test_admin import admin_page, admin_password, log_in, menu

pytestmark = pytest.mark.e2e

SHOTS = "/tmp/h/spec15"


def test_a_font_awesome_icon_picked_for_a_menu_rule_shows_in_the_menu(server, browser: Browser) -> None:
    with admin_page(browser, server, 1440, 900) as page:
        sheets = []
        page.on(
            "request", lambda r: sheets.append(r.url) if r.resource_type in ("stylesheet", "font") else None
        )
        page.goto(server.url("/admin/auth/rule"))
        page.get_by_role("button", name=re.compile(r"^添\s*加$")).click()
        drawer = page.get_by_role("dialog", name="添加")
        drawer.get_by_label("规则标题").fill("图标测试")
        drawer.get_by_label("规则名称").fill("iconTest")
        drawer.get_by_label("路由路径").fill("iconTest")
        drawer.get_by_role("button", name="选择图标").click()
        picker = page.get_by_role("dialog", name="选择图标")
        settled(picker)  # the popover has zoomed in: a click while it moves can miss the tab
        # The site's own drawings: the build writes a rule per SVG of the set's folder into its sheet.
        local = picker.get_by_role("tab", name="本地")
        before = local.bounding_box()
        local.click()
        expect(local).to_have_attribute("aria-selected", "true")
        assert local.bounding_box() == before  # 7 icons or 41: the panel keeps its size, the tabs stay
        drawings = Path(__file__).parents[2] / "webapp/src/features/admin/shell/icon-sheets/local"
        for svg in sorted(drawings.glob("*.svg")):
            option = picker.get_by_role("option", name=f"local-{svg.stem}", exact=True)
            expect(option).to_be_visible()
            drawn = option.locator(f"i.local-{svg.stem}")
            assert drawn.evaluate("el => getComputedStyle(el).getPropertyValue('--local-icon')").startswith(
                "url("
            ), svg.name
        page.screenshot(path=f"{SHOTS}/picker-local-zh-1440.png")
        picker.get_by_role("tab", name="Font Awesome").click()
        picker.get_by_role("textbox", name="搜索图标名称").fill("truck")
        option = picker.get_by_role("option", name="fa fa-truck", exact=True)
        expect(option).to_be_visible()
        page.screenshot(path=f"{SHOTS}/picker-zh-1440.png")
        option.click()
        expect(picker).to_be_hidden()
        expect(drawer.get_by_label("图标")).to_have_value("fa fa-truck")
        drawer.get_by_role("button", name=re.compile(r"^保\s*存$")).click()
        expect(drawer).to_be_hidden(timeout=15_000)
        row = page.get_by_role("row").filter(has_text="图标测试")
        expect(row.locator("i.fa.fa-truck")).to_be_visible()

        # The menus come with the next start of the back office.
        page.reload()
        entry = menu(page).get_by_role("menuitem", name="图标测试")
        icon = entry.locator("i.fa-truck")
        expect(icon).to_be_visible()
        assert "FontAwesome" in icon.evaluate("el => getComputedStyle(el).fontFamily")
        assert icon.evaluate("el => getComputedStyle(el, '::before').content") not in ("none", "normal", '""')
        page.wait_for_function("document.fonts.check('14px FontAwesome')")
        # Every sheet and font came from this site (no third-party CDN).
        origin = urlparse(server.url("/")).netloc
        assert any("font-awesome" in url for url in sheets)
        assert all(urlparse(url).netloc == origin for url in sheets), sheets
        page.screenshot(path=f"{SHOTS}/menu-icon-zh-1440.png")

        # Clicking the page already shown: SPEC §8's message instead of a navigation.
        menu(page).get_by_role("menuitem", name="菜单规则管理").click()
        expect(page.get_by_text("已在导航目标页面")).to_be_visible()

        # Clean up: the rule goes.
        page.goto(server.url("/admin/auth/rule"))
        row = page.get_by_role("row").filter(has_text="图标测试")
        row.get_by_role("button", name="删除").click()
        page.get_by_role("button", name=re.compile(r"^确\s*定$")).click()
        expect(page.get_by_role("row").filter(has_text="图标测试")).to_have_count(0, timeout=15_000)


def test_a_config_group_is_added_and_removed_and_one_with_items_is_kept(server, browser: Browser) -> None:
    with admin_page(browser, server, 390, 844) as page:
        page.goto(server.url("/admin/routine/config?lang=en"))
        groups = page.get_by_role("group", name="Config groups")
        mail = groups.get_by_role("button", name="Remove group Mail")
        expect(mail).to_be_disabled()
        expect(mail).to_have_accessible_description("Still holds config items: cannot be removed")
        expect(page.get_by_text("A group that still has config items cannot be removed.")).to_be_visible()

        groups.get_by_role("button", name="Add group").click()
        count = groups.get_by_role("textbox", name=re.compile(r"^Name of group \d+$")).count()
        groups.get_by_role("textbox", name=f"Name of group {count}").fill("weather")
        groups.get_by_role("textbox", name=f"Chinese title of group {count}").fill("天气")
        groups.get_by_role("textbox", name=f"English title of group {count}").fill("Weather")
        page.get_by_role("button", name="Save").first.click()
        expect(page.get_by_role("tab", name="Weather")).to_be_visible()
        page.screenshot(path=f"{SHOTS}/config-groups-en-390.png", full_page=True)

        groups.get_by_role("button", name="Remove group Weather").click()
        page.get_by_role("button", name="Save").first.click()
        expect(page.get_by_role("tab", name="Weather")).to_have_count(0)


def test_pages_fade_in_except_with_reduced_motion(server, browser: Browser) -> None:
    animation = "el => getComputedStyle(el).animationName"
    with admin_page(browser, server, 1440, 900) as page:
        shown = page.locator('[data-tab="/admin/dashboard"]')
        expect(shown).to_be_visible()
        assert shown.evaluate(animation) == "admin-main-fade-in"
    context = browser.new_context(
        locale="en-US", viewport={"width": 390, "height": 844}, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        log_in(page, server, "admin", admin_password(server))
        shown = page.locator('[data-tab="/admin/dashboard"]')
        expect(shown).to_be_visible()
        assert shown.evaluate(animation) == "none"
    finally:
        context.close()
