"""A designed business table in the browser (issue 12): an admin opens Business › Tags and News — pages
built at run time from their designs — adds a tag, adds a news item that refers to it through the
remote select (searched as typed) with a publish time from the date picker, sees the tag's name in the
list, edits the title, searches for it, and deletes the item; in zh-cn at 1440 px and in English at
390 px (cards instead of a table). Screenshots in /tmp/shots/designed/."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import add_dialog, admin_headers, batch_edit, delete_row, open_tab, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/designed")


def _open(page: Page, server, path: str, lang: str) -> Locator:
    area = open_tab(page, server, path, lang)
    expect(area.locator("[data-design]")).to_be_visible()
    return area


def _row(area: Locator, text: str) -> Locator:
    """A row of the table (wide screens) or its card (phones)."""
    return area.locator("tr, li").filter(has_text=text)


def _open_business(page: Page, title: str, name: str, description: str, seeded: str) -> Locator:
    """Opens Business › `title` (the designed table `business/<name>`) from the menu, in zh-cn, and
    checks that it shows its design's description and a seeded row."""
    menu = page.get_by_role("navigation", name="后台菜单")
    menu.get_by_text("业务管理", exact=True).click()
    menu.get_by_text(title, exact=True).click()
    expect(page).to_have_url(re.compile(rf"/admin/business/{name}$"))
    area = page.locator(f'[data-tab="/admin/business/{name}"]')
    expect(area.locator("[data-design]")).to_be_visible(timeout=30_000)
    expect(area).to_contain_text(description)
    expect(_row(area, seeded)).to_have_count(1)
    return area


