"""The three faces on one local origin, seen through Chromium."""

import json
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# Records every client-side navigation so a test can see which routes a redirect passed through.
RECORD_NAVIGATIONS = """
window.__navigations = [location.pathname + location.search];
for (const name of ['pushState', 'replaceState']) {
  const original = history[name].bind(history);
  history[name] = (state, title, url) => {
    const result = original(state, title, url);
    window.__navigations.push(location.pathname + location.search);
    return result;
  };
}
"""


def test_home_page_renders_in_chinese_and_english(server, page: Page) -> None:
    response = page.goto(server.url("/"))
    assert response is not None and response.status == 200
    expect(page).to_have_title("城市运营公司")
    assert page.locator("html").get_attribute("lang") == "zh-CN"

    response = page.goto(server.url("/en/"))
    assert response is not None and response.status == 200
    expect(page).to_have_title("City Operations Company")
    assert page.locator("html").get_attribute("lang") == "en"


def test_static_pages_are_readable_without_javascript(server, browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url("/"))
    expect(page.get_by_role("navigation").first).to_be_visible()
    expect(page.locator("footer")).to_contain_text("ICP")
    context.close()


def test_unknown_path_shows_the_404_page_with_status_404(server, page: Page) -> None:
    response = page.goto(server.url("/no-such-page"))
    assert response is not None and response.status == 404
    expect(page.locator("main")).to_contain_text("返回首页")

    response = page.goto(server.url("/en/no-such-page"))
    assert response is not None and response.status == 404
    expect(page.locator("main")).to_contain_text("Return to home page")


def test_admin_arrives_at_the_login_screen_through_the_loading_route(server, page: Page) -> None:
    page.goto(server.url("/admin"))
    page.wait_for_url("**/admin/login**")
    expect(page.get_by_test_id("admin-login")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text("后台管理登录")


def test_deep_admin_path_keeps_the_original_path_and_query_through_loading(server, page: Page) -> None:
    """/admin/<anything> goes to the loading route with {path, query} as JSON; with no admin token the
    loading route sends the visitor to the login screen and keeps that target for after login."""
    page.goto(server.url("/admin/auth/admin?page=2"))
    page.wait_for_url("**/admin/login?to=**")
    target = json.loads(parse_qs(urlsplit(page.url).query)["to"][0])
    assert target == {"path": "/admin/auth/admin", "query": {"page": "2"}}


def test_member_registration_is_titled_in_both_languages(server, page: Page) -> None:
    page.goto(server.url("/user/reg"))
    expect(page).to_have_title("会员注册 - 城市运营公司")

    page.get_by_role("button", name="English").click()
    expect(page).to_have_title("Member registration - City Operations Company")
    expect(page.get_by_role("heading", level=1)).to_have_text("Member registration")

    # The choice is remembered: a new visit starts in English.
    page.reload()
    expect(page).to_have_title("Member registration - City Operations Company")


def test_app_404_and_401_screens(server, page: Page) -> None:
    page.goto(server.url("/404"))
    expect(page.get_by_role("button", name="返回首页")).to_be_visible()
    expect(page.get_by_role("button", name="返回上一页")).to_be_visible()
    page.goto(server.url("/401"))
    expect(page.locator("body")).to_contain_text("联系网站管理员")


def test_progress_bar_and_loading_overlay_appear_and_go(server, page: Page) -> None:
    seen = []
    page.expose_function("__seen", lambda what: seen.append(what))
    page.add_init_script(
        """
        new MutationObserver(() => {
          if (document.getElementById('nprogress')) window.__seen('progress');
        }).observe(document, {childList: true, subtree: true});
        """
    )
    # A screen the app draws itself (the login screens are pre-rendered: readable at once, no overlay).
    response = page.goto(server.url("/user/reg"), wait_until="commit")
    assert response is not None and response.status == 200
    assert 'id="app-loading"' in response.text()  # the overlay is in the HTML before any script runs
    expect(page.locator("#app-loading")).to_have_count(0, timeout=5_000)
    expect(page.locator("#nprogress")).to_have_count(0)
    assert "progress" in seen


def test_api_is_served_under_srv_on_the_same_origin(server) -> None:
    body = httpx.get(server.url("/srv/api/index/index"), headers={"Accept-Language": "en"}).json()
    assert body["code"] == 1
    assert body["data"]["site"]["siteName"]
    assert [lang["name"] for lang in body["data"]["lang"]["list"]] == ["zh-cn", "en"]


def test_first_admin_password_is_printed_once(server) -> None:
    line = server.wait_for_output("password:")
    assert "username: admin" in line
    password = line.split("password:")[1].strip()
    assert len(password) >= 16 and password not in ("admin", "123456")


def test_login_screens_are_readable_before_any_script_in_the_visitors_language(server, browser) -> None:
    """Pre-rendered (webapp/scripts/prerender.mjs): with scripts off the form is there, in the language
    and theme of the visitor's cookies, with a note that signing in needs JavaScript."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url("/admin/login"))
    expect(page.get_by_role("heading", level=1, name="后台管理登录")).to_be_visible()
    expect(page.locator(".noscript-note:not([hidden])")).to_contain_text("登录和注册需要 JavaScript")
    host = server.base_url.split("//", 1)[1].split(":", 1)[0]
    context.add_cookies(
        [
            {"name": "cityops_lang", "value": "en", "domain": host, "path": "/"},
            {"name": "cityops_theme", "value": "dark", "domain": host, "path": "/"},
        ]
    )
    page.goto(server.url("/user/login"))
    expect(page.get_by_role("heading", level=1, name="Member login")).to_be_visible()
    expect(page.get_by_label("Password")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    context.close()
