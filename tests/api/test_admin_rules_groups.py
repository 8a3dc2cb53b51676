"""Back-office menu rules and groups: the shell's index follows the grant, rules (child grant, delete
order, sort, the tree), groups granting only held rules, and member rules with their own types."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.admin_support import (
    EN,
    AdminUser,
    delete,
    make_admin,
    make_group,
    ok,
    post,
    rule_ids,
    unique,
)


# --- the shell's index ------------------------------------------------------------------------------
def flatten(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for node in tree:
        out.append(node)
        out.extend(flatten(node.get("children", [])))
    return out


def test_index_menus_follow_the_grant(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    who = make_admin(api, ["auth", "auth/admin", "auth/admin/index", "auth/admin/add", "routine/adminInfo"])
    data = ok(api.get("/srv/admin/index/index", headers={**who.headers, **EN}))
    assert set(data) >= {"adminInfo", "menus", "siteConfig", "terminal"}
    names = {n["name"] for n in flatten(data["menus"])}
    # routine/adminInfo is granted but its parent "routine" is not: unreachable, so not shown.
    assert names == {"auth", "auth/admin", "auth/admin/index", "auth/admin/add"}
    auth = data["menus"][0]
    assert auth["title"] == "Permissions" and auth["children"][0]["title"] == "Administrators"
    assert data["adminInfo"]["super"] is False and data["adminInfo"]["group_arr"] == [who.group_id]
    # Every page of the back office, granted or not (the app answers 401 for these, 404 for others).
    assert {"auth/admin", "user/user", "routine/config"} <= set(data["paths"])
    assert "auth" not in data["paths"] and "auth/admin/add" not in data["paths"]  # a folder, a button
    everything = ok(api.get("/srv/admin/index/index", headers=super_admin.headers))
    top = [n["name"] for n in everything["menus"]]
    assert top[:4] == ["dashboard", "auth", "user", "routine"]
    assert everything["adminInfo"]["super"] is True


# --- rules ------------------------------------------------------------------------------------------
def test_rules_child_grant_delete_order_and_sort(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    from functions.models.group import AdminGroup

    base = unique("r")
    parent = post(
        api, "auth/rule/add", super_admin, {"type": "menu", "title": "测试", "title_en": "Test", "name": base}
    )
    assert parent["code"] == 1, parent
    pid = parent["data"]["id"]
    holder = make_group([pid])
    child = ok(
        api.post(
            "/srv/admin/auth/rule/add",
            json={"pid": pid, "type": "button", "title": "添加", "name": f"{base}/add"},
            headers=super_admin.headers,
        )
    )
    # The group holding the parent now holds the new child.
    assert child["id"] in AdminGroup.get(holder).rules
    dup = post(api, "auth/rule/add", super_admin, {"title": "x", "name": f"{base}/add"})
    assert dup["msg"] == "The rule name already exists"
    # A parent cannot be deleted while it has children; deleting both at once is fine.
    body = delete(api, "auth/rule/del", super_admin, [pid])
    assert body["code"] == 0 and body["msg"] == "Please delete the child rules first"
    second = ok(
        api.post(
            "/srv/admin/auth/rule/add",
            json={"pid": pid, "type": "button", "title": "编辑", "name": f"{base}/edit"},
            headers=super_admin.headers,
        )
    )
    # A rule cannot become its own descendant's child.
    loop = post(
        api, "auth/rule/edit", super_admin, {"id": pid, "pid": second["id"], "title": "测试", "name": base}
    )
    assert loop["msg"] == "The parent cannot be the row itself or one of its descendants"
    # Drag sort among siblings: move the first child below the second.
    listing = ok(
        api.get(
            "/srv/admin/auth/rule/index",
            params={"search": json.dumps([{"field": "pid", "operator": "eq", "val": pid}])},
            headers=super_admin.headers,
        )
    )
    before = [r["id"] for r in listing["list"]]
    assert set(before) == {child["id"], second["id"]}
    ok(
        api.post(
            "/srv/admin/auth/rule/sortable",
            json={"id": before[0], "targetId": before[1]},
            headers=super_admin.headers,
        )
    )
    listing = ok(
        api.get(
            "/srv/admin/auth/rule/index",
            params={
                "search": json.dumps([{"field": "pid", "operator": "eq", "val": pid}]),
                "order": "weigh,desc",
            },
            headers=super_admin.headers,
        )
    )
    assert [r["id"] for r in listing["list"]] == list(reversed(before))
    assert (
        ok(
            api.delete(
                "/srv/admin/auth/rule/del",
                params={"ids[]": [pid, child["id"], second["id"]]},
                headers=super_admin.headers,
            )
        )["count"]
        == 3
    )
    assert child["id"] not in AdminGroup.get(holder).rules


def test_rule_index_is_a_tree_for_super(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    data = ok(api.get("/srv/admin/auth/rule/index", headers=super_admin.headers))
    auth = next(r for r in data["list"] if r["name"] == "auth")
    admin = next(c for c in auth["children"] if c["name"] == "auth/admin")
    assert [b["name"] for b in admin["children"]] == [
        f"auth/admin/{a}" for a in ("index", "add", "edit", "del")
    ]


# --- groups -----------------------------------------------------------------------------------------
def test_groups_grant_only_held_rules_and_not_own_group(api: httpx.Client, admin_seed: None) -> None:
    held = ["auth", "auth/group", "auth/group/index", "auth/group/add", "auth/group/edit", "auth/group/del"]
    who = make_admin(api, held)
    mine = [who.group_id]
    # Own group: visible, not editable.
    rows = ok(api.get("/srv/admin/auth/group/index", headers=who.headers))["list"]
    assert [r["id"] for r in rows] == mine and rows[0]["editable"] is False
    body = post(
        api, "auth/group/edit", who, {"id": who.group_id, "pid": 0, "name": "x", "rules": rule_ids(held)}
    )
    assert body["msg"] == "You cannot edit your own group"
    # A sub-group with rules the admin holds: fine. With one it does not hold, or "*": refused.
    sub = post(api, "auth/group/add", who, {"pid": who.group_id, "name": "sub", "rules": rule_ids(held[:3])})
    assert sub["code"] == 1, sub
    extra = post(
        api,
        "auth/group/add",
        who,
        {"pid": who.group_id, "name": "sub2", "rules": rule_ids(["auth/admin/del"])},
    )
    assert extra["msg"] == "You can only grant rules you hold yourself"
    star = post(api, "auth/group/add", who, {"pid": who.group_id, "name": "sub3", "rules": ["*"]})
    assert star["msg"] == "You can only grant rules you hold yourself"
    top = post(api, "auth/group/add", who, {"pid": 0, "name": "top", "rules": []})
    assert top["msg"] == "You can only assign groups you manage"
    # Deleting the sub-group it manages works.
    assert delete(api, "auth/group/del", who, [sub["data"]["id"]])["code"] == 1


def test_member_rules_are_added_and_edited_with_their_own_types(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    name = unique("account/demo")
    body = {
        "type": "nav_user_menu",
        "title": "演示",
        "title_en": "Demo",
        "name": name,
        "no_login_valid": True,
    }
    added = post(api, "user/rule/add", super_admin, body)
    assert added["code"] == 1, added
    rows = ok(
        api.get("/srv/admin/user/rule/index", params={"quick_search": name}, headers=super_admin.headers)
    )
    (row,) = [r for r in rows["list"] if r["name"] == name]
    assert row["type"] == "nav_user_menu" and row["title_en"] == "Demo"
    assert row["no_login_valid"] is True  # written with the rule, in the same write
    edited = post(
        api,
        "user/rule/edit",
        super_admin,
        {**body, "id": row["id"], "title_en": "Demo page", "no_login_valid": False},
    )
    assert edited["code"] == 1, edited
    rows = ok(
        api.get("/srv/admin/user/rule/index", params={"quick_search": name}, headers=super_admin.headers)
    )
    (row,) = [r for r in rows["list"] if r["name"] == name]
    assert row["title_en"] == "Demo page" and row["no_login_valid"] is False
    # A back-office rule type is not a member rule type, and a bad name is refused.
    assert (
        api.post(
            "/srv/admin/user/rule/add", json={**body, "type": "iframe"}, headers=super_admin.headers
        ).status_code
        == 400
    )
    assert (
        api.post(
            "/srv/admin/user/rule/add", json={**body, "name": "bad name!"}, headers=super_admin.headers
        ).status_code
        == 400
    )
