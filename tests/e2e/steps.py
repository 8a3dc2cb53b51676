"""Steps the browser tests share (one way to do each): opening a back-office page or a table's add
dialog, saving a design and opening its table, the rows of a table (or its phone cards), a quick search
of a table, answering a confirmation popover, deleting a table row, editing the selected rows at once,
restoring a row from the recycle bin, waiting for a menu to stop moving, taking a screenshot."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect


def open_tab(page: Page, server, path: str, lang: str) -> Locator:
    """Opens the back-office page at `path` in `lang`; returns its tab's area."""
    page.goto(server.url(path, lang))
    return page.locator(f'[data-tab="{path}"]')


def add_dialog(page: Page, text: dict, area: Locator) -> Locator:
    """Presses the Add button (`text["add"]`) of the back-office table `area`; returns the add dialog
    (titled `text["addTitle"]`)."""
    area.get_by_role("button", name=re.compile(text["add"])).click()
    return page.get_by_role("dialog", name=text["addTitle"])


def save_design_and_open(page: Page, text: dict, area: Locator, name: str) -> Locator:
    """Saves the design open in the generator's area (`text["save"]`, waits for `text["saved"]`), opens
    the table `name` from the generator's list (`text["open"]`); returns the table's tab area, drawn."""
    area.get_by_role("button", name=re.compile(text["save"])).click()
    expect(page.get_by_text(text["saved"])).to_be_visible()
    area.locator("tr, li").filter(has_text=name).get_by_role("button", name=re.compile(text["open"])).click()
    table = page.locator(f'[data-tab="/admin/{name}"]')
    expect(table.locator("[data-design]")).to_be_visible()
    return table


def list_rows(area: Locator) -> Locator:
    """The rows of the back-office table `area` (wide screens) or its cards (phones), in the order shown."""
    return area.locator("tr.ant-table-row, [data-testid=row-cards] > ul > li")


def confirm(page: Page, ok: str) -> None:
    """Press the OK button (`ok`, a regular expression such as r"^确\\s*定$") of the open popconfirm."""
    page.get_by_role("tooltip").get_by_role("button", name=re.compile(ok)).click()


def delete_row(page: Page, text: dict, row: Locator, timeout: float | None = None) -> None:
    """Delete a back-office table `row`: its Delete button (`text["delete"]`), then OK (`text["ok"]`)
    in the popconfirm; the deleted message (`text["deleted"]`) shows."""
    row.get_by_role("button", name=re.compile(text["delete"])).click()
    confirm(page, text["ok"])
    expect(page.get_by_text(text["deleted"])).to_be_visible(timeout=timeout)


def batch_edit(page: Page, area: Locator, text: dict, label: str, value: str) -> None:
    """Edit the selected rows of the back-office table `area` at once (`text["batch"]`): the field
    labelled `label` (chosen in `text["field"]`, typed and taken with Enter: no click on a list still
    opening) set to `value`, then OK (`text["ok"]`)."""
    area.get_by_role("button", name=text["batch"]).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label(text["field"]).fill(label)
    dialog.get_by_label(text["field"]).press("Enter")
    expect(dialog.locator(".ant-select-content")).to_have_attribute("title", label)
    dialog.get_by_label(label, exact=True).fill(value)
    dialog.get_by_role("button", name=re.compile(text["ok"])).click()


def quick_search(page: Page, area: Locator, label: str, query: str) -> None:
    """Type `query` into the quick search labelled `label` of the back-office table `area`, press Enter
    and wait until the list shows the answer. Until then the rows of the list before the search are still
    on screen: a step that clicks one of them (a row both lists show) acts on a list about to be
    replaced (a loaded run's restore then never happened)."""
    box = area.get_by_label(label, exact=True)
    box.fill(query)
    with page.expect_response(lambda answer: "quick_search=" in answer.url):
        box.press("Enter")
    expect(area.locator('[aria-busy="true"]')).to_have_count(0)


def restore_deleted(page: Page, server, text: dict, title: str, item_id: int, lang: str) -> None:
    """Restore row `item_id` of the table titled `title` from the recycle bin (found by its id in the quick
    search `text["quickSearch"]`): its Restore button (`text["restore"]`), then OK; the restored message
    (`text["restored"]`) shows."""
    area = open_tab(page, server, "/admin/security/dataRecycleLog", lang)
    quick_search(page, area, text["quickSearch"], str(item_id))
    kept = list_rows(area).filter(has_text=title)
    expect(kept).to_have_count(1)
    kept.get_by_role("button", name=re.compile(text["restore"])).click()
    confirm(page, text["ok"])
    expect(page.get_by_text(text["restored"]).last).to_be_visible()


def delete_table(page: Page, text: dict, row: Locator, name: str, timeout: float | None = None) -> None:
    """Delete a whole designed table from the generator's list: its Delete button (`text["delete"]`), then
    its rule path `name` typed into the dialog that asks for it, then the dialog's delete button."""
    row.get_by_role("button", name=re.compile(text["delete"])).click()
    ask = page.get_by_role("dialog", name=re.compile("^(删除整个数据表|Delete a whole table)$"))
    ask.get_by_role("textbox").fill(name)
    ask.get_by_role("button", name=re.compile("^(删除数据表|Delete the table)$")).click()
    expect(page.get_by_text(text["deleted"])).to_be_visible(timeout=timeout)


def settled(area: Locator) -> None:
    """Wait until nothing in or around `area` moves: a drawer has slid in, a submenu has unfolded. A tap
    during those motions may land between items (a CI run lost one that way)."""
    area.evaluate(
        """(el) => Promise.all(
          el.ownerDocument.getAnimations()
            .filter((a) => a.effect && a.effect.target && a.effect.getComputedTiming().endTime !== Infinity)
            .filter((a) => el.contains(a.effect.target) || a.effect.target.contains(el))
            .map((a) => a.finished.catch(() => undefined)))"""
    )


def screenshot(page: Page, path: Path) -> None:
    """A screenshot of the whole page at `path` (its folder made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)


def admin_headers(page: Page) -> dict[str, str]:
    """The headers of an API call as the admin signed in on `page` (its token from the browser)."""
    return {"batoken": page.evaluate("() => JSON.parse(localStorage.getItem('cityops.adminInfo')).token")}


def add_member(admin: Page, server, username: str, password: str, **fields: Any) -> dict[str, Any]:
    """Add a member (nickname = username, and `fields`) through the back office's API as the admin
    signed in on `admin`; returns its row."""
    answer = admin.request.post(
        server.url("/srv/admin/user/user/add"),
        data={"username": username, "nickname": username, "password": password, **fields},
        headers=admin_headers(admin),
    ).json()
    assert answer["code"] == 1, answer
    return answer["data"]
