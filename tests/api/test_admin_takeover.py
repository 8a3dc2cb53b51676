# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""An admin acts on another admin or a group only when it holds everything the target holds
(issue: a limited admin who managed a group that a super admin also belonged to could change that
super admin's password, log in as super, or delete it).

The limited admin in these tests manages a child group of its own group (so the target is in its
list and passes the old "shares a managed group" check); what differs is what else the target holds.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.admin_support import (
    PASSWORD,
    AdminUser,
    delete,
    make_admin,
    make_group,
    ok,
    post,
    rule_ids,
    unique,
)

MANAGER_RULES = [
    "auth",
    "auth/admin",
    "auth/admin/index",
    "auth/admin/add",
    "auth/admin/edit",
    "auth/admin/del",
    "auth/group",
    "auth/group/index",
    "auth/group/edit",
    "auth/group/del",
]


def create_admin(group_ids: list[int], *, is_super: bool = False) -> tuple[int, str]:
    from functions.models.admin import Admin

    name = unique("tgt")
    return int(Admin.create(name, PASSWORD, group_ids=group_ids, is_super=is_super).id), name


def can_log_in(api: httpx.Client, username: str, password: str) -> bool:
    body = api.post("/srv/admin/index/login", json={"username": username, "password": password}).json()
    return body["code"] == 1


def edit_body(api: httpx.Client, who: AdminUser, admin_id: int, **changes: Any) -> dict[str, Any]:
    row = ok(api.get("/srv/admin/auth/admin/edit", params={"id": admin_id}, headers=who.headers))["row"]
    keep = ("id", "username", "nickname", "group_arr", "email", "mobile", "avatar", "motto", "status")
    return {**{k: row[k] for k in keep}, **changes}


def manager_with_child_group(api: httpx.Client) -> tuple[AdminUser, int]:
    manager = make_admin(api, MANAGER_RULES)
    child = make_group(rule_ids(["auth", "auth/admin", "auth/admin/index"]), pid=manager.group_id or 0)
    return manager, child


def test_limited_admin_cannot_take_over_a_super_admin_through_a_shared_group(
    api: httpx.Client, admin_seed: None
) -> None:
    manager, child = manager_with_child_group(api)
    # Super through a "*" group (not the flag), and super through the flag: both share `child`.
    via_group, via_group_name = create_admin([child, make_group("*")])
    via_flag, via_flag_name = create_admin([child], is_super=True)
    for target, name in ((via_group, via_group_name), (via_flag, via_flag_name)):
        hijack = post(
            api, "auth/admin/edit", manager, edit_body(api, manager, target, password="Taken_over1")
        )
        assert hijack["code"] == 0 and hijack["msg"] == "You cannot change a super administrator"
        disable = post(api, "auth/admin/edit", manager, edit_body(api, manager, target, status="disable"))
        assert disable["code"] == 0
        removed = delete(api, "auth/admin/del", manager, [target])
        assert removed["code"] == 0 and removed["msg"] == "You cannot change a super administrator"
        # The super admin is untouched: the old password works, the attacker's does not.
        assert can_log_in(api, name, PASSWORD) and not can_log_in(api, name, "Taken_over1")


def test_limited_admin_cannot_change_an_admin_holding_more_rules(api: httpx.Client, admin_seed: None) -> None:
    manager, child = manager_with_child_group(api)
    stronger_group = make_group(rule_ids(["routine", "routine/config", "routine/config/edit"]))
    stronger, name = create_admin([child, stronger_group])
    message = "You cannot change an administrator who holds more permissions than you"
    body = post(api, "auth/admin/edit", manager, edit_body(api, manager, stronger, password="Taken_over1"))
    assert body["msg"] == message
    assert delete(api, "auth/admin/del", manager, [stronger])["msg"] == message
    assert can_log_in(api, name, PASSWORD)
    # A disabled group still counts: enabling it again would hand the rules back.
    from functions.models.group import AdminGroup

    AdminGroup.get(stronger_group).update(actions=[AdminGroup.status.set("disable")])
    assert delete(api, "auth/admin/del", manager, [stronger])["msg"] == message
    # The list tells the browser which rows it may not touch.
    rows = ok(api.get("/srv/admin/auth/admin/index", params={"limit": 100}, headers=manager.headers))["list"]
    editable = {row["id"]: row["editable"] for row in rows}
    assert editable[stronger] is False and editable[manager.id] is False


def test_limited_admin_changes_an_admin_it_covers(api: httpx.Client, admin_seed: None) -> None:
    manager, child = manager_with_child_group(api)
    weaker, name = create_admin([child])
    body = post(api, "auth/admin/edit", manager, edit_body(api, manager, weaker, password="New_pass123"))
    assert body["code"] == 1, body
    assert can_log_in(api, name, "New_pass123")
    rows = ok(api.get("/srv/admin/auth/admin/index", params={"limit": 100}, headers=manager.headers))["list"]
    assert {row["id"]: row["editable"] for row in rows}[weaker] is True
    assert delete(api, "auth/admin/del", manager, [weaker])["code"] == 1


def test_nobody_changes_their_own_account_through_the_admin_table(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    body = edit_body(api, super_admin, super_admin.id, nickname="Renamed", group_arr=[1])
    assert post(api, "auth/admin/edit", super_admin, body)["msg"] == (
        "You cannot change your own account here, please use your profile"
    )
    manager, _ = manager_with_child_group(api)
    own = edit_body(api, manager, manager.id, password="Another_pass1")
    assert post(api, "auth/admin/edit", manager, own)["code"] == 0
    assert delete(api, "auth/admin/del", manager, [manager.id])["msg"] == "You cannot delete yourself"


def test_groups_are_changed_and_assigned_only_within_the_callers_rules(
    api: httpx.Client, admin_seed: None
) -> None:
    manager, _ = manager_with_child_group(api)
    # A child group of the manager's own group that holds a rule the manager lacks.
    config_rules = rule_ids(["routine", "routine/config", "routine/config/edit"])
    rich_child = make_group(config_rules, pid=manager.group_id or 0)
    group_edit = {
        "id": rich_child,
        "pid": manager.group_id,
        "name": "renamed",
        "rules": [],
        "status": "enable",
    }
    message = "You cannot change a group that holds more permissions than you"
    assert post(api, "auth/group/edit", manager, group_edit)["msg"] == message
    assert delete(api, "auth/group/del", manager, [rich_child])["msg"] == message
    rows = ok(api.get("/srv/admin/auth/group/index", params={"limit": 100}, headers=manager.headers))["list"]

    def flatten(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [x for item in items for x in (item, *flatten(item.get("children", [])))]

    assert {row["id"]: row["editable"] for row in flatten(rows)}[rich_child] is False
    # Assigning that group to a new admin would hand out its rules: refused.
    new_admin = {"username": unique("x"), "nickname": "x", "password": PASSWORD, "group_arr": [rich_child]}
    assert (
        post(api, "auth/admin/add", manager, new_admin)["msg"] == "You can only grant rules you hold yourself"
    )
