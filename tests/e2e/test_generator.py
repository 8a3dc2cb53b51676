"""The CRUD generator in the browser (issue 12): an admin starts a new table from the content-page
template, names it, adds an integer field from the palette and moves it up, saves; the table is in the
menu at once (no restart), takes a row, and its save is in the CRUD log; then the admin deletes the
table. In zh-cn at 1440 px and in English at 390 px. Screenshots in /tmp/shots/generator/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import delete_table, open_tab, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/generator")


def new_content_table(page: Page, server, lang: str, name: str, title: str) -> tuple[Locator, Locator]:
    """Open the generator, start a table from the content-page template, give its path and Chinese
    title; the generator's tab and its editor."""
    text = TEXT[lang]
    area = open_tab(page, server, "/admin/crud/crud", lang)
    area.get_by_role("button", name=re.compile(text["new"])).click()
    page.get_by_text(text["template"]).click()
    editor = area.get_by_test_id("design-editor")
    editor.get_by_label(text["path"]).fill(name)
    editor.get_by_label(text["titleZh"], exact=True).first.fill(title)
    return area, editor


def test_admin_generates_a_table_uses_it_at_once_and_deletes_it(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    suffix = uuid.uuid4().hex[:6]
    name, title = f"crud/visitor{suffix}", f"访客{suffix}"
    with admin_page(browser, server, width, height) as page:
        area, editor = new_content_table(page, server, lang, name, title)
        editor.get_by_role("button", name=text["integer"]).click()
        fields = editor.get_by_role("list").locator("> li")
        expect(fields.last).to_have_attribute("data-field", "integer_1")
        editor.get_by_role("button", name=text["moveUp"]).click()
        expect(fields.nth(fields.count() - 2)).to_have_attribute("data-field", "integer_1")
        # A two-column form, and the list oldest first until a column is sorted.
        editor.get_by_text(text["twoColumns"], exact=True).click()
        expect(editor.get_by_role("radio", name=text["twoColumns"])).to_be_checked()
        editor.get_by_label(text["order"]).click()
        page.locator(".ant-select-dropdown .ant-select-item-option").filter(has_text=text["oldest"]).click()
        expect(editor.get_by_title(text["oldest"])).to_be_visible()
        screenshot(page, SHOTS / f"editor-{lang}-{width}.png")
        area.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["saved"])).to_be_visible()

        # Listed, in the menu at once, and usable: a row goes in.
        row = area.locator("tr, li").filter(has_text=name)
        expect(row).to_have_count(1)
        row.get_by_role("button", name=re.compile(text["open"])).click()
        expect(page).to_have_url(re.compile(f"/admin/{name}"))
        table = page.locator(f'[data-tab="/admin/{name}"]')
        expect(table.locator("[data-design]")).to_be_visible()
        for n in (1, 2):
            table.get_by_role("button", name=re.compile(text["add"])).click()
            dialog = page.get_by_role("dialog")
            title_box = dialog.get_by_label(text["title"], exact=True).bounding_box()
            cover_box = dialog.get_by_text(text["cover"], exact=True).bounding_box()
            assert title_box and cover_box
            # Side by side on a wide screen, one under the other on a phone.
            assert (abs(title_box["y"] - cover_box["y"]) < 40) is (width > 700), (title_box, cover_box)
            dialog.get_by_label(text["title"], exact=True).fill(f"row{n}-{suffix}")
            dialog.get_by_role("button", name=re.compile(text["save"])).click()
            expect(page.get_by_text(text["added"]).first).to_be_visible()
            expect(dialog).to_be_hidden()
        listed = table.locator("tr, li").filter(has_text=re.compile(f"row[12]-{suffix}"))
        expect(listed).to_have_count(2)
        expect(listed.first).to_contain_text(f"row1-{suffix}")  # the oldest first: the design's order
        screenshot(page, SHOTS / f"table-{lang}-{width}.png")

        # The CRUD log has the save.
        log = open_tab(page, server, text["log"], lang)
        expect(log.locator("tr, li").filter(has_text=name).first).to_be_visible()

        # Delete the table (with its row).
        open_tab(page, server, "/admin/crud/crud", lang)
        row = area.locator("tr, li").filter(has_text=name)
        delete_table(page, text, row, name, timeout=20_000)  # rows go to the recycle bin
        expect(row).to_have_count(0)


