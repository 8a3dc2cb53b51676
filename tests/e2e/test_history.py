"""Issue 13: the company history (/about/history) is drawn from 发展历程 (business/history). An admin finds
the table in the back-office menu beside the other site tables, adds a milestone — the year from the
year picker, the event in both languages — and saving it publishes: the milestone is on
/about/history/ and /en/about/history/ in its place by year, readable without JavaScript. Deleting it
takes it off again. The table in English at phone width too. Screenshots in /tmp/shots/history/."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import delete_row
from tests.e2e.test_admin import admin_page
from tests.e2e.test_awards import _wait_for_absent
from tests.e2e.test_designed import (
    TEXT,
    _add_with_year,
    _added_row,
    _open_business,
    _row,
    _wait_for_page,
)

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/history")


def test_a_milestone_added_in_the_back_office_reaches_the_history_page(server, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mark = uuid.uuid4().hex[:6]
    zh_event, en_event = f"城市更新业务启动 {mark}", f"Urban renewal services begin {mark}"
    with admin_page(browser, server, 1440, 900) as page:
        table = _open_business(
            page, "发展历程", "history", "官网“发展历程”页", "公司成立，承接滨江新区首个道路保洁项目"
        )
        dialog = _add_with_year(page, table, "年份", "2020")
        dialog.get_by_label("事件", exact=True).fill(zh_event)
        dialog.get_by_label("事件（英文）", exact=True).fill(en_event)
        row = _added_row(page, table, zh_event, "2020")
        page.screenshot(path=str(SHOTS / "admin-zh-1440.png"), full_page=True)

        # The save publishes: both languages show it between 2019 and 2021, without JavaScript.
        _wait_for_page(server, "/about/history/", [zh_event])
        _wait_for_page(server, "/en/about/history/", [en_event])
        for path, event in (("/about/history/", zh_event), ("/en/about/history/", en_event)):
            context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
            public = context.new_page()
            public.goto(server.url(path))
            items = public.locator("ol.timeline > li")
            years = [y for y in items.locator("time").all_inner_texts()]
            assert years == sorted(years) and "2020" in years, years
            index = years.index("2020")
            expect(items.nth(index)).to_contain_text(event)
            expect(public.get_by_role("heading", level=1)).to_have_text(
                "发展历程" if path == "/about/history/" else "History"
            )
            public.screenshot(
                path=str(SHOTS / f"site-{'en' if '/en/' in path else 'zh'}-390.png"), full_page=True
            )
            context.close()

        # Deleted in the back office, it leaves the site.
        delete_row(page, TEXT["zh"], row)
    _wait_for_absent(server, "/about/history/", zh_event)


def test_the_history_table_in_english_at_phone_width(server, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with admin_page(browser, server, 390, 844) as page:
        page.goto(server.url("/admin/business/history?lang=en"))
        table = page.locator('[data-tab="/admin/business/history"]')
        expect(table.locator("[data-design]")).to_be_visible(timeout=30_000)
        expect(table).to_contain_text("public history page")
        expect(_row(table, "Company founded; first street-cleaning contract")).to_have_count(1)
        page.screenshot(path=str(SHOTS / "admin-en-390.png"), full_page=True)
        page.goto(server.url("/admin/business/history?lang=en"))
        page.set_viewport_size({"width": 1440, "height": 900})
        expect(table.locator("[data-design]")).to_be_visible(timeout=30_000)
        expect(_row(table, "Company founded; first street-cleaning contract")).to_have_count(1)
        page.screenshot(path=str(SHOTS / "admin-en-1440.png"), full_page=True)
