"""Issue 32: deleting an attachment used as a cover warns first. An admin deletes, in 常规管理 → 附件管理,
a picture that a row of a designed table uses as its cover: before anything is deleted a dialog says
how many rows use it and names each (table, row id, field) — found through the rows' file references,
so the same whatever the tables' sizes — and cancelling keeps the file; in zh-cn at 1440 px and in
English at 390 px. Screenshots in /tmp/shots/attachment-usage/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.api.uploads_support import unique_png
from tests.e2e.steps import admin_headers, confirm, list_rows, open_tab, screenshot, settled
from tests.e2e.test_admin import admin_page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/attachment-usage")
TEXT = {
    "zh": {
        "delete": "删除",
        "ok": r"^确\s*定$",
        "used": "该文件仍被 1 行数据使用，仍要删除吗？",
        "cancel": r"^取\s*消$",
    },
    "en": {
        "delete": "Delete",
        "ok": r"^OK$",
        "used": "This file is still used by 1 row: delete it anyway?",
        "cancel": "^Cancel$",
    },
}


def test_deleting_a_picture_used_as_a_cover_names_the_row_first(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    mark = uuid.uuid4().hex[:8]
    name = f"business/uc{mark}"
    with admin_page(browser, server, width, height) as page:
        headers = admin_headers(page)

        def call(method: str, path: str, **kwargs: object) -> dict:
            answer = page.request.fetch(
                server.url(f"/srv/admin/{path}"), method=method, headers=headers, **kwargs
            )
            body = answer.json()
            assert body["code"] == 1, body
            return dict(body["data"] or {})

        design = {
            "name": name,
            "title": {"zh": f"封面测试{mark}", "en": f"Covers {mark}"},
            "fields": [
                {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string"},
                {"name": "cover", "title": {"zh": "封面", "en": "Cover"}, "type": "image"},
            ],
        }
        call("POST", "crud/crud/generate", data={"design": design})
        png = {"name": f"cover-{mark}.png", "mimeType": "image/png", "buffer": unique_png()}
        file = call("POST", "ajax/upload", multipart={"file": png})["file"]
        row = call("POST", f"{name}/add", data={"title": "滨江", "cover": file["url"]})["id"]

        area = open_tab(page, server, "/admin/routine/attachment", lang)
        shown = list_rows(area).filter(has_text=f"cover-{mark}.png")
        expect(shown).to_have_count(1, timeout=30_000)
        shown.get_by_role("button", name=re.compile(text["delete"])).click()
        confirm(page, text["ok"])
        dialog = page.get_by_role("dialog").filter(has_text=text["used"])
        expect(dialog).to_be_visible()
        title = design["title"]["zh" if lang == "zh" else "en"]
        field = "封面" if lang == "zh" else "Cover"
        expect(dialog.get_by_test_id("attachment-uses")).to_have_text(f"{title} #{row} · {field}")
        settled(dialog)  # the dialog has zoomed in
        screenshot(page, SHOTS / f"used-{lang}-{width}.png")
        dialog.get_by_role("button", name=re.compile(text["cancel"])).click()
        expect(dialog).to_be_hidden()
        expect(list_rows(area).filter(has_text=f"cover-{mark}.png")).to_have_count(1)
