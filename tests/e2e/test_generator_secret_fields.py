"""Password and random-id fields in the browser (issue 36 item 6): an editor adds both from the
generator's palette to a new table, adds a row with a password, sees the row's id given by the server and
the password masked, then edits the row leaving the password empty — the edit sends no password, so the
one set is kept — and the id cannot be changed. In zh-cn at 1440 px and in English at 390 px.
Screenshots in /tmp/shots/secret-fields/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import delete_table, list_rows, open_tab, save_design_and_open, screenshot, settled
from tests.e2e.test_admin import admin_page
from tests.e2e.test_generator import new_content_table
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/secret-fields")
UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
FIELDS = {
    "zh": {"password": "密码", "token": "随机 ID", "keep": "留空则不修改密码"},
    "en": {"password": "Password", "token": "Random ID", "keep": "Leave empty to keep the password as it is"},
}


def test_an_editor_adds_a_password_and_a_random_id_and_edits_without_changing_the_password(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text, words = TEXT[lang], FIELDS[lang]
    suffix = uuid.uuid4().hex[:6]
    name = f"crud/gate{suffix}"
    with admin_page(browser, server, width, height) as page:
        area, editor = new_content_table(page, server, lang, name, f"门禁{suffix}")
        for kind in ("password", "token"):
            label = ("添加字段：" if lang == "zh" else "Add a field: ") + words[kind]
            editor.get_by_role("button", name=label).click()
        fields = editor.get_by_role("list").locator("> li")
        expect(fields.last).to_have_attribute("data-field", "token_1")
        screenshot(page, SHOTS / f"editor-{lang}-{width}.png")
        table = save_design_and_open(page, text, area, name)

        # Add: a password to type; the id is not asked for (the server gives it).
        table.get_by_role("button", name=re.compile(text["add"])).click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label(text["title"], exact=True).fill(f"gate-{suffix}")
        expect(dialog.get_by_label(words["token"], exact=True)).to_have_count(0)
        secret = dialog.get_by_label(words["password"], exact=True)
        expect(secret).to_have_attribute("type", "password")
        secret.fill("12")  # the password rule, in the browser as on the server
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(dialog.locator(".ant-form-item-explain-error")).to_be_visible()
        secret.fill("Gate-2026x")
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["added"]).first).to_be_visible()
        expect(dialog).to_be_hidden()
        row = list_rows(table).filter(has_text=f"gate-{suffix}")
        expect(row).to_contain_text("••••••")
        expect(row).to_contain_text(re.compile(UUID))
        expect(row).not_to_contain_text("argon2")
        given = re.search(UUID, row.inner_text())
        assert given is not None
        screenshot(page, SHOTS / f"list-{lang}-{width}.png")

        # Edit: the password starts empty (left so, it is kept); the id is shown, read-only.
        row.get_by_role("button", name=re.compile(text["edit"])).click()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_label(words["password"], exact=True)).to_have_value("")
        expect(dialog.get_by_text(words["keep"])).to_be_visible()
        token = dialog.get_by_label(words["token"], exact=True)
        expect(token).to_have_value(given.group(0))
        expect(token).not_to_be_editable()
        dialog.get_by_label(text["title"], exact=True).fill(f"gate-{suffix}-2")
        token.scroll_into_view_if_needed()
        settled(dialog)
        screenshot(page, SHOTS / f"edit-{lang}-{width}.png")
        with page.expect_request(re.compile(f"/srv/admin/{name}/edit$")) as sent:
            dialog.get_by_role("button", name=re.compile(text["save"])).click()
        assert sent.value.post_data_json["password_1"] == ""  # no new password: the one set is kept
        expect(page.get_by_text(text["updated"]).first).to_be_visible()
        row = list_rows(table).filter(has_text=f"gate-{suffix}-2")
        expect(row).to_contain_text("••••••")
        expect(row).to_contain_text(given.group(0))

        open_tab(page, server, "/admin/crud/crud", lang)
        delete_table(page, text, area.locator("tr, li").filter(has_text=name), name, timeout=20_000)
