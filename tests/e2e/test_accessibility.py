"""axe-core (WCAG 2.1 A/AA and best practices) finds no serious or critical problem on any back-office
page the first admin's menu offers (zh-cn, 1440 px).

Not covered yet (known problems, see the issue's closing note): English at 390 px — the config
page's group tabs overflow into antd's "more" button inside the tab list, the publish history table
scrolls without being focusable, the org chart's zoom button names differ from their text, the
status switches' "off" text contrast — and the member screens."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.a11y import serious_violations
from tests.e2e.test_admin import admin_password, log_in

pytestmark = pytest.mark.e2e

SIZES = [("zh", 1440, 900)]
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


def _settled(page: Page) -> None:
    """The page has drawn its data: no spinner or skeleton left."""
    page.wait_for_load_state("networkidle")
    expect(page.locator(".ant-spin-spinning, .ant-skeleton")).to_have_count(0)


@pytest.mark.parametrize(("lang", "width", "height"), SIZES)
def test_back_office_pages(server, browser: Browser, lang: str, width: int, height: int) -> None:
    viewport = {"width": width, "height": height}
    context = browser.new_context(locale="zh-CN", viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems: list[str] = []
    try:
        log_in(page, server, "admin", admin_password(server))
        paths = page.evaluate(MENU_PATHS)
        assert len(paths) >= 20 and "dashboard" in paths, paths
        suffix = "?lang=en" if lang == "en" else ""
        for path in paths:
            page.goto(server.url(f"/admin/{path}{suffix}"))
            expect(page.locator(f'[data-tab="/admin/{path}"]')).to_be_visible()
            _settled(page)
            problems += serious_violations(page, f"/admin/{path} {lang} @{width}px")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
