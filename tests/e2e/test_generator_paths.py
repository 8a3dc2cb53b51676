"""The CRUD generator refuses a rule path that is not the design's own (issue 32 item 8): an admin
names a new table `routine/config` (a built-in page) and saves; the generator shows the server's
message in the page's language and nothing is created. zh-cn at 1440 px and English at 390 px.
Screenshots in /tmp/shots/generator-paths/."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import admin_headers, open_tab, screenshot
from tests.e2e.test_admin import admin_page, admin_password
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/generator-paths")
REFUSED = {
    "zh": "规则路径 routine/config 属于系统内置页面：请换一个名称",
    "en": "The rule path routine/config belongs to a built-in page: choose another name",
}


@pytest.fixture(scope="module", autouse=True)
def warm(server) -> None:
    """One login through the API first: on the shared 2-core machine the first login after the server's
    start-up (its first publish still running) can outlast the browser login step's 20 s."""
    login = {"username": "admin", "password": admin_password(server)}
    assert httpx.post(server.url("/srv/admin/index/login"), json=login, timeout=120).json()["code"] == 1


def test_a_builtin_rule_path_is_refused_with_the_servers_message(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    with admin_page(browser, server, width, height) as page:
        area = open_tab(page, server, "/admin/crud/crud", lang)
        area.get_by_role("button", name=re.compile(text["new"])).click()
        page.get_by_text(text["template"]).click()
        editor = area.get_by_test_id("design-editor")
        editor.get_by_label(text["path"]).fill("routine/config")
        editor.get_by_label(text["titleZh"], exact=True).first.fill("冒名配置")
        area.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(REFUSED[lang])).to_be_visible()
        screenshot(page, SHOTS / f"refused-{lang}-{width}.png")
        expect(page.get_by_text(text["saved"])).to_have_count(0)
        # The editor stays open with what was typed, and no table was made.
        expect(editor.get_by_label(text["path"])).to_have_value("routine/config")
        listed = httpx.get(server.url("/srv/admin/crud/crud/index"), headers=admin_headers(page), timeout=60)
        assert "routine/config" not in {row["name"] for row in listed.json()["data"]["list"]}
