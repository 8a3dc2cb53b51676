"""A back-office list of 10,000 rows in Chromium: the table pages with Previous/Next (a keyset cursor),
shows the exact total, goes back to the page it came from, and a filter says "at least" honestly."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_admin import admin_password, log_in

pytestmark = pytest.mark.e2e
ROWS = 10_000


def fill_admin_log(server, rows: int) -> None:
    """`rows` admin-log rows in the running server's tables (what `make run` would have after months)."""
    from functions.core.settings import Settings, get_settings
    from functions.local.dynamodb import local_credentials
    from functions.models import configure_models
    from functions.models.admin_log import AdminLog
    from functions.models.counter import Counter
    from functions.models.listing import bulk_put

    local_credentials()
    configure_models(Settings(dynamodb_endpoint=server.dynamodb_endpoint, table_prefix="e2e-"))
    try:
        sequence = Counter("admin_log")
        sequence.update(actions=[Counter.value.add(rows)])
        first = int(sequence.value) - rows + 1
        start = int(time.time()) - rows * 60
        batch = [
            AdminLog(
                first + n,
                admin_id=1,
                username="admin",
                title=f"Edit member {n}",
                url="/srv/admin/user/user/edit",
                create_time=start + n * 60,
            )
            for n in range(rows)
        ]
        for offset in range(0, rows, 5000):
            bulk_put(batch[offset : offset + 5000])
    finally:
        configure_models(get_settings())


def id_column(page: Page) -> int:
    headers = page.locator(".ant-table-thead th").all_inner_texts()
    return next(i for i, text in enumerate(headers) if text.strip() == "ID")


def first_cell(page: Page):
    return page.locator(".ant-table-tbody tr.ant-table-row").first.locator("td").nth(id_column(page))


def first_id(page: Page) -> int:
    return int(first_cell(page).inner_text().strip())


def test_ten_thousand_log_rows_page_with_previous_and_next(server, page: Page) -> None:
    fill_admin_log(server, ROWS)
    log_in(page, server, "admin", admin_password(server))
    page.goto(server.url("/admin/auth/adminLog"))
    pager = page.get_by_role("navigation", name=re.compile("分页"))
    # 10,000 written here, plus the log rows earlier tests left on the shared server (over 100 now).
    expect(pager).to_contain_text(re.compile(r"共 10,\d\d\d 条"))
    expect(pager.get_by_role("button", name="上一页")).to_be_disabled()
    expect(pager).to_contain_text("第 1 页")
    seen = [first_id(page)]
    for number in (2, 3, 4):
        pager.get_by_role("button", name="下一页").click()
        expect(pager).to_contain_text(f"第 {number} 页")
        expect(first_cell(page)).not_to_have_text(str(seen[-1]))
        seen.append(first_id(page))
    assert seen == sorted(seen, reverse=True) and len(set(seen)) == 4
    assert seen[0] - seen[3] >= 30  # three pages of ten rows, newest first
    pager.get_by_role("button", name="上一页").click()
    expect(pager).to_contain_text("第 3 页")
    expect(first_cell(page)).to_have_text(str(seen[2]))

    # A quick search reads a bounded window: the total is a lower bound, said as such.
    page.get_by_label("快速搜索").first.fill("Edit member")
    page.keyboard.press("Enter")
    expect(pager).to_contain_text(re.compile(r"共 1,9\d\d\+ 条"))  # the matches among the 1,999 rows read
    expect(pager).to_contain_text("第 1 页")
