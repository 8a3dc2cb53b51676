"""axe-core (WCAG 2.1 A/AA and best practices, tests/a11y.py) finds no serious or critical problem on
any screen of the web app: the member and back-office login, registration and password-reset screens,
the error pages, every back-office page the first admin's menu offers and every member-center page.

Each page is scanned once per combination, zh-cn at 1440 × 900 and English at 390 × 844, in one browser
session per combination (the language is chosen the way the public site's links choose it, `?lang=en`,
and stays chosen). Only colours differ in the dark theme: one more pass in zh-cn at 1440 px with the
header's dark-mode switch turned on goes over the back-office and member pages again with axe's contrast
rule alone.

Once signed in, a session moves from page to page the way the app's own links do (the router follows the
address, no reload), as a user clicking through the menu would, and closes each back-office tab after its
scan: reloading the app for each of 45 pages spent more time starting the app than scanning it, and 45
open tabs would make each scan go over every page before it.

The member signs in with a password the admin gave it through the back office's API, with a balance and
a points entry so that the log pages show rows, not only their empty state."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer
from tests.a11y import serious_violations
from tests.e2e.steps import add_member, admin_headers
from tests.e2e.test_admin import admin_password
from tests.e2e.test_members import _fill_captcha

pytestmark = pytest.mark.e2e

# The menu pages of the signed-in admin, read the way the shell reads them.
MENU_PATHS = """async () => {
  const info = JSON.parse(localStorage.getItem('cityops.adminInfo') || '{}');
  const answer = await (await fetch('/srv/admin/index/index', {headers: {batoken: info.token}})).json();
  const paths = [];
  const walk = (nodes) => nodes.forEach((node) => {
    if (node.type === 'menu' && node.menu_type === 'tab') paths.push(node.path);
    walk(node.children || []);
  });
  walk(answer.data.menus);
  return paths;
}"""
# What a link of the app does: a new history entry, then the router reads the address (popstate).
FOLLOW = "path => { history.pushState(null, '', path); dispatchEvent(new PopStateEvent('popstate')); }"
MEMBER_PAGES = ("overview", "profile", "changePassword", "balance", "integral")
TEXT = {
    "zh": {
        "adminUser": "用户名",
        "password": "密码",
        "login": re.compile(r"登\s*录"),
        "account": "账号",
        "captcha": "图形验证码",
        "forgot": "忘记密码？",
        "retrieve": "找回密码",
        "center": "会员中心",
        "dark": "深色模式",
    },
    "en": {
        "adminUser": "Username",
        "password": "Password",
        "login": "Log in",
        "account": "Account",
        "captcha": "Captcha",
        "forgot": "Forgot password?",
        "retrieve": "Reset your password",
        "center": "Member center",
        "dark": "Dark mode",
    },
}


# Every animation that ends has ended (the page's fade-in, a drawer's slide…): axe reads the colours
# a user sees once the screen is still, not a half-transparent frame of the way there.
STILL = """() => document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)"""


def _settled(page: Page) -> None:
    """The page has drawn its data and stands still: no spinner or skeleton left, no animation running."""
    # Up to 60 s: the first page after the server started waits for its start-up publish on a loaded machine.
    page.wait_for_load_state("networkidle", timeout=60_000)
    expect(page.locator(".ant-spin-spinning, .ant-skeleton")).to_have_count(0)
    page.wait_for_function(STILL, timeout=30_000)


class Scan:
    """One browser session in one language and size; `check` records what axe finds on the page."""

    def __init__(self, server: LocalServer, page: Page, lang: str, width: int, dark: bool = False) -> None:
        self.server, self.page, self.lang, self.text = server, page, lang, TEXT[lang]
        self.where = f"{lang} @{width}px{' dark' if dark else ''}"
        self.rules = ["color-contrast"] if dark else None
        self.problems: list[str] = []

    def goto(self, path: str) -> None:
        self.page.goto(self.server.url(path, self.lang))

    def visit(self, path: str) -> None:
        """Go to `path` inside the running app, as its links do (history + the router; no reload)."""
        self.page.evaluate(FOLLOW, path)

    def check(self, name: str, settle: bool = True) -> None:
        if settle:
            _settled(self.page)
        # The start-up overlay (index.html #app-loading) fades out for 500 ms after the first screen is
        # drawn: scanned mid-fade, its half-transparent label fails the contrast rule.
        expect(self.page.locator("#app-loading")).to_have_count(0)
        found = serious_violations(self.page, f"{name} {self.where}", self.rules)
        if found:
            print(*found, sep="\n")  # in the log as they are found (with -s)
        self.problems += found

    def signed_out_screens(self) -> None:
        page = self.page
        self.goto("/user/login")
        expect(page.get_by_test_id("user-login")).to_be_visible()
        self.check("/user/login")
        page.get_by_role("button", name=self.text["forgot"]).click()
        expect(page.get_by_role("heading", level=1, name=self.text["retrieve"])).to_be_visible()
        self.check("/user/login (retrieve password)")
        self.goto("/user/reg")
        expect(page.get_by_test_id("user-register")).to_be_visible()
        self.check("/user/reg")
        for path in ("/404", "/401"):
            self.goto(path)
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            # At once: the 404 page goes back by itself after 5 s (and neither loads data).
            self.check(path, settle=False)
        self.goto("/admin/login")
        expect(page.get_by_test_id("admin-login")).to_be_visible()
        self.check("/admin/login")

    def admin_log_in(self) -> None:
        self.goto("/admin/login")
        form = self.page.get_by_test_id("admin-login")
        form.get_by_label(self.text["adminUser"]).fill("admin")
        form.get_by_label(self.text["password"]).fill(admin_password(self.server))
        form.get_by_role("button", name=self.text["login"]).click()
        expect(self.page).to_have_url(re.compile(r"/admin/dashboard$"), timeout=20_000)

    def back_office(self) -> None:
        paths = self.page.evaluate(MENU_PATHS)
        assert len(paths) >= 20 and "dashboard" in paths, paths
        for path in paths:
            self.visit(f"/admin/{path}")
            expect(self.page.locator(f'[data-tab="/admin/{path}"]')).to_be_visible()
            self.check(f"/admin/{path}")
            if path != "dashboard":  # closed after its scan, as the next page's is about that page alone
                self.page.locator(f'[data-node-key="/admin/{path}"] .ant-tabs-tab-remove').click()
                expect(self.page.locator(f'[data-tab="/admin/{path}"]')).to_have_count(0)

    def new_member(self) -> tuple[str, str]:
        """A member with a balance and a points entry, added by the signed-in admin."""
        username, password = "a" + uuid.uuid4().hex[:10], "Axe_pass1"
        headers = admin_headers(self.page)
        post = self.page.request.post
        user_id = add_member(self.page, self.server, username, password)["id"]
        for url, data in (
            ("moneyLog", {"user_id": user_id, "money": "25.50", "memo": "社区清洁志愿活动奖励"}),
            ("scoreLog", {"user_id": user_id, "score": 30, "memo": "Volunteer day"}),
        ):
            answer = post(self.server.url(f"/srv/admin/user/{url}/add"), data=data, headers=headers).json()
            assert answer["code"] == 1, answer
        return username, password

    def signed_in_screens(self) -> None:
        """The back office (logged in as the first admin), then a new member's pages."""
        self.back_office()
        self.member_pages(*self.new_member())

    def member_pages(self, username: str, password: str) -> None:
        page = self.page
        self.goto("/user/login")
        login = page.get_by_test_id("user-login")
        login.get_by_label(self.text["account"], exact=True).fill(username)
        login.get_by_label(self.text["password"], exact=True).fill(password)
        if page.request.get(self.server.url("/srv/api/user/checkIn")).json()["data"]["loginCaptcha"]:
            _fill_captcha(self.server, page, login, self.text["captcha"])
        login.locator("button[type=submit]").click()
        expect(page.get_by_role("heading", level=1, name=self.text["center"])).to_be_visible()
        for name in MEMBER_PAGES:
            self.visit(f"/user/account/{name}")
            expect(page).to_have_url(re.compile(f"/user/account/{name}"))
            self.check(f"/user/account/{name}")