def _wait_for_home(server, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in httpx.get(server.url("/"), timeout=10).text:
            return
        time.sleep(0.5)
    raise AssertionError(f"{text!r} is not on the public home page after {timeout} s")


def _save(page: Page, text: dict, title: str) -> None:
    page.get_by_role("dialog", name=title).get_by_role("button", name=re.compile(text["save"])).click()


def _add_with_year(page: Page, area: Locator, label: str, year: str) -> Locator:
    """Opens the add dialog of the designed table `area` (zh-cn) and picks `year` in its year picker
    labelled `label`; returns the dialog."""
    text = TEXT["zh"]
    dialog = add_dialog(page, text, area)
    picker = dialog.get_by_label(label, exact=True)
    picker.click()
    picker.fill(year)
    page.keyboard.press("Enter")
    return dialog


def _added_row(page: Page, area: Locator, key: str, year: str) -> Locator:
    """Saves the add dialog of the designed table `area` (zh-cn): the table lists the new row (found
    by `key`) once, with its year; returns the row."""
    text = TEXT["zh"]
    _save(page, text, text["addTitle"])
    expect(page.get_by_text(text["added"])).to_be_visible()
    row = _row(area, key)
    expect(row).to_have_count(1)
    expect(row).to_contain_text(year)
    return row


def test_admin_adds_edits_and_deletes_rows_of_designed_tables(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    tag, title = f"tag-{uuid.uuid4().hex[:6]}", f"news-{uuid.uuid4().hex[:6]}"
    with admin_page(browser, server, width, height) as page:
        # A tag, on the Tags page.
        tags = _open(page, server, "/admin/business/tag", lang)
        dialog = add_dialog(page, text, tags)
        dialog.get_by_label(text["name"], exact=True).fill(tag)
        _save(page, text, text["addTitle"])
        expect(page.get_by_text(text["added"])).to_be_visible()
        expect(_row(tags, tag)).to_have_count(1)

        # A news item: the design's description, its checks, the remote select and the date picker.
        news = _open(page, server, "/admin/business/news", lang)
        expect(news).to_contain_text(text["description"])
        expect(news.get_by_placeholder(text["search"])).to_be_visible()
        dialog = add_dialog(page, text, news)
        _save(page, text, text["addTitle"])
        expect(dialog.get_by_text(text["required"])).to_be_visible()  # checked before sending
        dialog.get_by_label(text["title"], exact=True).fill(title)
        # The rich-text editor: a heading from the toolbar, then bold text by keyboard.
        body = dialog.get_by_role("textbox", name=text["content"], exact=True)
        body.click()
        dialog.get_by_role("toolbar", name=text["toolbar"], exact=True).get_by_role(
            "button", name=text["heading"]
        ).click()
        page.keyboard.type("Road works")
        page.keyboard.press("Enter")
        page.keyboard.press("Control+b")
        page.keyboard.type("East Lake")
        expect(body.locator("h2")).to_have_text("Road works")
        expect(body.locator("strong")).to_have_text("East Lake")
        dialog.get_by_label(text["tags"], exact=True).fill(tag)
        # The visible option (antd keeps a hidden listbox for screen readers with the same name).
        page.locator(".ant-select-dropdown .ant-select-item-option").filter(has_text=tag).click()
        expect(dialog.locator(".ant-select-selection-item").filter(has_text=tag)).to_be_visible()
        dialog.get_by_label(text["time"], exact=True).click()
        dialog.get_by_label(text["time"], exact=True).fill("2026-11-20 09:30:00")
        page.keyboard.press("Enter")
        dialog.get_by_label(text["title"], exact=True).click()  # closes the picker
        _save(page, text, text["addTitle"])
        expect(page.get_by_text(text["added"])).to_be_visible()
        row = _row(news, title)
        expect(row).to_have_count(1)
        expect(row).to_contain_text(tag)  # the tag's name, looked up by id
        expect(row).to_contain_text("2026-11-20 09:30")
        screenshot(page, SHOTS / f"news-{lang}-{width}.png")
        # The save publishes: the public home page lists the new item within seconds, linked to its own
        # page, which carries the rich text; a visitor opens it from the home page.
        _wait_for_home(server, title)
        public = page.context.new_page()
        public.goto(server.url("/"))
        public.get_by_role("link", name=title).click()
        expect(public.get_by_role("heading", level=1)).to_have_text(title)
        expect(public.locator("main h2").filter(has_text="Road works")).to_be_visible()
        expect(public.locator("main strong").filter(has_text="East Lake")).to_be_visible()
        assert re.search(r"/news/\d+/$", public.url), public.url
        public.close()

        # Edit the title; the list shows the new one.
        row.get_by_role("button", name=re.compile(text["edit"])).click()
        dialog = page.get_by_role("dialog", name=text["editTitle"])
        expect(dialog.get_by_label(text["title"], exact=True)).to_have_value(title)
        expect(dialog).to_contain_text(tag)  # the current value of the remote select, named
        # The rich text came back as saved (cleaned by the server, kept as HTML).
        body = dialog.get_by_role("textbox", name=text["content"], exact=True)
        expect(body.locator("h2")).to_have_text("Road works")
        expect(body.locator("strong")).to_have_text("East Lake")
        title += "-2"
        dialog.get_by_label(text["title"], exact=True).fill(title)
        _save(page, text, text["editTitle"])
        expect(page.get_by_text(text["updated"])).to_be_visible()
        row = _row(news, title)
        expect(row).to_have_count(1)

        # Quick search finds it; then delete it.
        news.get_by_placeholder(text["search"]).fill(title)
        news.get_by_placeholder(text["search"]).press("Enter")
        expect(row).to_have_count(1)
        delete_row(page, text, row)
        expect(_row(news, title)).to_have_count(0)
        page.reload()
        expect(news.locator("[data-design]")).to_be_visible()
        expect(_row(news, title)).to_have_count(0)


TOOLS = {
    "zh": {
        "csv": "导出 CSV",
        "time": "发布时间",
        "status": "状态",
        "changed": "状态已更改",
        "batch": "批量编辑",
        "field": "要修改的字段",
        "author": "作者/来源",
        "batchDone": "已修改 2 / 2 行",
        "ok": r"^确\s*定$",
        "header": "标题",
        "filters": "筛选",
        "oneFilter": "筛选（1）",
    },
    "en": {
        "csv": "Export CSV",
        "time": "Published at",
        "status": "Status",
        "changed": "Status changed",
        "batch": "Edit selected",
        "field": "Field to change",
        "author": "Author / source",
        "batchDone": "Changed 2 of 2 rows",
        "ok": r"^OK$",
        "header": "Title",
        "filters": "Filters",
        "oneFilter": "Filters (1)",
    },
}


def test_table_tools_export_filter_switch_and_batch_edit(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TOOLS[lang]
    mark = uuid.uuid4().hex[:6]
    titles = [f"tools-{mark}-{n}" for n in range(2)]
    with admin_page(browser, server, width, height) as page:
        auth = admin_headers(page)
        for n, title in enumerate(titles):
            added = page.request.post(
                server.url("/srv/admin/business/news/add"),
                data={"title": title, "publish_time": 1_893_456_000 + n * 3600, "status": "disable"},
                headers=auth,
            ).json()
            assert added["code"] == 1, added
        try:
            _use_table_tools(page, server, text, titles, mark, lang, width)
        finally:
            # Leave the list as it was, whatever happened (the other run filters on the same dates).
            query = f"/srv/admin/business/news/index?quick_search=tools-{mark}"
            found = page.request.get(server.url(query), headers=auth).json()["data"]["list"]
            ids = "&".join(f"ids[]={row['id']}" for row in found)
            if ids:
                gone = page.request.delete(server.url(f"/srv/admin/business/news/del?{ids}"), headers=auth)
                assert gone.json()["code"] == 1
        assert sorted(row["title"] for row in found) == titles


def _use_table_tools(
    page: Page, server, text: dict, titles: list[str], mark: str, lang: str, width: int
) -> None:
    news = _open(page, server, "/admin/business/news", lang)

    # CSV of the current list: a header and a line per row, readable by a spreadsheet (BOM, UTF-8).
    with page.expect_download() as download:
        news.get_by_role("button", name=text["csv"]).click()
    content = Path(download.value.path()).read_bytes().decode("utf-8")
    assert content.startswith("\ufeff" + "ID," + text["header"])
    assert titles[0] in content and titles[1] in content

    # A date range on the publish time (2030-01-01 here, years after the seed news) leaves the two rows.
    # A phone keeps the filters behind one button, which then counts the one in use.
    dates = news.locator(f'input[aria-label="{text["time"]}"]')
    if width < 600:
        expect(dates.first).to_be_hidden()
        news.get_by_role("button", name=text["filters"], exact=True).click()
    dates.first.click()
    dates.first.fill("2029-12-31")
    dates.first.press("Enter")
    dates.last.fill("2030-01-02")
    dates.last.press("Enter")
    expect(_row(news, f"tools-{mark}")).to_have_count(2)
    if width < 600:
        expect(news.get_by_role("button", name=text["oneFilter"])).to_be_visible()
    expect(news.locator("tbody tr.ant-table-row, [data-testid=row-cards] > ul > li")).to_have_count(2)

    # The status switches in place.
    switch = _row(news, titles[0]).get_by_role("switch", name=f"{text['status']}: {titles[0]}")
    expect(switch).to_have_attribute("aria-checked", "false")
    switch.click()
    expect(page.get_by_text(text["changed"])).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "true")

    # Batch edit: the author of both rows at once.
    for title in titles:
        _row(news, title).get_by_role("checkbox").first.check()
    batch_edit(page, news, text, text["author"], f"QA-{mark}")
    expect(page.get_by_text(text["batchDone"])).to_be_visible()
    for title in titles:
        expect(_row(news, title)).to_contain_text(f"QA-{mark}")
    screenshot(page, SHOTS / f"tools-{lang}-{width}.png")


def _wait_for_page(server, path: str, texts: list[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = httpx.get(server.url(path), timeout=10).text
        if all(text in body for text in texts):
            return
        time.sleep(0.5)
    raise AssertionError(f"{texts!r} not all on {path} after {timeout} s")


def test_a_slide_and_the_icp_number_edited_in_the_back_office_reach_both_languages(
    server, browser: Browser
) -> None:
    """Issue 13: the carousel comes from 轮播图 (business/lunbo) and the footer's ICP record number from
    the site Config; saving either publishes, and the zh-cn and en home pages show the change."""
    text = TEXT["zh"]
    mark = uuid.uuid4().hex[:6]
    icp, zh_title, en_title = (
        f"苏ICP备2026{int(mark, 16) % 10**6:06d}号-2",
        f"清晨的街道 {mark}",
        f"Streets at dawn {mark}",
    )
    with admin_page(browser, server, 1440, 900) as page:
        page.goto(server.url("/admin/routine/config"))
        page.get_by_label("备案号", exact=True).fill(icp)  # the label names its field
        page.get_by_role("button", name=re.compile(text["save"])).first.click()
        expect(page.get_by_text(text["updated"]).or_(page.get_by_text("保存成功")).first).to_be_visible()

        slides = _open(page, server, "/admin/business/lunbo", "zh")
        row = _row(slides, "让每一条街道清洁有序")
        row.get_by_role("button", name=re.compile(text["edit"])).click()
        dialog = page.get_by_role("dialog", name=text["editTitle"])
        dialog.get_by_label(text["title"], exact=True).fill(zh_title)
        dialog.get_by_label("标题（英文）", exact=True).fill(en_title)
        _save(page, text, text["editTitle"])
        expect(page.get_by_text(text["updated"])).to_be_visible()
        expect(_row(slides, zh_title)).to_have_count(1)

    _wait_for_page(server, "/", [icp, zh_title])
    _wait_for_page(server, "/en/", [icp, en_title])
    home = httpx.get(server.url("/"), timeout=10).text
    assert "让每一条街道清洁有序" not in home  # the old title is gone, the slide keeps its picture
    slides = home[home.find('<div class="slides">') :][:1500]
    picture = r'<article class="slide" id="slide-\d+"[^>]*>\s*<img src="/images/carousel/'
    assert re.search(picture, slides), slides
