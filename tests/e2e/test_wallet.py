"""Balance and points in the browser: an admin adjusts a member's balance and points with the row
buttons of Members › Members (a deduction beyond the balance is refused in the dialog, which stays
open); the back office's balance and points logs list the changes, and the member sees them on the
balance and points pages of the member center. zh-cn at 1440 px, English at 390 px."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.steps import add_member, open_tab, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.test_members import TEXT as MEMBER_TEXT
from tests.e2e.test_members import member_page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/wallet")
TEXT = {
    "zh": {
        **MEMBER_TEXT["zh-cn"],
        "money": "调整余额",
        "score": "调整积分",
        "moneyAmount": "变动金额",
        "scoreAmount": "变动积分",
        "memo": "备注",
        "ok": r"^确\s*定$",
        "insufficient": "余额不足",
    },
    "en": {
        **MEMBER_TEXT["en"],
        "money": "Adjust balance",
        "score": "Adjust points",
        "moneyAmount": "Amount",
        "scoreAmount": "Points",
        "memo": "Memo",
        "ok": r"^OK$",
        "insufficient": "Insufficient balance",
    },
}


def _adjust(page: Page, text: dict[str, str], row: Locator, kind: str, amount: str, memo: str) -> Locator:
    """Open the row's adjust dialog of `kind` ("money", "score"), fill it and press OK; returns the
    dialog (closed when the change was accepted)."""
    row.get_by_role("button", name=text[kind]).click()
    dialog = page.get_by_role("dialog", name=re.compile(text[kind]))
    dialog.get_by_label(text[f"{kind}Amount"]).fill(amount)
    dialog.get_by_label(text["memo"]).fill(memo)
    dialog.get_by_role("button", name=re.compile(text["ok"])).click()
    return dialog


def test_an_admin_adjusts_balance_and_points_and_the_member_sees_them(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    username, password = "m" + uuid.uuid4().hex[:10], "Wallet_pass1"
    text = TEXT[lang]
    with admin_page(browser, server, width, height) as admin:
        add_member(admin, server, username, password)
        area = open_tab(admin, server, "/admin/user/user", lang)
        row = area.locator("tr, li").filter(has_text=username).last
        dialog = _adjust(admin, text, row, "money", "-100", f"too much {username}")
        expect(admin.get_by_text(text["insufficient"]).first).to_be_visible()
        expect(dialog).to_be_visible()
        admin.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(_adjust(admin, text, row, "money", "12.50", f"money {username}")).to_be_hidden()
        expect(_adjust(admin, text, row, "score", "7", f"points {username}")).to_be_hidden()

        for path, memo, shown in (
            ("/admin/user/moneyLog", f"money {username}", "12.50"),
            ("/admin/user/scoreLog", f"points {username}", "7"),
        ):
            log = open_tab(admin, server, path, lang)
            entry = log.locator("tr, li").filter(has_text=memo).last
            expect(entry).to_contain_text(username)
            expect(entry).to_contain_text(shown)
            expect(log.locator("tr, li").filter(has_text=f"too much {username}")).to_have_count(0)
        screenshot(admin, SHOTS / f"score-log-{lang}-{width}.png")

    with member_page(browser, server, lang, (width, height), username, password) as page:
        page.get_by_role("link", name=text["balance"]).click()
        expect(page.get_by_test_id("log-balance")).to_contain_text(f"money {username}")
        expect(page.get_by_test_id("log-balance")).to_contain_text("+12.50")
        page.get_by_role("link", name=text["integral"]).click()
        expect(page.get_by_test_id("log-integral")).to_contain_text(f"points {username}")
        expect(page.get_by_test_id("log-integral")).to_contain_text("+7")
        screenshot(page, SHOTS / f"member-points-{lang}-{width}.png")
