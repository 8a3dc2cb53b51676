"""Issue 9, items 2, 4 and 6 in Chromium against the real local server: a mistyped back-office
address shows the 404 inside the shell (a refused page still 401); losing the connection shows
"You are disconnected!" and a recoverable message instead of a white page; the language chosen on
the public site carries into the member area and the back office, and back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.steps import settled
from tests.e2e.test_admin import admin_password, log_in, menu, tabs

pytestmark = pytest.mark.e2e


def test_mistyped_back_office_address_shows_404_inside_the_shell(server, page: Page) -> None:
    log_in(page, server, "admin", admin_password(server))
    page.goto(server.url("/admin/nope"))
    expect(page.get_by_role("heading", level=1, name="抱歉，您访问的页面出了点问题")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/admin/nope$"))
    expect(page.get_by_text("401")).to_have_count(0)
    # The shell stays: its menu works from the 404.
    menu(page).get_by_text("控制台").click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"))
    # Typed from a menu page too (client-side navigation).
    page.evaluate(
        "() => { history.pushState({}, '', '/admin/auth/nope');"
        " dispatchEvent(new PopStateEvent('popstate')); }"
    )
    expect(page.get_by_role("heading", level=1, name="抱歉，您访问的页面出了点问题")).to_be_visible()
    expect(menu(page)).to_be_visible()


def test_offline_login_says_disconnected_and_a_failed_page_load_is_recoverable(server, page: Page) -> None:
    page.goto(server.url("/user/login"))
    form = page.get_by_test_id("user-login")
    expect(form).to_be_visible()
    # The screen is pre-rendered: readable at once; the app starts on the visitor's first gesture and
    # takes the page over (the mark of the pre-rendered page goes) before the connection drops.
    form.get_by_label("账号", exact=True).fill("someone")
    expect(page.locator("#root[data-prerendered]")).to_have_count(0)
    page.context.set_offline(True)
    form.get_by_label("密码", exact=True).fill("Some_pass1")
    captcha = form.get_by_label("图形验证码", exact=True)
    if captcha.count():
        captcha.fill("abcd")
    form.locator("button[type=submit]").click()
    # The first message this tab shows, while its message host cannot be downloaded: the message
    # at the top of the page and the form's own error box; the form is still there.
    expect(page.get_by_text("您已断开网络连接！")).to_have_count(2)
    expect(page.get_by_role("alert").filter(has_text="您已断开网络连接！").first).to_be_visible()
    expect(form).to_be_visible()

    # A page whose code was never downloaded: a message with "try again", not a white page.
    form.get_by_role("link", name="立即注册").click()
    alert = page.get_by_test_id("load-error")
    expect(alert.get_by_role("heading", name="这部分页面没能加载出来")).to_be_visible()
    expect(alert.get_by_role("button", name="重试")).to_be_visible()

    # Back online, "try again" loads it.
    page.context.set_offline(False)
    alert.get_by_role("button", name="重试").click()
    expect(page.get_by_test_id("user-register")).to_be_visible()


def test_what_is_typed_before_the_app_runs_is_kept_and_sent(server, page: Page) -> None:
    """The pre-rendered admin login (webapp/scripts/prerender-boot.mjs): the app starts on the first
    gesture. Here its code cannot be downloaded at first: the page says so, the typing stays, Enter
    does not send the form by itself (no password in the address), and the next gesture loads the app,
    which signs in with what was typed."""
    entry = re.compile(r"/app/assets/index-[^/]+\.js$")
    page.route(entry, lambda route: route.abort())
    addresses: list[str] = []
    page.on("framenavigated", lambda frame: addresses.append(frame.url))
    page.goto(server.url("/admin/login"))
    form = page.get_by_test_id("admin-login")
    form.get_by_label("用户名").fill("admin")
    password = admin_password(server)
    form.get_by_label("密码").fill(password)
    form.get_by_label("密码").press("Enter")
    note = page.get_by_role("alert").filter(has_text="登录页面的程序没能下载")
    expect(note).to_be_visible()
    expect(form.get_by_label("用户名")).to_have_value("admin")
    expect(page).to_have_url(re.compile(r"/admin/login$"))

    page.unroute(entry)
    form.get_by_label("密码").click()
    expect(page).to_have_url(re.compile(r"/admin/dashboard$"), timeout=30_000)
    expect(page.get_by_test_id("greeting")).to_contain_text("Admin")
    expect(note).to_be_hidden()
    assert not any(password in address for address in addresses), addresses


def test_language_of_the_public_site_carries_into_the_app_and_back(server, browser: Browser) -> None:
    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    # English public site → member login and registration in English.
    page.goto(server.url("/en/"))
    page.locator(".topbar-links").get_by_role("link", name="Member login").click()
    expect(page.get_by_role("heading", level=1, name="Member login")).to_be_visible()
    page.go_back()
    page.locator(".topbar-links").get_by_role("link", name="Register").click()
    expect(page.get_by_role("heading", level=1, name="Member registration")).to_be_visible()
    # …and back to the English public site.
    page.get_by_role("link", name="Back to the website").click()
    expect(page).to_have_url(server.url("/en/"))
    # The back office opens in English too.
    page.goto(server.url("/admin/login"))
    expect(page.get_by_role("heading", level=1, name="Back office login")).to_be_visible()
    # The Chinese public site switches it back.
    page.goto(server.url("/"))
    page.locator(".topbar-links").get_by_role("link", name="会员登录").click()
    expect(page.get_by_role("heading", level=1, name="会员登录")).to_be_visible()
    page.get_by_role("link", name="返回网站首页").click()
    expect(page).to_have_url(server.url("/"))
    context.close()


def test_back_office_menu_and_tabs_follow_a_language_switch(server, page: Page) -> None:
    log_in(page, server, "admin", admin_password(server))
    menu(page).get_by_text("权限管理").click()
    settled(menu(page))
    menu(page).get_by_text("管理员管理").click()
    expect(tabs(page)).to_have_count(2)
    page.get_by_role("button", name="English").click()
    nav = page.get_by_role("navigation", name="Back-office menu")
    expect(nav.get_by_text("Permissions")).to_be_visible()
    expect(nav.get_by_text("Administrators")).to_be_visible()
    expect(page.get_by_role("tab", name="Administrators")).to_be_visible()
    expect(page.get_by_role("tab", name="Dashboard")).to_be_visible()
    expect(page.get_by_text("权限管理")).to_have_count(0)
    # Back to Chinese without a reload.
    page.get_by_role("button", name="简体中文").click()
    expect(page.get_by_role("tab", name="管理员管理")).to_be_visible()
    expect(menu(page).get_by_text("权限管理")).to_be_visible()
