"""Data safety in the browser (issue 14): an admin deletes a member and restores it from the recycle bin
(viewing the deleted row first), then edits the member's mobile (a watched field), sees the change as
a before/after diff in the sensitive-data log and rolls it back; then saves a watched config value (the
service hotline) on the config page and rolls that back from the log; in zh-cn at 1440 px and in
English at 390 px. Screenshots in /tmp/shots/security/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import add_dialog, confirm, delete_row, open_tab, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.test_designed import _row
from tests.e2e.words import ADMIN_TEXT as TEXT

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/security")


def _open(page: Page, server, path: str, lang: str, ready: str = "") -> Locator:
    """The page at `path`, once its Refresh button shows; a page without one (the config page) is ready
    when the field labelled `ready` shows."""
    area = open_tab(page, server, path, lang)
    if ready:
        expect(area.get_by_label(ready, exact=True)).to_be_visible()
    else:
        expect(area.get_by_role("button", name=re.compile(r"刷\s*新|Refresh"))).to_be_visible()
    return area


def _roll_back(page: Page, text: dict, change: Locator, shown: list[str], shot: str) -> None:
    """Opens the diff of `change` (a row of the sensitive-data log), which shows each of `shown`, takes
    the screenshot `shot`, and rolls the change back."""
    change.get_by_role("button", name=re.compile(text["diff"])).click()
    diff = page.get_by_role("dialog", name=re.compile(text["diff"]))
    for words in shown:
        expect(diff).to_contain_text(words)
    page.wait_for_timeout(500)  # the dialog's opening animation
    screenshot(page, SHOTS / shot)
    diff.get_by_role("button", name=re.compile(text["rollback"])).click()
    confirm(page, text["ok"])
    expect(page.get_by_text(text["rolledBack"])).to_be_visible()


def test_delete_restore_and_roll_back_a_member(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    name = f"sec{uuid.uuid4().hex[:8]}"
    first, second = f"139{uuid.uuid4().int % 10**8:08d}", f"137{uuid.uuid4().int % 10**8:08d}"
    with admin_page(browser, server, width, height) as page:
        # A member, then delete it.
        members = _open(page, server, "/admin/user/user", lang)
        dialog = add_dialog(page, text, members)
        dialog.get_by_label(text["username"], exact=True).fill(name)
        dialog.get_by_label(text["nickname"], exact=True).fill("Safe")
        dialog.get_by_label(text["password"], exact=True).fill("Member_pass1")
        dialog.get_by_label(text["mobile"], exact=True).fill(first)
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["added"])).to_be_visible()
        row = _row(members, name)
        expect(row).to_have_count(1)
        delete_row(page, text, row)
        expect(_row(members, name)).to_have_count(0)

        # The recycle bin has it: view the row as it was, then restore it.
        bin_area = _open(page, server, "/admin/security/dataRecycleLog", lang)
        kept = bin_area.locator("tr, li").filter(has_text="user/user").first
        expect(kept).to_contain_text(text["members"])
        kept.get_by_role("button", name=re.compile(text["view"])).click()
        view = page.get_by_role("dialog", name=re.compile(text["deletedRow"]))
        expect(view).to_contain_text(name)
        expect(view).to_contain_text(first)
        page.wait_for_timeout(500)  # the dialog's opening animation
        screenshot(page, SHOTS / f"recycle-{lang}-{width}.png")
        view.get_by_role("button", name=re.compile(text["restore"])).click()
        expect(page.get_by_text(text["restored"])).to_be_visible()
        expect(view).to_be_hidden()

        # Back in the members list, with its mobile; change the mobile (a watched field).
        members = _open(page, server, "/admin/user/user", lang)
        members.get_by_role("button", name=re.compile(r"刷\s*新|Refresh")).click()
        row = _row(members, name)
        expect(row).to_have_count(1)
        expect(row).to_contain_text(first)
        row.get_by_role("button", name=re.compile(text["edit"])).click()
        dialog = page.get_by_role("dialog", name=text["editTitle"])
        expect(dialog.get_by_label(text["mobile"], exact=True)).to_have_value(first)
        dialog.get_by_label(text["mobile"], exact=True).fill(second)
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["updated"])).to_be_visible()
        expect(_row(members, name)).to_contain_text(second)

        # The sensitive-data log shows the change as a diff; roll it back.
        log = _open(page, server, "/admin/security/sensitiveDataLog", lang)
        change = log.locator("tr, li").filter(has_text=second).first
        expect(change).to_contain_text(first)
        _roll_back(page, text, change, [text["before"], first, second], f"diff-{lang}-{width}.png")
        expect(log.locator("tr, li").filter(has_text=text["rolledBackTag"]).first).to_be_visible()
        screenshot(page, SHOTS / f"log-{lang}-{width}.png")

        # The member holds the old mobile again.
        members = _open(page, server, "/admin/user/user", lang)
        members.get_by_role("button", name=re.compile(r"刷\s*新|Refresh")).click()
        expect(_row(members, name)).to_contain_text(first)


def test_a_watched_config_value_saved_and_rolled_back(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    hotline = f"400-{uuid.uuid4().int % 10**7:07d}"
    with admin_page(browser, server, width, height) as page:
        # The config page: change the service hotline (watched by the default rule) and save.
        config = _open(page, server, "/admin/routine/config", lang, text["hotline"])
        field = config.get_by_label(text["hotline"], exact=True)
        old = field.input_value()
        field.fill(hotline)
        config.get_by_role("button", name=re.compile(text["save"])).first.click()
        expect(page.get_by_text(text["saved"])).to_be_visible()

        # The log shows the change of site.hotline; roll it back from its diff.
        log = _open(page, server, "/admin/security/sensitiveDataLog", lang)
        change = log.locator("tr, li").filter(has_text=hotline).first
        expect(change).to_contain_text("site.hotline")
        expect(change).to_contain_text(text["config"])
        _roll_back(page, text, change, ["site.hotline", old, hotline], f"config-diff-{lang}-{width}.png")
        expect(
            log.locator("tr, li").filter(has_text=hotline).filter(has_text=text["rolledBackTag"]).first
        ).to_be_visible()
        screenshot(page, SHOTS / f"config-log-{lang}-{width}.png")

        # The config page holds the old hotline again.
        config = _open(page, server, "/admin/routine/config", lang, text["hotline"])
        expect(config.get_by_label(text["hotline"], exact=True)).to_have_value(old)