def test_admin_builds_a_tree_table_from_its_template(server, browser: Browser) -> None:
    suffix = uuid.uuid4().hex[:6]
    name = f"crud/area{suffix}"
    with admin_page(browser, server, 1440, 900) as page:
        area = open_tab(page, server, "/admin/crud/crud", "zh")
        area.get_by_role("button", name=re.compile("新建数据表")).click()
        page.get_by_text("从模板：树形（上下级）").click()
        editor = area.get_by_test_id("design-editor")
        expect(editor.get_by_role("switch", name="树形")).to_be_checked()
        editor.get_by_label("规则路径").fill(name)
        editor.get_by_label("标题（中文）", exact=True).first.fill(f"区域{suffix}")
        area.get_by_role("button", name=re.compile(r"^保\s*存$")).click()
        expect(page.get_by_text("保存成功")).to_be_visible()
        listed = area.locator("tr, li").filter(has_text=name)
        listed.get_by_role("button", name=re.compile(r"^打\s*开$")).click()
        table = page.locator(f'[data-tab="/admin/{name}"]')
        for label, parent in (("滨江区", None), ("长河街道", "滨江区")):
            table.get_by_role("button", name=re.compile(r"^添\s*加$")).click()
            dialog = page.get_by_role("dialog")
            dialog.get_by_label("名称", exact=True).fill(label)
            if parent:
                dialog.get_by_label("上级", exact=True).click()
                page.locator(".ant-select-tree-node-content-wrapper").filter(has_text=parent).click()
            dialog.get_by_role("button", name=re.compile(r"^保\s*存$")).click()
            expect(dialog).to_be_hidden()
        # The district is listed under its parent: a nested row of the tree.
        child = table.locator("tr.ant-table-row-level-1").filter(has_text="长河街道")
        expect(child).to_be_visible()
        expect(table.locator("tr.ant-table-row-level-0").filter(has_text="滨江区")).to_be_visible()
        screenshot(page, SHOTS / "tree-zh-1440.png")


PRESET_TEXT = {
    "zh": {
        "copy": r"^复\s*制$",
        "cancel": r"^取\s*消$",
        "field": "标题",
        "presets": "验证规则",
        "mobile": "手机号",
        "message": "手机号：提示（中文）",
    },
    "en": {
        "copy": "^Copy$",
        "cancel": "^Cancel$",
        "field": "Title",
        "presets": "Validation",
        "mobile": "Mobile number",
        "message": "Mobile number: message (English)",
    },
}


def test_a_preset_chosen_in_the_generator_checks_the_form_and_a_copy_keeps_it(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    """Issue 36 items 3 and 6: the title field of a new table gets the mobile-number preset and a
    message of the designer's; the table's add form refuses a title that is not one with that message
    (in the page's language) and saves one that is; a copy of the design is a new table with the same
    check and no rows."""
    text, words = TEXT[lang], PRESET_TEXT[lang]
    suffix = uuid.uuid4().hex[:6]
    name = f"crud/phones{suffix}"
    message = "请填写 11 位手机号" if lang == "zh" else "Fill in an 11-digit mobile number"
    with admin_page(browser, server, width, height) as page:
        area, editor = new_content_table(page, server, lang, name, f"电话{suffix}")
        # A new design opens its first field's settings (the title's).
        title_field = editor.locator('li[data-field="title"]').get_by_role(
            "button", name=words["field"], exact=True
        )
        expect(title_field).to_have_attribute("aria-expanded", "true")
        editor.get_by_label(words["presets"], exact=True).click()
        page.locator(".ant-select-dropdown .ant-select-item-option").filter(
            has_text=words["mobile"]
        ).first.click()
        page.keyboard.press("Escape")
        editor.get_by_label(words["message"], exact=True).fill(message)
        screenshot(page, SHOTS / f"presets-{lang}-{width}.png")
        area.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["saved"])).to_be_visible()

        row = area.locator("tr, li").filter(has_text=name)
        row.get_by_role("button", name=re.compile(text["open"])).click()
        table = page.locator(f'[data-tab="/admin/{name}"]')
        table.get_by_role("button", name=re.compile(text["add"])).click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label(text["title"], exact=True).fill("12345")
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(dialog.get_by_text(message)).to_be_visible()
        screenshot(page, SHOTS / f"preset-refused-{lang}-{width}.png")
        dialog.get_by_label(text["title"], exact=True).fill("13800138000")
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["added"]).first).to_be_visible()
        expect(table.locator("tr, li").filter(has_text="13800138000").first).to_be_visible()

        # A copy of the design is a new table with the same fields (the preset too) and no rows.
        open_tab(page, server, "/admin/crud/crud", lang)
        original = area.locator("tr, li").filter(has_text=re.compile(f"{name}(?!_copy)"))
        original.get_by_role("button", name=re.compile(words["copy"])).click()
        expect(editor.get_by_label(text["path"])).to_have_value(f"{name}_copy")
        area.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["saved"]).first).to_be_visible()
        copy = area.locator("tr, li").filter(has_text=f"{name}_copy")
        copy.get_by_role("button", name=re.compile(text["open"])).click()
        copied = page.locator(f'[data-tab="/admin/{name}_copy"]')
        expect(copied.locator("[data-design]")).to_be_visible()
        expect(copied.get_by_text("13800138000")).to_have_count(0)
        copied.get_by_role("button", name=re.compile(text["add"])).click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label(text["title"], exact=True).fill("12345")
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(dialog.get_by_text(message)).to_be_visible()
        dialog.get_by_role("button", name=re.compile(words["cancel"])).click()

        open_tab(page, server, "/admin/crud/crud", lang)
        delete_table(page, text, copy, f"{name}_copy", timeout=20_000)
        delete_table(page, text, original, name, timeout=20_000)
