"""The web app's shell in the states around a page (issue 32), in Chromium at 1440 and 390 px, zh-cn and
English:

- #11 the first click on a pre-rendered login screen's language or theme switch works;
- #12 after a pre-rendered login screen the loading overlay never comes back on later navigations;
- #5 the header's publish indicator follows a publish (queued/building → done) and shows a failed one
  to the admin who caused it, linked to its log, until they read it;
- #14 an ungranted back-office address (a designed table) → the 401 page; a mistyped one → 404.
Screenshots in /tmp/shots/shell/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer, local_server
from tests.e2e.steps import admin_headers, screenshot
from tests.e2e.test_admin import admin_password, log_in

SHOTS = Path("/tmp/shots/shell")
LOCALE = {"zh": "zh-CN", "en": "en-US"}
LOGIN_HEADING = {"zh": "会员登录", "en": "Member login"}
OTHER = {"zh": ("English", "Member login"), "en": ("简体中文", "会员登录")}
OVERLAY_WATCH = """
    window.__overlaySeen = 0;
    new MutationObserver(() => {
      const el = document.getElementById('app-loading');
      if (el && !el.classList.contains('is-leaving')) window.__overlaySeen += 1;
    }).observe(document, {childList: true, subtree: true});
"""


# The header's title (admin shell) lies wholly inside its heading or wholly below it (hidden).
TITLE_WHOLE_OR_HIDDEN = """() => {
  const title = document.querySelector('[data-testid="header-title"]');
  if (!title) return null;  // a layout whose title is in the menu's top bar (not on a phone)
  const box = title.parentElement.getBoundingClientRect(), own = title.getBoundingClientRect();
  return own.top >= box.bottom || (own.left >= box.left - 0.5 && own.right <= box.right + 0.5);
}"""


def _context(browser: Browser, server: LocalServer, lang: str, width: int, height: int):
    return browser.new_context(locale=LOCALE[lang], viewport={"width": width, "height": height})


def test_first_click_on_a_prerendered_switch_works(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    """#11: the click that starts the app is the one that switches (language, then theme, each the
    first gesture on a freshly loaded pre-rendered screen)."""
    context = _context(browser, server, lang, width, height)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(server.url("/user/login", lang))
        expect(page.locator("#root[data-prerendered]")).to_have_count(1)  # still the build's markup
        expect(page.get_by_role("heading", level=1, name=LOGIN_HEADING[lang])).to_be_visible()
        switch, heading = OTHER[lang]
        page.get_by_role("button", name=switch, exact=True).click()
        expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
        screenshot(page, SHOTS / f"first-click-language-{lang}-{width}.png")

        page.goto(server.url("/admin/login"))
        expect(page.locator("#root[data-prerendered]")).to_have_count(1)
        before = page.locator("html").get_attribute("data-theme")
        page.get_by_role("switch").click()
        expect(page.locator("html")).not_to_have_attribute("data-theme", before or "light")
        expect(page.get_by_role("switch")).to_have_attribute(
            "aria-checked", "true" if before == "light" else "false"
        )
        screenshot(page, SHOTS / f"first-click-theme-{lang}-{width}.png")
    finally:
        context.close()


def test_the_loading_overlay_does_not_come_back_after_a_prerendered_login(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    """#12 (SPEC §2: shown once, on the first navigation)."""
    context = _context(browser, server, lang, width, height)
    context.add_init_script(OVERLAY_WATCH)
    page = context.new_page()
    page.set_default_timeout(20_000)
    register = {"zh": ("立即注册", "会员注册"), "en": ("Register now", "Member registration")}[lang]
    try:
        page.goto(server.url("/user/login", lang))
        expect(page.get_by_role("heading", level=1, name=LOGIN_HEADING[lang])).to_be_visible()
        page.get_by_role("link", name=register[0]).click()
        expect(page.get_by_role("heading", level=1, name=register[1])).to_be_visible()
        page.go_back()
        expect(page.get_by_role("heading", level=1, name=LOGIN_HEADING[lang])).to_be_visible()
        page.go_forward()
        expect(page.get_by_role("heading", level=1, name=register[1])).to_be_visible()
        assert page.evaluate("window.__overlaySeen") == 0
        expect(page.locator("#app-loading")).to_have_count(0)
        screenshot(page, SHOTS / f"no-overlay-{lang}-{width}.png")
    finally:
        context.close()


