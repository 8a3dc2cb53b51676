"""Names, not codes (issue 32, items 13 and 15), in Chromium at 1440 px in Chinese and 390 px in
English: an editor granted a news table but not its tag table sees the tags of a row by name, picks
tags by name in the edit form, reads the rich-text body as text and the place as names; the super
admin deletes the whole table only after typing its name. Screenshots in /tmp/shots/labels/."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.steps import admin_headers, open_tab, screenshot
from tests.e2e.test_admin import admin_password
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/labels")
PASSWORD = "Operator_1"
WORDS = {
    "zh": {
        "place": "广东省 / 深圳市 / 南山区",
        "typeTitle": "删除整个数据表",
        "deleteTable": r"^删除数据表$",
    },
    "en": {
        "place": "Guangdong / Shenzhen / Nanshan District",
        "typeTitle": "Delete a whole table",
        "deleteTable": r"^Delete the table$",
    },
}


@contextmanager
def _signed_in(
    browser: Browser, server, width: int, height: int, username: str, password: str
) -> Iterator[Page]:
    """A fresh context at `width` × `height`, signed in as `username`: the fields are filled (the first
    gesture starts the app on the pre-rendered screen), then the app is waited for (it drops the root's
    `data-prerendered`) before the login is pressed — on a loaded machine starting it takes a while."""
    context = browser.new_context(locale="zh-CN", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(server.url("/admin/login"))
        form = page.get_by_test_id("admin-login")
        form.get_by_label("用户名").fill(username)
        form.get_by_label("密码").fill(password)
        expect(page.locator("#root[data-prerendered]")).to_have_count(0, timeout=90_000)
        form.get_by_role("button", name=re.compile(r"登\s*录")).click()
        expect(page).to_have_url(re.compile(r"/admin/dashboard$"), timeout=60_000)
        yield page
    finally:
        context.close()


def _call(page: Page, server, method: str, path: str, body: Any = None, **params: Any) -> Any:
    """The API as the admin signed in on `page`; the data of its success."""
    url = server.url(f"/srv/admin/{path}")
    headers = admin_headers(page)
    if method == "POST":
        answer = page.request.post(url, data=body, headers=headers).json()
    else:
        answer = page.request.fetch(url, method=method, params=params, headers=headers).json()
    assert answer["code"] == 1, answer
    return answer["data"]


def _rule_ids(page: Page, server, names: set[str]) -> list[int]:
    found: list[int] = []

    def walk(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            if row.get("name") in names:
                found.append(int(row["id"]))
            walk(row.get("children") or [])

    walk(_call(page, server, "GET", "auth/rule/index", limit=1000)["list"])
    assert len(found) == len(names), (found, names)
    return found


def _words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def _tables(page: Page, server, suffix: str) -> tuple[str, str]:
    tag, news = f"business/tg{suffix}", f"business/nw{suffix}"
    tag_doc = {
        "name": tag,
        "title": _words(f"标签{suffix}", f"Tags {suffix}"),
        "fields": [{"name": "name", "title": _words("名称", "Name"), "type": "string", "search": True}],
    }
    _call(page, server, "POST", "crud/crud/generate", {"design": tag_doc})
    ids = {n: _call(page, server, "POST", f"{tag}/add", {"name": n})["id"] for n in ("电力", "水务", "交通")}
    news_doc = {
        "name": news,
        "title": _words(f"新闻{suffix}", f"News {suffix}"),
        "fields": [
            {"name": "title", "title": _words("标题", "Title"), "type": "string", "required": True},
            {"name": "body", "title": _words("正文", "Body"), "type": "richtext"},
            {
                "name": "tags",
                "title": _words("标签", "Tags"),
                "type": "remoteselects",
                "relation": {"design": tag, "label": "name"},
            },
            {"name": "place", "title": _words("地区", "Place"), "type": "city"},
        ],
    }
    _call(page, server, "POST", "crud/crud/generate", {"design": news_doc})
    row = {
        "title": f"停电通知{suffix}",
        "body": "<p>明天<b>停电</b></p><p>检修线路</p>",
        "tags": [ids["电力"], ids["水务"]],
        "place": ["44", "4403", "440305"],
    }
    _call(page, server, "POST", f"{news}/add", row)
    return tag, news


def test_an_editor_of_news_sees_and_picks_tags_by_name_and_a_table_is_deleted_by_its_name(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text, words = TEXT[lang], WORDS[lang]
    suffix = uuid.uuid4().hex[:6]
    with _signed_in(browser, server, width, height, "admin", admin_password(server)) as page:
        tag, news = _tables(page, server, suffix)
        rules = _rule_ids(page, server, {"dashboard", "business", news, f"{news}/index", f"{news}/edit"})
        group = _call(
            page, server, "POST", "auth/group/add", {"pid": 0, "name": f"g{suffix}", "rules": rules}
        )
        username = f"ed{suffix}"
        _call(
            page,
            server,
            "POST",
            "auth/admin/add",
            {"username": username, "nickname": "Editor", "password": PASSWORD, "group_arr": [group["id"]]},
        )

        with _signed_in(browser, server, width, height, username, PASSWORD) as editor:
            # The tag table itself stays closed to this editor.
            closed = editor.request.get(server.url(f"/srv/admin/{tag}/index"), headers=admin_headers(editor))
            assert closed.json()["code"] == 401
            area = open_tab(editor, server, f"/admin/{news}", lang)
            row = area.locator("tr, li").filter(has_text=f"停电通知{suffix}")
            expect(row).to_have_count(1)
            expect(row).to_contain_text("电力, 水务")
            expect(row).to_contain_text("明天停电 检修线路")
            expect(row).to_contain_text(words["place"])
            expect(row).not_to_contain_text(re.compile(r"#\d+,\s*#\d+"))  # tags as ids (cards show "#1")
            expect(row).not_to_contain_text("<p>")
            screenshot(editor, SHOTS / f"list-{lang}-{width}.png")

            # The edit form names the tags, and its picker finds tags by name.
            row.get_by_role("button", name=re.compile(text["edit"])).click()
            dialog = editor.get_by_role("dialog")
            picker = dialog.get_by_label(words_label(lang), exact=True)
            expect(dialog.locator(".ant-select-selection-item").filter(has_text="电力")).to_be_visible()
            expect(dialog.locator(".ant-select-selection-item").filter(has_text="水务")).to_be_visible()
            picker.click()
            picker.fill("交")
            option = editor.locator(".ant-select-item-option").filter(has_text="交通")
            expect(option).to_be_visible()
            screenshot(editor, SHOTS / f"picker-{lang}-{width}.png")
            option.click()
            dialog.get_by_role("button", name=re.compile(text["save"])).click()
            expect(dialog).to_be_hidden()
            expect(row).to_contain_text("电力, 水务, 交通")

        # Deleting the whole table: its name typed, else the button stays disabled.
        crud = open_tab(page, server, "/admin/crud/crud", lang)
        listed = crud.locator("tr, li").filter(has_text=news)
        listed.get_by_role("button", name=re.compile(text["delete"])).click()
        ask = page.get_by_role("dialog", name=words["typeTitle"])
        sure = ask.get_by_role("button", name=re.compile(words["deleteTable"]))
        expect(sure).to_be_disabled()
        ask.get_by_label(words["typeTitle"]).fill(tag)
        expect(sure).to_be_disabled()
        ask.get_by_label(words["typeTitle"]).fill(news)
        screenshot(page, SHOTS / f"delete-{lang}-{width}.png")
        expect(sure).to_be_enabled()
        sure.click()
        expect(page.get_by_text(text["deleted"])).to_be_visible(timeout=20_000)
        expect(listed).to_have_count(0)


def words_label(lang: str) -> str:
    return "标签" if lang == "zh" else "Tags"
