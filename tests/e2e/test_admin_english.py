"""The back office in English on a phone (issue 17): the header's title is whole at 390 px, the Config
screen's built-in items read in English in their seed order, the admin log's titles are English and
never the rule placeholder."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_admin import admin_page

pytestmark = pytest.mark.e2e


def test_back_office_in_english_at_390(server, browser: Browser) -> None:
    with admin_page(browser, server, 390, 844) as page:
        page.goto(server.url("/admin/dashboard?lang=en"))
        title = page.get_by_role("heading", level=1, name="Back office")
        expect(title).to_be_visible()
        assert title.evaluate("h => h.scrollWidth <= h.clientWidth"), "the header title is cut"

        page.goto(server.url("/admin/routine/config"))
        basics = page.get_by_role("tabpanel")
        expect(basics.get_by_text("Site name", exact=True)).to_be_visible()
        labels = basics.locator("label").all_inner_texts()
        assert labels.index("Site name") < labels.index("Service hotline") < labels.index("Version")
        assert not any(re.search(r"[\u4e00-\u9fff]", label) for label in labels), labels

        page.goto(server.url("/admin/auth/adminLog"))
        # On a phone the rows are cards, titled by the log title.
        rows = page.locator("main")
        expect(rows.get_by_text("Login", exact=True).first).to_be_visible()
        expect(rows.get_by_text("<logged-in>")).to_have_count(0)
        expect(rows.get_by_text("登录", exact=True)).to_have_count(0)
