"""The organisation chart in the browser: an admin adds a unit under "Support departments" from its
menu button, renames it with a double click, drags it under "Operating divisions", moves it one place
earlier among its new siblings, zooms, finds the root's Delete item disabled, saves; the save publishes
the site, and /about/organization/ and /en/about/organization/ show the unit — read without JavaScript
(zh-cn at 1440 px, English at 390 px).
Then, in English at 390 px, the unit is hidden from its menu and disappears from both pages.
Screenshots in /tmp/shots/org/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer, local_server
from tests.e2e.test_admin import admin_password, log_in

SHOTS = Path("/tmp/shots/org")
ZH_NAME, EN_NAME = "法务合规部", "Legal and Compliance"
SCROLL_RANGE = "el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight"


@pytest.fixture(scope="module")
def org_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """Its own server and site folder: saving the chart publishes (swaps) that folder."""
    site = tmp_path_factory.mktemp("org") / "site"
    limits = {f"CITYOPS_RATE_{a}_LIMIT": "1000000" for a in ("ADMIN_LOGIN", "CAPTCHA", "REFRESH")}
    env = {**limits, "CITYOPS_SITE_DIR": str(site)}
    with local_server(tmp_path_factory.mktemp("var"), table_prefix="e2e-org-", env=env) as running:
        # The server publishes the site once when it starts: wait for it (the page exists afterwards).
        deadline = time.monotonic() + 120
        while httpx.get(running.url("/about/organization/"), timeout=10).status_code != 200:
            assert time.monotonic() < deadline, "the start-up publish did not finish"
            time.sleep(1)
        # Warm the admin API (its first call imports and builds what it needs; on a busy machine the
        # browser's 10 s request timeout would fail the test instead of what it checks).
        login = {"username": "admin", "password": admin_password(running), "keep": False}
        assert httpx.post(running.url("/srv/admin/index/login"), json=login, timeout=60).json()["code"] == 1
        yield running


def open_editor(browser: Browser, server: LocalServer, lang: str, width: int, height: int) -> Page:
    context = browser.new_context(locale="zh-CN", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, server, "admin", admin_password(server))
    page.goto(server.url("/admin/routine/orgChart", lang))
    expect(page.get_by_test_id("org-node-board")).to_be_visible()
    return page


def wait_for_publish(page: Page, server: LocalServer, lang: str, before: str | None = None) -> str:
    """The publish the save scheduled (the newest job, its reason "chart saved", not `before`) goes to
    done; returns its id."""
    page.goto(server.url("/admin/routine/publish", lang))
    status = page.get_by_test_id("publish-status")
    reason = "Organisation chart saved" if lang == "en" else "组织架构已保存"
    expect(status.locator("xpath=..")).to_contain_text(reason, timeout=30_000)
    expect(status).not_to_have_attribute("data-job", before or "-", timeout=30_000)
    expect(status).to_have_attribute("data-status", "done", timeout=60_000)
    return status.get_attribute("data-job") or ""


def public_page(browser: Browser, server: LocalServer, path: str, width: int) -> Page:
    context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(server.url(path))
    return page


def chart_of(page: Page):
    return page.locator(".org-chart")


def test_admin_edits_the_chart_and_the_site_shows_it(org_server: LocalServer, browser: Browser) -> None:
    server = org_server
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_editor(browser, server, "zh", 1440, 900)
    try:
        # Add a unit under "职能部门" from its menu button (the keyboard's way to the menu).
        page.get_by_role("button", name="职能部门的操作").click()
        page.get_by_role("menuitem", name="添加下级").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("中文名称").fill("法务部")
        dialog.get_by_label("英文名称").fill("Legal Affairs")
        dialog.get_by_role("button", name=re.compile(r"确\s*定")).click()
        expect(page.get_by_test_id("org-unsaved")).to_be_visible()
        unit = page.locator("[data-org-node]", has_text="法务部")
        expect(unit).to_contain_text("Legal Affairs")
        unit_id = unit.get_attribute("data-org-node")
        node = page.get_by_test_id(f"org-node-{unit_id}")

        # A click selects it after the click delay; a double click renames it.
        node.click()
        expect(page.get_by_test_id("org-selected")).to_contain_text("上级：职能部门")
        node.dblclick()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_label("中文名称")).to_have_value("法务部")
        dialog.get_by_label("中文名称").fill(ZH_NAME)
        dialog.get_by_label("英文名称").fill(EN_NAME)
        dialog.get_by_role("button", name=re.compile(r"确\s*定")).click()
        expect(node).to_contain_text(ZH_NAME)

        # Drag it onto "业务事业部": a move of less than 5 px is no drag, then it follows the pointer.
        # Zoomed out first, so the unit and the target are both on screen whatever the window's height.
        zoom_out = page.get_by_role("button", name="缩小")
        for _ in range(3):
            zoom_out.click()
        expect(page.get_by_test_id("org-zoom-level")).to_have_text("70%")
        page.get_by_test_id("org-node-divisions").scroll_into_view_if_needed()
        node.scroll_into_view_if_needed()
        source = node.bounding_box()
        target = page.get_by_test_id("org-node-divisions").bounding_box()
        assert source is not None and target is not None
        page.mouse.move(source["x"] + 40, source["y"] + 30)
        page.mouse.down()
        page.mouse.move(source["x"] + 43, source["y"] + 33)
        expect(page.get_by_role("status").filter(has_text="正在移动")).to_have_count(0)
        page.mouse.move(target["x"] + 40, target["y"] + 30, steps=8)
        expect(page.get_by_text(f"把{ZH_NAME}移到业务事业部下")).to_be_visible()
        page.mouse.up()
        node.click()
        expect(page.get_by_test_id("org-selected")).to_contain_text("上级：业务事业部")
        zoom_in = page.get_by_role("button", name="放大")
        for _ in range(3):
            zoom_in.click()
        expect(page.get_by_test_id("org-zoom-level")).to_have_text("100%")

        # Now the last of its new siblings: one place earlier (the site shows siblings in this order).
        actions = page.get_by_role("button", name=f"{ZH_NAME}的操作")
        actions.click()
        later = page.get_by_role("menuitem", name="下移（同级之后）")
        expect(later).to_have_attribute("aria-disabled", "true")
        page.get_by_role("menuitem", name="上移（同级之前）").click()
        actions.click()
        expect(later).not_to_have_attribute("aria-disabled", "true")
        page.keyboard.press("Escape")

        # The root's Delete is there but disabled (SPEC §5).
        page.get_by_test_id("org-node-board").click(button="right")
        expect(page.get_by_role("menuitem", name="删除（根节点不能删除）")).to_have_attribute(
            "aria-disabled", "true"
        )
        page.keyboard.press("Escape")

        # Zoom: a button step, Ctrl + wheel, then back to 100 %.
        zoom = page.get_by_test_id("org-zoom-level")
        page.get_by_role("button", name="放大").click()
        expect(zoom).to_have_text("110%")
        page.get_by_test_id("org-canvas").hover()
        page.keyboard.down("Control")
        page.mouse.wheel(0, 100)
        page.keyboard.up("Control")
        expect(zoom).to_have_text("100%")
        page.screenshot(path=str(SHOTS / "editor-zh-1440x900.png"), full_page=True)

        page.get_by_test_id("org-save").click()
        expect(page.get_by_text("已保存，网站稍后会自动发布")).to_be_visible()
        expect(page.get_by_test_id("org-unsaved")).to_have_count(0)
        first = wait_for_publish(page, server, "zh")
    finally:
        page.context.close()

    for path, name, width in (
        ("/about/organization/", ZH_NAME, 1440),
        ("/en/about/organization/", EN_NAME, 390),
    ):
        site = public_page(browser, server, path, width)
        try:
            division = chart_of(site).locator(
                "li",
                has=site.locator(":scope > .org-node", has_text=re.compile("业务事业部|Operating divisions")),
            )
            expect(division.get_by_text(name)).to_be_visible()
            expect(division.locator(":scope > ul > li").last).not_to_contain_text(name)  # moved earlier
            lang = "en" if path.startswith("/en/") else "zh"
            site.screenshot(path=str(SHOTS / f"site-{lang}-{width}.png"), full_page=True)
        finally:
            site.context.close()

    # English, phone width: hide the unit from its menu button, save; it leaves both pages.
    page = open_editor(browser, server, "en", 390, 844)
    try:
        # A phone opens the chart at a readable zoom (it scrolls sideways), not shrunk to its width.
        expect(page.get_by_test_id("org-zoom-level")).to_have_text(re.compile(r"^(80|90|100)%$"))
        page.get_by_role("button", name=f"Actions for {EN_NAME}").click()
        page.get_by_role("menuitem", name="Hide on the site").click()
        expect(page.get_by_test_id(f"org-node-{unit_id}")).to_have_css("opacity", "0.55")
        page.screenshot(path=str(SHOTS / "editor-en-390x844.png"), full_page=True)
        page.get_by_test_id("org-save").click()
        expect(page.get_by_text("Saved; the site will be published shortly")).to_be_visible()
        wait_for_publish(page, server, "en", before=first)
    finally:
        page.context.close()
    for path, name in (("/about/organization/", ZH_NAME), ("/en/about/organization/", EN_NAME)):
        site = public_page(browser, server, path, 390)
        try:
            expect(chart_of(site)).to_contain_text("Board of Directors" if "/en/" in path else "董事会")
            expect(chart_of(site)).not_to_contain_text(name)
        finally:
            site.context.close()


def test_dragging_a_unit_near_the_canvas_edge_scrolls_the_canvas(
    org_server: LocalServer, browser: Browser
) -> None:
    """Held near the bottom-right edge of the scrollable canvas, a dragged unit scrolls it that way; the
    scrolling stops when the drag ends (Escape: nothing moved, nothing to save)."""
    page = open_editor(browser, org_server, "zh", 1440, 900)
    try:
        zoom_in, level = page.get_by_role("button", name="放大"), page.get_by_test_id("org-zoom-level")
        for _ in range(30):  # to 250 %, from the zoom that fits the chart's width
            if level.inner_text() == "250%":
                break
            zoom_in.click()
        expect(level).to_have_text("250%")
        canvas = page.get_by_test_id("org-canvas")
        scroll = f"el => [el.scrollLeft, el.scrollTop, {SCROLL_RANGE}]"
        _, _, max_left, max_top = canvas.evaluate(scroll)
        assert max_left > 50 and max_top > 300, ("the zoomed chart scrolls both ways", max_left, max_top)
        page.get_by_test_id("org-node-divisions").scroll_into_view_if_needed()
        canvas.evaluate("el => el.scrollIntoView({block: 'nearest'})")  # the whole canvas on screen
        box = canvas.bounding_box()
        unit = page.get_by_test_id("org-node-divisions").bounding_box()
        assert box is not None and unit is not None
        left, top, _, _ = canvas.evaluate(scroll)
        page.mouse.move(unit["x"] + 40, unit["y"] + 30)
        page.mouse.down()
        # Into the bottom-right corner, 6 px inside the canvas's visible box (its scroll bars excluded).
        inner = canvas.evaluate("el => [el.clientWidth, el.clientHeight]")
        page.mouse.move(box["x"] + inner[0] - 6, box["y"] + inner[1] - 6, steps=10)
        expect(page.get_by_role("status").filter(has_text=re.compile("正在移动|移到"))).to_have_count(1)
        # Held there, the canvas scrolls down by more than 100 px, and right unless it is already there.
        canvas.evaluate(
            """(el, [left, top, maxLeft]) => new Promise((done) => {
              const look = () => el.scrollTop > top + 100 && (el.scrollLeft > left || left === maxLeft)
                ? done() : requestAnimationFrame(look);
              look();
            })""",
            [left, top, max_left],
        )
        page.keyboard.press("Escape")  # the drag ends: no more scrolling
        page.mouse.up()
        stopped = canvas.evaluate(scroll)
        # Ten frames later (the scrolling moves it on every frame while a drag is held), it has not moved.
        later = canvas.evaluate(
            """(el) => new Promise((done) => {
              let frames = 10;
              const next = () => (--frames ? requestAnimationFrame(next) : done(null));
              requestAnimationFrame(next);
            })"""
        )
        assert later is None and canvas.evaluate(scroll) == stopped
        expect(page.get_by_test_id("org-unsaved")).to_have_count(0)  # nothing was moved
    finally:
        page.context.close()
