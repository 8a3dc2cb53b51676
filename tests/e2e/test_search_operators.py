"""Issue 36 item 2: the common search's operator per field, in Chromium, on a designed business table
(service products, `business/good`): an editor picks "does not contain" on the name (with the keyboard,
as the operator select is named after its field) and "between" on the price, sees the rows that pass
both, then turns "between" into "not between" and sees the others. Screenshots in
/tmp/shots/search/operators-<lang>-<width>.png."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import admin_headers, list_rows, open_tab, screenshot
from tests.e2e.test_admin import admin_page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/search")
TEXT = {
    "zh": {
        "quick": "快速搜索",
        "filters": "筛选",
        "name": "名称",
        "nameOperator": "名称的搜索方式",
        "price": "参考价格（元）",
        "priceOperator": "参考价格（元）的搜索方式",
        "between": "介于",
        "notBetween": "不介于",
        "notContains": "不包含",
    },
    "en": {
        "quick": "Quick search",
        "filters": "Filters",
        "name": "Name",
        "nameOperator": "How Name is searched",
        "price": "Guide price (CNY)",
        "priceOperator": "How Guide price (CNY) is searched",
        "between": "between",
        "notBetween": "not between",
        "notContains": "does not contain",
    },
}
PRICES = {"alpha": "15.00", "beta": "15.00", "gamma": "50.00", "delta": "5.00"}


def _pick(area: Locator, label: str, option: str) -> None:
    """Choose `option` in the operator select named `label` with the keyboard: open it, go down to the
    option, take it."""
    select = area.get_by_role("combobox", name=label, exact=True)
    select.focus()
    select.press("Enter")
    for _ in range(10):
        active = ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active"
        if area.page.locator(active).inner_text() == option:
            break
        select.press("ArrowDown")
    select.press("Enter")
    expect(area.locator(".ant-select").filter(has=area.page.get_by_label(label, exact=True))).to_contain_text(
        option
    )


def _names(area: Locator, mark: str) -> Locator:
    return list_rows(area).filter(has_text=f"ops-{mark}-")


def test_an_editor_searches_with_does_not_contain_and_between(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    mark = uuid.uuid4().hex[:6]
    with admin_page(browser, server, width, height) as page:
        auth = admin_headers(page)
        for name, price in PRICES.items():
            added = page.request.post(
                server.url("/srv/admin/business/good/add"),
                data={"name": f"ops-{mark}-{name}", "category": "sanitation", "price": price},
                headers=auth,
            ).json()
            assert added["code"] == 1, added
        try:
            _search(page, server, text, mark, lang, width)
        finally:
            found = page.request.get(
                server.url(f"/srv/admin/business/good/index?quick_search=ops-{mark}"), headers=auth
            ).json()["data"]["list"]
            ids = "&".join(f"ids[]={row['id']}" for row in found)
            if ids:
                gone = page.request.delete(server.url(f"/srv/admin/business/good/del?{ids}"), headers=auth)
                assert gone.json()["code"] == 1


def _search(page: Page, server, text: dict, mark: str, lang: str, width: int) -> None:
    goods = open_tab(page, server, "/admin/business/good", lang)
    expect(goods.locator("[data-design]")).to_be_visible()
    quick = goods.get_by_label(text["quick"], exact=True)
    quick.fill(f"ops-{mark}")
    quick.press("Enter")
    expect(_names(goods, mark)).to_have_count(4)
    if width < 600:  # a phone keeps the filters behind one button
        goods.get_by_role("button", name=text["filters"], exact=True).click()

    # Name: does not contain "beta".
    _pick(goods, text["nameOperator"], text["notContains"])
    name = goods.get_by_role("textbox", name=text["name"], exact=True)
    name.fill("beta")
    name.press("Enter")
    expect(_names(goods, mark)).to_have_count(3)
    expect(_names(goods, mark).filter(has_text="beta")).to_have_count(0)

    # Price: between 10 and 20 (the price's first operator), bounds included.
    operator = goods.locator(".ant-select").filter(has=page.get_by_label(text["priceOperator"], exact=True))
    expect(operator).to_contain_text(text["between"])
    low = goods.get_by_label(f"{text['price']}{' from' if lang == 'en' else '起'}", exact=True)
    high = goods.get_by_label(f"{text['price']}{' to' if lang == 'en' else '止'}", exact=True)
    low.fill("10")
    low.press("Enter")
    high.fill("20")
    high.press("Enter")
    expect(_names(goods, mark)).to_have_count(1)
    expect(_names(goods, mark)).to_contain_text(f"ops-{mark}-alpha")

    # Not between keeps the bounds typed and shows the other side.
    _pick(goods, text["priceOperator"], text["notBetween"])
    expect(_names(goods, mark)).to_have_count(2)
    for kept in ("gamma", "delta"):
        expect(_names(goods, mark).filter(has_text=f"ops-{mark}-{kept}")).to_have_count(1)
    screenshot(page, SHOTS / f"operators-{lang}-{width}.png")
