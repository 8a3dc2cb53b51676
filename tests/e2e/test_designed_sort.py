"""Issue 32 §1–2: sorting the rows of a designed table in the browser. An admin presses ↓ on a row of
业务管理 → 服务产品 (business/good) whose price is 186000.00: the row moves below its neighbour on
screen at once and after a reload (the list is ordered by weigh, highest first), and no value of either
row changes but the moved row's weigh — read back through the API — in zh-cn at 1440 px and in English
at 390 px (cards). Screenshots in /tmp/shots/designed-sort/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import admin_headers, list_rows, open_tab, screenshot
from tests.e2e.test_admin import admin_page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/designed-sort")
TABLE = "business/good"
MOVE_DOWN = {"zh": "下移：{name}", "en": "Move down: {name}"}
SORTED = {"zh": "排序成功", "en": "Sorted successfully"}


def _order(area: Locator, *names: str) -> list[str]:
    """`names` in the order their rows are shown."""
    texts = list_rows(area).all_inner_texts()
    return sorted(names, key=lambda name: next(i for i, text in enumerate(texts) if name in text))


def _api(page: Page, server, method: str, path: str, **kwargs: Any) -> Any:
    answer = page.request.fetch(
        server.url(f"/srv/admin/{TABLE}/{path}"), method=method, headers=admin_headers(page), **kwargs
    ).json()
    assert answer["code"] == 1, answer
    return answer["data"]


def _read(page: Page, server, item_id: int) -> dict[str, Any]:
    return dict(_api(page, server, "GET", "edit", params={"id": item_id})["row"])


def _without_weigh(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != "weigh"}


def test_down_on_a_priced_row_moves_it_and_keeps_every_value(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    mark = uuid.uuid4().hex[:6]
    upper, lower = f"平台值守-{mark}", f"河道保洁-{mark}"
    with admin_page(browser, server, width, height) as page:
        area = open_tab(page, server, f"/admin/{TABLE}", lang)
        expect(area.locator("[data-design]")).to_be_visible(timeout=30_000)

        def add(name: str, price: str) -> int:
            body = {"name": name, "category": "sanitation", "price": price, "unit": "月"}
            return int(_api(page, server, "POST", "add", data=body)["id"])

        below = add(lower, "28000.50")
        above = add(upper, "186000.00")  # added last: first in the list
        ids = (above, below)
        before = {i: _read(page, server, i) for i in ids}
        try:
            page.reload()
            expect(list_rows(area).filter(has_text=upper)).to_have_count(1)
            expect(list_rows(area).filter(has_text=lower)).to_have_count(1)
            assert _order(area, upper, lower) == [upper, lower]
            row = list_rows(area).filter(has_text=upper)
            expect(row).to_contain_text("186000.00")
            with page.expect_response(re.compile(rf"/srv/admin/{TABLE}/sortable$")) as sorted_:
                row.get_by_role("button", name=MOVE_DOWN[lang].format(name=upper), exact=True).click()
            assert sorted_.value.json()["code"] == 1
            expect(page.get_by_text(SORTED[lang])).to_be_visible()
            # On screen at once: the row is below its neighbour, its price as it was.
            _wait_order(area, [lower, upper], upper, lower)
            expect(list_rows(area).filter(has_text=upper)).to_contain_text("186000.00")
            expect(list_rows(area).filter(has_text=lower)).to_contain_text("28000.50")
            screenshot(page, SHOTS / f"moved-{lang}-{width}.png")
            # After a reload too.
            page.reload()
            expect(list_rows(area).filter(has_text=upper)).to_have_count(1)
            _wait_order(area, [lower, upper], upper, lower)
            expect(list_rows(area).filter(has_text=upper)).to_contain_text("186000.00")
            screenshot(page, SHOTS / f"reloaded-{lang}-{width}.png")
            # Read back: only the moved row's weigh changed (now at most its neighbour's, which stays).
            after = {i: _read(page, server, i) for i in ids}
            for i in ids:
                assert _without_weigh(after[i]) == _without_weigh(before[i])
            assert after[above]["price"] == "186000.00" and after[below]["price"] == "28000.50"
            assert after[below]["weigh"] == before[below]["weigh"]
            assert after[above]["weigh"] <= after[below]["weigh"]
        finally:
            _api(page, server, "DELETE", "del", params={"ids": f"{above},{below}"})


def _wait_order(area: Locator, wanted: list[str], *names: str) -> None:
    """Wait until the rows of `names` are shown in the order `wanted` (the list reloads after a move)."""
    area.page.wait_for_function(
        """([selector, wanted]) => {
          const texts = [...document.querySelectorAll(selector)].map((el) => el.innerText);
          const at = (name) => texts.findIndex((text) => text.includes(name));
          return wanted.every((name, i) => at(name) >= 0 && (i === 0 || at(wanted[i - 1]) < at(name)));
        }""",
        arg=[f'[data-tab="/admin/{TABLE}"] :is(tr.ant-table-row, [data-testid=row-cards] > ul > li)', wanted],
    )
    assert _order(area, *names) == wanted
