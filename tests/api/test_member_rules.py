"""Member groups and rules take effect (issue 15 part 2): every member API of the member center asks
for the member rule of its page, as the admin matrix does for admins. A member whose group lacks the
rule gets code 401 from that API (and the rule's page is not in `/api/user/index` menus); with it,
code 1. Against DynamoDB Local through the real app."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.models.counter import next_id
from functions.models.group import UserGroup
from functions.models.rule import UserRule
from functions.models.user import User
from functions.services.rules import find_by_name

from .members_support import auth, logged_in, new_member

pytestmark = pytest.mark.usefixtures("fast_hashing", "admin_seed")

# (method, path, body) of each member API, by the member rule it needs.
ROUTES: dict[str, list[tuple[str, str, dict[str, Any] | None]]] = {
    "account/overview": [("GET", "/srv/api/account/overview", None)],
    "account/profile": [
        ("GET", "/srv/api/account/profile", None),
        ("POST", "/srv/api/account/profile", {"nickname": "Rule test", "gender": 0}),
    ],
    "account/changePassword": [
        ("POST", "/srv/api/account/changePassword", {"oldPassword": "wrong-1", "newPassword": "New-pass-1"})
    ],
    "account/balance": [("GET", "/srv/api/account/balance", None)],
    "account/integral": [("GET", "/srv/api/account/integral", None)],
}


def _group_without(rule: str) -> int:
    rules = [int(r.id) for r in _all_rules() if r.name != rule]
    group_id = next_id("user_group")
    UserGroup(group_id, name=f"without {rule}", rules=rules).save()
    return group_id


def _all_rules() -> list[Any]:
    from functions.services.permissions import load_rules

    return load_rules(UserRule)


def _menu_names(nodes: list[dict[str, Any]]) -> set[str]:
    return {n["name"] for n in nodes} | {name for n in nodes for name in _menu_names(n.get("children") or [])}


@pytest.fixture
def member(api: httpx.Client) -> Iterator[tuple[User, dict[str, str]]]:
    user = new_member()
    yield user, auth(logged_in(api, user)["token"])


@pytest.mark.parametrize("rule", sorted(ROUTES))
def test_each_member_api_needs_its_rule(api: httpx.Client, member, rule: str) -> None:
    user, headers = member
    assert find_by_name(UserRule, rule) is not None, f"{rule} is not a seeded member rule"
    for method, path, body in ROUTES[rule]:  # the default group grants every rule
        answer = api.request(method, path, json=body, headers=headers).json()
        assert answer["code"] != 401, (path, answer)

    user.group_id = _group_without(rule)
    user.save()
    menus = api.get("/srv/api/user/index", headers=headers).json()["data"]["menus"]
    assert rule not in _menu_names(menus)
    assert {"account/overview", "account/profile"} - {rule} <= _menu_names(menus)
    for method, path, body in ROUTES[rule]:
        answer = api.request(method, path, json=body, headers={**headers, "think-lang": "en"}).json()
        assert answer["code"] == 401, (path, answer)
        assert answer["msg"] == "You do not have permission to operate!"
    # The other pages still answer.
    other = next(r for r in ROUTES if r != rule)
    method, path, body = ROUTES[other][0]
    assert api.request(method, path, json=body, headers=headers).json()["code"] != 401


def test_a_disabled_rule_is_refused_to_everyone(api: httpx.Client, member) -> None:
    _, headers = member
    rule = find_by_name(UserRule, "account/integral")
    assert rule is not None
    rule.status = "disable"
    rule.save()
    try:
        answer = api.get("/srv/api/account/integral", headers={**headers, "think-lang": "zh-cn"}).json()
        assert answer["code"] == 401 and answer["msg"] == "您没有权限进行此操作！"
    finally:
        rule.status = "enable"
        rule.save()


def test_a_change_to_the_members_group_is_seen_by_the_next_request(api: httpx.Client, member) -> None:
    """The member's grant is kept in memory between requests (`permissions.grant_kept`): editing
    the group itself (its rules, its status), not only moving the member, takes effect at once."""
    user, headers = member
    balance = find_by_name(UserRule, "account/balance")
    assert balance is not None
    group_id = _group_without("no such rule")  # every member rule
    user.group_id = group_id
    user.save()

    def code() -> int:
        return int(api.get("/srv/api/account/balance", headers=headers).json()["code"])

    assert code() == 1
    assert code() == 1  # answered from what is kept
    group = UserGroup.get(group_id)
    everything = list(group.rules)
    group.rules = [r for r in everything if int(r) != int(balance.id)]
    group.save()
    assert code() == 401
    group.update(actions=[UserGroup.rules.set(everything)])
    assert code() == 1
    group.update(actions=[UserGroup.status.set("disable")])
    assert code() == 401


def test_a_member_moved_to_another_group_is_seen_by_the_next_request(api: httpx.Client, member) -> None:
    """Moving a member writes the member row only (no group or rule stamp changes): the grant kept for
    the member's former group is not the one its next request is checked against."""
    user, headers = member
    former = int(user.group_id or 0)
    without = _group_without("account/balance")  # written before the member's grant is kept

    def code() -> int:
        return int(api.get("/srv/api/account/balance", headers=headers).json()["code"])

    assert code() == 1
    assert code() == 1  # answered from what is kept
    user.group_id = without
    user.save()
    assert code() == 401
    user.group_id = former
    user.save()
    assert code() == 1