def _session(browser: Browser, width: int, height: int):
    viewport = {"width": width, "height": height}
    context = browser.new_context(locale="zh-CN", viewport=viewport, bypass_csp=True)
    context.set_default_timeout(20_000)
    return context


# About 40 pages a session: well within 300 s on a quiet machine, not when several suites share its two cores.
@pytest.mark.timeout(900)
def test_every_screen(server: LocalServer, browser: Browser, lang: str, width: int, height: int) -> None:
    context = _session(browser, width, height)
    scan = Scan(server, context.new_page(), lang, width)
    try:
        scan.signed_out_screens()
        scan.admin_log_in()
        scan.signed_in_screens()
    finally:
        context.close()
    assert not scan.problems, "\n".join(scan.problems)


@pytest.mark.timeout(900)
def test_every_screen_in_the_dark_theme(server: LocalServer, browser: Browser) -> None:
    context = _session(browser, 1440, 900)
    scan = Scan(server, context.new_page(), "zh", 1440, dark=True)
    try:
        scan.admin_log_in()
        dark = scan.page.get_by_role("switch", name=TEXT["zh"]["dark"])
        dark.click()
        expect(dark).to_be_checked()
        scan.signed_in_screens()
    finally:
        context.close()
    assert not scan.problems, "\n".join(scan.problems)
