"""Extra columns of a related row in the browser (issue 36 item 4): an editor adds a remote select to a
new table in the generator, relates it to a table of people and names the people's phone as an extra
column; the table then lists each row's person by name with the person's phone beside it (cells on a
wide screen, cards on a phone), never an id. In zh-cn at 1440 px and in English at 390 px.
Screenshots in /tmp/shots/relation-columns/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.steps import admin_headers, delete_table, list_rows, open_tab, save_design_and_open, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.test_generator import new_content_table
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/relation-columns")
WORDS = {
    "zh": {"remote": "远程单选", "relation": "关联表", "columns": "附加列", "phone": "电话"},
    "en": {
        "remote": "Remote select",
        "relation": "Related table",
        "columns": "Extra columns",
        "phone": "Phone",
    },
}


def _add(page: Page, server, path: str, body: dict[str, Any]) -> Any:
    answer = page.request.post(
        server.url(f"/srv/admin/{path}"), data=body, headers=admin_headers(page)
    ).json()
    assert answer["code"] == 1, answer
    return answer["data"]


def test_an_editor_lists_a_related_rows_phone_beside_its_name(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text, words = TEXT[lang], WORDS[lang]
    suffix = uuid.uuid4().hex[:6]
    people, name = f"business/pp{suffix}", f"crud/duty{suffix}"
    with admin_page(browser, server, width, height) as page:
        page.goto(server.url("/admin/dashboard", lang))
        design = {
            "name": people,
            "title": {"zh": f"人员{suffix}", "en": f"People {suffix}"},
            "fields": [
                {"name": "name", "title": {"zh": "姓名", "en": "Name"}, "type": "string", "search": True},
                {"name": "phone", "title": {"zh": "电话", "en": "Phone"}, "type": "string"},
            ],
        }
        _add(page, server, "crud/crud/generate", {"design": design})
        _add(page, server, f"{people}/add", {"name": f"Li Lei {suffix}", "phone": "13800000001"})

        area, editor = new_content_table(page, server, lang, name, f"值班{suffix}")
        editor.get_by_role(
            "button", name=("添加字段：" if lang == "zh" else "Add a field: ") + words["remote"]
        ).click()
        editor.get_by_label(words["relation"], exact=True).click()
        page.locator(".ant-select-dropdown .ant-select-item-option").filter(has_text=people).click()
        columns = editor.get_by_label(words["columns"], exact=True)
        columns.fill("phone")
        columns.press("Enter")
        expect(editor.locator(".ant-select-selection-item").filter(has_text="phone")).to_be_visible()
        table = save_design_and_open(page, text, area, name)

        # A row whose person is picked by name.
        table.get_by_role("button", name=re.compile(text["add"])).click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label(text["title"], exact=True).fill(f"night-{suffix}")
        picker = dialog.get_by_label(words["remote"], exact=True)
        picker.click()
        picker.fill("Li")
        page.locator(".ant-select-item-option").filter(has_text=f"Li Lei {suffix}").click()
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(dialog).to_be_hidden()

        # Listed by name, the phone beside it under "<field> · <column>"; no id.
        expect(table).to_contain_text(f"{words['remote']} · {words['phone']}")
        row = list_rows(table).filter(has_text=f"night-{suffix}")
        expect(row).to_contain_text(f"Li Lei {suffix}")
        expect(row).to_contain_text("13800000001")
        expect(row).not_to_contain_text(re.compile(rf"{words['remote']}\s*#\d+"))  # a card: label, then id
        screenshot(page, SHOTS / f"list-{lang}-{width}.png")

        crud = open_tab(page, server, "/admin/crud/crud", lang)
        for table_name in (name, people):
            delete_table(
                page, text, crud.locator("tr, li").filter(has_text=table_name), table_name, timeout=20_000
            )
