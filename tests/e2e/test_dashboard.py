"""The back-office dashboard in Chromium: after an upload it shows the file in storage, draws the
trend and storage charts (ECharts, loaded with the dashboard), gives the trend as a table for 7 and
30 days, and a quick entrance opens its page in a tab (zh-cn, 1440); in English on a phone (390 px)
the cards stack with no horizontal scroll and an entrance still navigates."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_admin import admin_page

pytestmark = pytest.mark.e2e


def _png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (20, 120, 90)).save(buffer, format="PNG")
    return buffer.getvalue()


def no_horizontal_scroll(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def test_dashboard_charts_table_and_a_quick_entrance(browser: Browser, server) -> None:
    with admin_page(browser, server, 1440, 900) as page:
        # Something in storage: an image uploaded on the attachment page.
        page.goto(server.url("/admin/routine/attachment"))
        area = page.locator('[data-tab="/admin/routine/attachment"]')
        area.locator("input[type=file]").set_input_files(
            {"name": "dashboard-photo.png", "mimeType": "image/png", "buffer": _png()}
        )
        expect(area.locator("tr", has_text="dashboard-photo.png").first).to_be_visible()

        page.goto(server.url("/admin/dashboard"))
        kpis = page.get_by_test_id("dashboard-kpis")
        expect(kpis.get_by_text("会员总数")).to_be_visible()
        expect(kpis.get_by_text("附件占用空间")).to_be_visible()
        expect(kpis).to_contain_text(re.compile(r"共 \d+ 个文件"))
        expect(page.get_by_test_id("storage-list").get_by_text("图片")).to_be_visible()
        # The charts are drawn (SVG by ECharts) and named for screen readers.
        trend = page.get_by_role("img", name=re.compile("近 7 天运营趋势折线图"))
        expect(trend.locator("svg path").first).to_be_attached()
        donut = page.get_by_role("img", name=re.compile("各类文件占用空间"))
        expect(donut.locator("svg path").first).to_be_attached()

        # Series toggles, and the same data as a table.
        actions = page.get_by_role("checkbox", name="后台操作")
        expect(actions).not_to_be_checked()
        actions.check()
        expect(actions).to_be_checked()
        page.get_by_text("以表格查看数据").click()
        table = page.get_by_role("table", name="近 7 天每日数据")
        expect(table.get_by_role("row")).to_have_count(8)
        expect(table.get_by_role("columnheader").first).to_have_text("日期")
        page.get_by_text("近 30 天").click()
        expect(page.get_by_role("table", name="近 30 天每日数据").get_by_role("row")).to_have_count(31)

        # A quick entrance opens its page in a tab.
        entrances = page.get_by_role("navigation", name="快捷入口")
        entrances.get_by_role("link", name="会员管理").click()
        expect(page).to_have_url(re.compile(r"/admin/user/user$"))
        expect(page.get_by_role("tab", name="会员管理")).to_have_attribute("aria-selected", "true")


def test_dashboard_in_english_on_a_phone(browser: Browser, server) -> None:
    with admin_page(browser, server, 390, 844) as page:
        page.goto(server.url("/admin/dashboard?lang=en"))
        expect(page.get_by_test_id("greeting")).to_contain_text("Admin")
        kpis = page.get_by_test_id("dashboard-kpis")
        expect(kpis.get_by_text("Members", exact=True)).to_be_visible()
        trend = page.get_by_role("img", name=re.compile("Line chart of the trends"))
        expect(trend.locator("svg")).to_be_attached()
        no_horizontal_scroll(page)
        # The cards share the width two by two: the second sits beside the first.
        cards = kpis.locator(".ant-card")
        first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
        assert first and second and abs(first["y"] - second["y"]) < 2 and second["x"] > first["x"]
        page.get_by_text("Show the data as a table").click()
        expect(page.get_by_role("table", name="Per day, last 7 days")).to_be_visible()
        no_horizontal_scroll(page)

        page.get_by_role("navigation", name="Quick entrances").get_by_role("link", name="Members").click()
        expect(page).to_have_url(re.compile(r"/admin/user/user$"))
        no_horizontal_scroll(page)