def _limited_admin(page: Page, server: LocalServer, username: str) -> None:
    """A group holding only the dashboard, and an admin `username` (password Limited_1) in it, made
    through the API as the admin signed in on `page`."""
    headers = admin_headers(page)
    rules = page.request.get(server.url("/srv/admin/auth/rule/index"), headers=headers).json()["data"]["list"]

    def walk(nodes):
        for node in nodes:
            yield node
            yield from walk(node.get("children") or [])

    ids = [node["id"] for node in walk(rules) if node["name"] in ("dashboard", "dashboard/index")]
    group = page.request.post(
        server.url("/srv/admin/auth/group/add"),
        data={"pid": 1, "name": f"g-{username}", "rules": ids, "status": "enable"},
        headers=headers,
    ).json()
    assert group["code"] == 1, group
    gid = group["data"]["id"]
    added = page.request.post(
        server.url("/srv/admin/auth/admin/add"),
        data={
            "username": username,
            "nickname": username,
            "password": "Limited_1",
            "group_arr": [gid],
            "status": "enable",
        },
        headers=headers,
    ).json()
    assert added["code"] == 1, added


def test_an_ungranted_back_office_address_is_401_and_a_mistyped_one_404(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    """#14: /admin/business/news (a designed table the admin is not granted) → 401, like a refusal;
    /admin/business/newz (no such page) → the 404 inside the shell."""
    username = f"lim{lang}{width}"
    context = browser.new_context(locale=LOCALE[lang], viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        log_in(page, server, "admin", admin_password(server))
        _limited_admin(page, server, username)
        context.clear_cookies()
        page.evaluate("localStorage.clear()")
        log_in(page, server, username, "Limited_1")
        page.goto(server.url("/admin/business/news", lang))
        expect(page).to_have_url(re.compile(r"/401$"))
        expect(page.locator("body")).to_contain_text(
            "contact the site administrator" if lang == "en" else "联系网站管理员"
        )
        screenshot(page, SHOTS / f"ungranted-401-{lang}-{width}.png")
        page.goto(server.url("/admin/business/newz"))
        expect(page).to_have_url(re.compile(r"/admin/business/newz$"))
        expect(page.get_by_role("heading", level=1, name=re.compile("抱歉|Sorry"))).to_be_visible()
        screenshot(page, SHOTS / f"mistyped-404-{lang}-{width}.png")
    finally:
        context.close()


@pytest.fixture(scope="module")
def publish_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    limits = {f"CITYOPS_RATE_{a}_LIMIT": "1000000" for a in ("ADMIN_LOGIN", "CAPTCHA", "REFRESH")}
    with local_server(tmp_path_factory.mktemp("var"), table_prefix="e2e-shell-", env=limits) as running:
        yield running


def test_the_publish_indicator_follows_a_publish_and_tells_its_editor_of_a_failure(
    publish_server: LocalServer, browser: Browser, lang: str, width: int, height: int
) -> None:
    """#5: pressing Publish (a write) → the header follows the job to done within seconds; a publish
    that fails (its build folder cannot be made: a file stands where it goes, as a broken build would
    leave the site as it was) → 发布失败 / Publish failed in the header, a link to that job's log, until
    the editor opens it."""
    server = publish_server
    site = server.var_dir / "site"
    builds = site.parent / f".{site.name}-builds"
    context = browser.new_context(locale="zh-CN", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    indicator = page.get_by_test_id("publish-indicator")
    tag = indicator.locator("[data-status]")
    try:
        log_in(page, server, "admin", admin_password(server))
        page.goto(server.url("/admin/dashboard", lang))
        expect(indicator).to_be_visible()
        # Whatever ran at start-up is over first, and a failure an earlier run left unread is read.
        expect(indicator).not_to_have_attribute(
            "aria-label", re.compile("排队中|生成中|Queued|Building"), timeout=60_000
        )
        # Asked of the API, not of the header, which may not have loaded its state yet (the header then
        # announced an earlier case's unread failure after this case's publish, and the case failed).
        for _ in range(10):
            answer = page.request.get(
                server.url("/srv/admin/routine/publish/index"), headers=admin_headers(page)
            ).json()
            unread = (answer.get("data") or {}).get("alert")
            if not unread:
                break
            page.goto(server.url(f"/admin/routine/publish?job={unread['id']}"))
            expect(page.get_by_test_id("publish-log")).to_contain_text("failed")
        else:
            raise AssertionError("unread publish failures keep coming")
        page.goto(server.url("/admin/dashboard"))
        page.goto(server.url("/admin/routine/publish"))
        before = indicator.get_attribute("data-job") or "-"
        page.get_by_test_id("publish-site").click()
        # The header follows the job this click started (an unchanged site may build in under a second:
        # its queued/building states are not always there to see; the Vitest checks those).
        expect(indicator).to_have_attribute("data-job", re.compile(r"\w+"), timeout=5_000)
        expect(indicator).not_to_have_attribute("data-job", before)
        screenshot(page, SHOTS / f"indicator-following-{lang}-{width}.png")
        expect(indicator).to_have_attribute("aria-label", re.compile("已完成|Done"), timeout=60_000)

        moved = builds.with_name(builds.name + "-away")
        builds.rename(moved)
        builds.write_text("not a folder")
        try:
            # The editor presses Publish from the publish page; then moves on to the dashboard.
            page.goto(server.url("/admin/routine/publish"))
            page.get_by_test_id("publish-site").click()
            expect(page.get_by_test_id("publish-status")).to_have_attribute(
                "data-status", "failed", timeout=60_000
            )
            # The page reads its log to the end: that is looking at it.
            expect(page.get_by_test_id("publish-log")).to_contain_text("failed: the live site is unchanged")
            expect(indicator).not_to_have_attribute("data-alert", re.compile(".+"))
        finally:
            builds.unlink()
            moved.rename(builds)
        # The publish page read the log already (that is looking at it); a failure the editor has not
        # seen: the next one, started from the dashboard with the page closed.
        page.goto(server.url("/admin/dashboard"))
        builds.rename(moved)
        builds.write_text("not a folder")
        try:
            answer = page.request.post(
                server.url("/srv/admin/routine/publish/publish"), headers=admin_headers(page)
            ).json()
            assert answer["code"] == 1, answer
            # Not through the app's client: the indicator learns of it when the window gets the focus back,
            # and follows it from there until it fails.
            page.evaluate("window.dispatchEvent(new Event('focus'))")
            expect(indicator).to_have_attribute("data-alert", re.compile(".+"), timeout=60_000)
        finally:
            if builds.is_file():
                builds.unlink()
            if moved.exists():
                moved.rename(builds)
        # The link is the log of the failure it announces (the newest unread one: another publish may
        # have failed after this one meanwhile, and then the header announces that one).
        failed_id = indicator.get_attribute("data-alert")
        expect(indicator).to_have_attribute("href", re.compile(r"/admin/routine/publish\?job=\w+$"))
        expect(tag).to_have_text("Publish failed" if lang == "en" else "发布失败")
        screenshot(page, SHOTS / f"indicator-failed-{lang}-{width}.png")
        # With the tag in the header, the title is whole or out of sight, never cut to "Back of…".
        whole = page.evaluate(TITLE_WHOLE_OR_HIDDEN)
        assert whole or (whole is None and width > 600), "the header's title is cut"
        indicator.click()
        expect(page).to_have_url(re.compile(r"/admin/routine/publish\?job=\w+$"))
        opened = page.url.rsplit("job=", 1)[1]
        expect(page.get_by_test_id("publish-status")).to_have_attribute("data-job", opened)
        expect(page.get_by_test_id("publish-status")).to_have_attribute("data-status", "failed")
        expect(page.get_by_test_id("publish-log")).to_contain_text("failed: the live site is unchanged")
        # Read: the header no longer announces it.
        expect(indicator).not_to_have_attribute("data-alert", opened)
        assert failed_id
        screenshot(page, SHOTS / f"indicator-log-read-{lang}-{width}.png")
    finally:
        context.close()
