"""Member rules take effect in the browser (issue 15 part 2): an admin makes a member group without the
balance page and a member in it; the member logs in and the member center has no Balance link, and its
address says the member has no permission; the other pages work. zh-cn at 1440 px, English at 390 px."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import add_member, admin_headers, screenshot
from tests.e2e.test_admin import admin_page
from tests.e2e.test_members import TEXT as MEMBER_TEXT
from tests.e2e.test_members import member_page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/member-rules")
# The member pages' words (tests/e2e/test_members.py), and the refusal.
TEXT = {
    "zh": {**MEMBER_TEXT["zh-cn"], "denied": "您没有权限访问此页面"},
    "en": {**MEMBER_TEXT["en"], "denied": "No permission to access this page"},
}


def _names(nodes: list[dict[str, Any]]) -> dict[str, int]:
    found: dict[str, int] = {}
    for node in nodes:
        found[node["name"]] = node["id"]
        found.update(_names(node.get("children") or []))
    return found


def test_a_member_without_the_balance_rule_neither_sees_nor_opens_it(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    username, password = "r" + uuid.uuid4().hex[:10], "Rule_pass1"
    with admin_page(browser, server) as admin:
        auth = admin_headers(admin)
        rules = _names(
            admin.request.get(server.url("/srv/admin/user/rule/index"), headers=auth).json()["data"]["list"]
        )
        kept = [rule_id for name, rule_id in rules.items() if name != "account/balance"]
        group = admin.request.post(
            server.url("/srv/admin/user/group/add"),
            data={"name": f"no-balance-{username}", "rules": kept},
            headers=auth,
        ).json()
        assert group["code"] == 1, group
        add_member(admin, server, username, password, group_id=group["data"]["id"])

    with member_page(browser, server, lang, (width, height), username, password) as page:
        expect(page.get_by_role("link", name=text["integral"])).to_be_visible()
        expect(page.get_by_role("link", name=text["balance"])).to_have_count(0)

        page.goto(server.url("/user/account/balance"))
        expect(page.get_by_text(text["denied"])).to_be_visible()
        expect(page.get_by_test_id("log-balance")).to_have_count(0)
        screenshot(page, SHOTS / f"denied-{lang}-{width}.png")

        page.get_by_role("link", name=text["integral"]).click()
        expect(page.get_by_test_id("log-integral")).to_contain_text(text["empty"])
