"""Preview before publishing (issue 36 part 7): an editor opens a news item, types a new title in both
languages, presses Preview and sees the public page — the site's theme, the typed title — in Chinese and
in English (switched with the keyboard), closes the preview and the form without saving: the row and the
live site are as they were. The row's preview link shows its saved page to a logged-in admin, and only the
login screen to anyone else. zh-cn at 1440 px and English at 390 px.
Screenshots in /tmp/shots/preview/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import admin_headers, list_rows, open_tab, screenshot, settled
from tests.e2e.test_admin import admin_page
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/preview")
WORDS = {
    "zh": {
        "titleEn": "标题（英文）",
        "preview": r"^预\s*览$",
        "cancel": r"^取\s*消$",
        "dialog": "预览网站页面",
        "current": "中文",
        "other": "English",
    },
    "en": {
        "titleEn": "Title (English)",
        "preview": r"^Preview$",
        "cancel": r"^Cancel$",
        "dialog": "Preview of the public page",
        "current": "English",
        "other": "中文",
    },
}


def test_an_editor_previews_unsaved_values_as_the_public_page(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text, words = TEXT[lang], WORDS[lang]
    mark = uuid.uuid4().hex[:6]
    zh_title, en_title = f"预览标题{mark}", f"Preview headline {mark}"
    with admin_page(browser, server, width, height) as page:
        news = open_tab(page, server, "/admin/business/news", lang)
        expect(news.locator("[data-design]")).to_be_visible()
        newest = httpx.get(
            server.url("/srv/admin/business/news/index"),
            params={"limit": 1},
            headers=admin_headers(page),
            timeout=20,
        ).json()["data"]["list"][0]
        row_id, before = newest["id"], _row(server, page, newest["id"])
        row = list_rows(news).filter(
            has_text=before["title" if lang == "zh" else "title_en"] or before["title"]
        )
        row.first.get_by_role("button", name=re.compile(text["edit"])).click()
        form = page.get_by_role("dialog", name=text["editTitle"])
        title = form.get_by_label(text["title"], exact=True)
        expect(title).to_have_value(before["title"])
        title.fill(zh_title)
        form.get_by_label(words["titleEn"], exact=True).fill(en_title)

        form.get_by_role("button", name=re.compile(words["preview"])).click()
        preview = page.get_by_role("dialog", name=words["dialog"])
        frame = preview.frame_locator("iframe")
        first, second = (zh_title, en_title) if lang == "zh" else (en_title, zh_title)
        expect(frame.locator("h1")).to_contain_text(first, timeout=60_000)
        # The site's theme: its style sheet is applied inside the frame.
        font = frame.locator("body").evaluate("(b) => getComputedStyle(b).fontFamily")
        assert "PingFang SC" in font, font
        settled(preview)
        screenshot(page, SHOTS / f"preview-{lang}-{width}.png")

        # The other language, chosen with the keyboard (arrow keys move along the language switch).
        preview.get_by_role("radio", name=words["current"]).focus()
        page.keyboard.press("ArrowRight" if lang == "zh" else "ArrowLeft")
        expect(preview.locator("iframe")).to_have_attribute(
            "data-lang", "en" if lang == "zh" else "zh-cn", timeout=60_000
        )
        expect(frame.locator("h1")).to_contain_text(second, timeout=60_000)
        screenshot(page, SHOTS / f"preview-other-{lang}-{width}.png")

        # Closed without saving: the row and the live site are unchanged.
        page.keyboard.press("Escape")
        expect(preview).to_be_hidden()
        form.get_by_role("button", name=re.compile(words["cancel"])).click()
        expect(form).to_be_hidden()
        assert _row(server, page, row_id) == before
        site = server.var_dir / "site"
        for found in site.rglob("news/**/index.html"):
            assert mark not in found.read_text(encoding="utf-8"), found

        # The row's preview link, opened by a colleague who is logged in: the saved row's page.
        link = f"/admin/business/news?preview={row_id}"
        page.goto(server.url(link, lang))
        shared = page.get_by_role("dialog", name=words["dialog"])
        saved_title = before["title"] if lang == "zh" else before["title_en"] or before["title"]
        expect(shared.frame_locator("iframe").locator("h1")).to_contain_text(saved_title, timeout=60_000)
        screenshot(page, SHOTS / f"link-{lang}-{width}.png")

    # Opened by anyone not logged in: the login screen, no page.
    stranger = browser.new_context(viewport={"width": width, "height": height})
    try:
        other = stranger.new_page()
        other.goto(server.url(link, lang))
        expect(other).to_have_url(re.compile(r"/admin/login"))
        expect(other.locator("iframe")).to_have_count(0)
    finally:
        stranger.close()


def _row(server, page, row_id: int) -> dict:
    answer = httpx.get(
        server.url("/srv/admin/business/news/edit"),
        params={"id": row_id},
        headers=admin_headers(page),
        timeout=20,
    ).json()
    assert answer["code"] == 1, answer
    return answer["data"]["row"]
