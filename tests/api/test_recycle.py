# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The recycle bin (issue 14): a delete through the generic table keeps the row in the same DynamoDB
transaction — an injected failure between the steps deletes nothing — and the row can be viewed,
restored with its id and unique values (refused, with the reason, when a value was taken meanwhile)
and purged; designed tables (and deleting a whole designed table) go the same way; the list filters
by table, admin and time."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    ZH,
    AdminUser,
    get,
    get_ok,
    make_admin,
    post,
    post_member,
    table_log,
    unique,
)


def delete(
    api: httpx.Client, path: str, who: AdminUser, ids: list[int], lang: dict[str, str] = EN
) -> dict[str, Any]:
    return api.delete(f"/srv/admin/{path}/del", params={"ids[]": ids}, headers={**who.headers, **lang}).json()


def add_member(api: httpx.Client, who: AdminUser, **extra: Any) -> tuple[int, str]:
    name = unique("rc")
    created = post_member(api, who, username=name, nickname="Recycled", email=f"{name}@example.com", **extra)
    assert created["code"] == 1, created
    return int(created["data"]["id"]), name


def bin_rows(
    api: httpx.Client, who: AdminUser, table: str, item_id: int | None = None
) -> list[dict[str, Any]]:
    rows = table_log(api, who, "dataRecycleLog", table)
    return [r for r in rows if item_id is None or r["item_id"] == item_id]


def member_exists(member_id: int) -> bool:
    from functions.models.user import User

    try:
        User.get(member_id, consistent_read=True)
    except User.DoesNotExist:
        return False
    return True


def test_a_deleted_member_is_kept_whole_and_restored_with_its_id_and_unique_values(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    from functions.models.user import User

    member_id, name = add_member(api, super_admin, mobile="13912345678")
    hash_before = User.get(member_id).password_hash
    assert delete(api, "user/user", super_admin, [member_id])["data"]["count"] == 1
    assert not member_exists(member_id)
    (kept,) = bin_rows(api, super_admin, "user/user", member_id)
    assert kept["username"] == super_admin.username and kept["admin_id"] == super_admin.id
    assert kept["ip"] and kept["create_time"] >= int(time.time()) - 60
    assert kept["row"]["username"] == name and kept["row"]["mobile"] == "13912345678"
    assert kept["table_title"] == "Members"
    assert "password_hash" not in kept["row"]  # the list shows the row as the table showed it
    # While it is in the bin, its unique values are free.
    other = post_member(api, super_admin, email=f"{name}@example.com")
    assert other["code"] == 1
    # …so restoring it now is refused, with the field and the value.
    refused = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert refused["code"] == 0
    assert refused["msg"] == f'Cannot restore: E-mail "{name}@example.com" is now used by another row'
    refused_zh = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]}, ZH)
    assert refused_zh["msg"] == f"无法还原：电子邮箱“{name}@example.com”已被其他记录使用"
    assert not member_exists(member_id) and bin_rows(api, super_admin, "user/user", member_id)
    # Free the value again: the restore brings the member back with its id, password and values.
    assert delete(api, "user/user", super_admin, [other["data"]["id"]])["code"] == 1
    restored = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert restored["code"] == 1 and restored["data"]["count"] == 1, restored
    back = User.get(member_id, consistent_read=True)
    assert back.username == name and back.mobile == "13912345678" and back.password_hash == hash_before
    assert not bin_rows(api, super_admin, "user/user", member_id)
    # Its unique values are claimed again.
    dup = post_member(api, super_admin, username=name, mobile="13912345678")
    assert dup["code"] == 0
    again = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert again["code"] == 0 and again["msg"] == "This row has already been restored or purged"


def test_an_injected_failure_between_the_delete_and_its_copy_deletes_nothing(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.models.security import RecycleLog
    from functions.services import recycle

    member_id, _ = add_member(api, super_admin)

    # 1. The process fails after the delete was added to the transaction, before the copy.
    def crash(self: Any, tx: Any, item: Any) -> None:
        raise RuntimeError("injected failure")

    with monkeypatch.context() as patch:
        patch.setattr(recycle.DeleteWatcher, "deleted", crash)
        answer = api.delete(
            "/srv/admin/user/user/del", params={"ids[]": [member_id]}, headers=super_admin.headers
        )
        assert answer.status_code == 500 or answer.json()["code"] != 1
    assert member_exists(member_id)
    assert not bin_rows(api, super_admin, "user/user", member_id)

    # 2. DynamoDB refuses the copy (its id is taken): the whole transaction, the delete too, is cancelled.
    other_id, _ = add_member(api, super_admin)
    assert delete(api, "user/user", super_admin, [other_id])["code"] == 1
    (taken,) = bin_rows(api, super_admin, "user/user", other_id)
    with monkeypatch.context() as patch:
        patch.setattr(recycle, "new_log_id", lambda: int(taken["id"]))
        body = delete(api, "user/user", super_admin, [member_id])
    assert body["code"] == 0
    assert body["msg"] == "The deleted row could not be kept in the recycle bin, so nothing was deleted"
    assert member_exists(member_id)
    assert not bin_rows(api, super_admin, "user/user", member_id)
    assert RecycleLog.get(int(taken["id"])).item_id == other_id  # the other copy is untouched


def test_a_disabled_rule_keeps_nothing_and_rules_name_existing_tables(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    rules = get_ok(api, "security/dataRecycle/index", super_admin)["list"]
    group_rule = next(r for r in rules if r["table"] == "user/group")
    assert group_rule["table_title"] == "Member groups"
    assert {r["table"] for r in rules} >= {
        "*",
        "user/user",
        "auth/admin",
        "auth/group",
        "auth/rule",
        "routine/attachment",
    }
    assert (
        post(
            api,
            "security/dataRecycle/edit",
            super_admin,
            {"id": group_rule["id"], "title": "off", "status": "disable"},
        )["code"]
        == 1
    )
    try:
        created = post(
            api, "user/group/add", super_admin, {"name": unique("g"), "rules": [], "status": "enable"}
        )
        assert created["code"] == 1, created
        assert delete(api, "user/group", super_admin, [created["data"]["id"]])["code"] == 1
        assert not bin_rows(api, super_admin, "user/group", created["data"]["id"])
    finally:
        post(
            api,
            "security/dataRecycle/edit",
            super_admin,
            {"id": group_rule["id"], "title": group_rule["title"], "status": "enable"},
        )
    assert (
        post(api, "security/dataRecycle/add", super_admin, {"table": "no/suchTable", "title": "x"})["msg"]
        == "There is no table at this path"
    )
    assert (
        post(api, "security/dataRecycle/add", super_admin, {"table": "user/user", "title": "x"})["msg"]
        == "This table already has a rule"
    )
    tables = get_ok(api, "security/dataRecycle/tables", super_admin)
    member_table = next(t for t in tables if t["path"] == "user/user")
    assert member_table["title"] == "Members" and "mobile" in member_table["fields"]


def design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": {"zh": "回收测试", "en": "Recycle test"},
        "fields": [
            {
                "name": "code",
                "title": {"zh": "编号", "en": "Code"},
                "type": "string",
                "required": True,
                "unique": True,
            },
            {"name": "fee", "title": {"zh": "费用", "en": "Fee"}, "type": "money"},
        ],
    }


def test_designed_rows_and_a_deleted_designed_table_go_to_the_bin(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    name = f"business/r{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": design(name)})["code"] == 1
    first = post(api, f"{name}/add", super_admin, {"code": "A1", "fee": "12.50"})["data"]["id"]
    second = post(api, f"{name}/add", super_admin, {"code": "B2", "fee": "1.00"})["data"]["id"]
    assert delete(api, name, super_admin, [first])["data"]["count"] == 1
    (kept,) = bin_rows(api, super_admin, name, first)
    assert kept["row"]["code"] == "A1" and kept["row"]["fee"] == "12.50"
    # The unique code is free while the row is in the bin; taken again, the restore says so.
    taken = post(api, f"{name}/add", super_admin, {"code": "A1"})["data"]["id"]
    refused = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert refused["msg"] == 'Cannot restore: Code "A1" is now used by another row'
    delete(api, name, super_admin, [taken])
    (taken_copy,) = bin_rows(api, super_admin, name, taken)
    restored = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert restored["code"] == 1 and restored["data"]["count"] == 1, restored
    listed = get(api, f"{name}/index", super_admin)["data"]
    assert {r["id"] for r in listed["list"]} == {first, second} and listed["total"] == 2
    # Purge the other copy.
    assert delete(api, "security/dataRecycleLog", super_admin, [taken_copy["id"]])["data"]["count"] == 1
    assert not bin_rows(api, super_admin, name, taken)
    # Deleting the whole table sends its rows to the bin too; they cannot come back while it is gone.
    design_id = next(
        d["id"] for d in get(api, "crud/crud/index", super_admin)["data"]["list"] if d["name"] == name
    )
    assert delete(api, "crud/crud", super_admin, [design_id], confirm=name)["code"] == 1
    copies = bin_rows(api, super_admin, name)
    assert {c["item_id"] for c in copies} == {first, second}
    gone = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [copies[0]["id"]]})
    assert gone["msg"] == "The table of this row no longer exists"


def test_the_bin_lists_by_admin_and_time_and_needs_its_permissions(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    import json

    viewer = make_admin(
        api, ["security/dataRecycleLog/index", "user/user/index", "user/user/add", "user/user/del"]
    )
    member_id, _ = add_member(api, viewer)
    assert delete(api, "user/user", viewer, [member_id])["code"] == 1
    mine = get(
        api,
        "security/dataRecycleLog/index",
        viewer,
        search=json.dumps([{"field": "admin_id", "val": viewer.id, "operator": "eq"}]),
    )["data"]
    assert [r["item_id"] for r in mine["list"]] == [member_id]
    now = int(time.time())
    recent = get(
        api,
        "security/dataRecycleLog/index",
        super_admin,
        search=json.dumps([{"field": "create_time", "val": f"{now - 120},{now + 5}", "operator": "range"}]),
    )["data"]
    assert member_id in {r["item_id"] for r in recent["list"]}
    old = get(
        api,
        "security/dataRecycleLog/index",
        super_admin,
        search=json.dumps([{"field": "create_time", "val": "1000000000,1000000100", "operator": "range"}]),
    )["data"]
    assert old["list"] == []
    # The viewer may look but not restore or purge.
    row = mine["list"][0]
    assert post(api, "security/dataRecycleLog/restore", viewer, {"ids": [row["id"]]})["code"] == 401
    assert delete(api, "security/dataRecycleLog", viewer, [row["id"]])["code"] == 401


def menu_names(api: httpx.Client, who: AdminUser) -> set[str]:
    def walk(nodes: list[dict[str, Any]]) -> list[str]:
        return [name for node in nodes for name in [node["name"], *walk(node.get("children") or [])]]

    return set(walk(get_ok(api, "index/index", who)["menus"]))


def test_a_restored_menu_rule_is_granted_again_to_the_groups_that_held_it(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    from functions.models.group import AdminGroup

    name = unique("menu")
    created = post(
        api,
        "auth/rule/add",
        super_admin,
        {"type": "menu", "title": "回收菜单", "title_en": "Kept menu", "name": name},
    )
    assert created["code"] == 1, created
    rule_id = int(created["data"]["id"])
    # Two admins in two groups holding the menu (and their own profile screen), a third group too.
    first = make_admin(api, ["routine", "routine/adminInfo"])
    second = make_admin(api, ["routine", "routine/adminInfo"])
    doomed_group = make_admin(api, ["routine"])
    for who in (first, second, doomed_group):
        group = AdminGroup.get(who.group_id)
        group.rules = sorted({*group.rule_ids(), rule_id})
        group.save()
    assert name in menu_names(api, first) and name in menu_names(api, second)

    # Deleting the rule takes it from the groups, and the bin keeps which groups held it.
    assert delete(api, "auth/rule", super_admin, [rule_id])["code"] == 1
    assert rule_id not in AdminGroup.get(first.group_id, consistent_read=True).rule_ids()
    assert name not in menu_names(api, first)
    (kept,) = bin_rows(api, super_admin, "auth/rule", rule_id)
    assert {g["id"] for g in kept["context"]["groups"]} == {
        first.group_id,
        second.group_id,
        doomed_group.group_id,
    }
    # One group is deleted meanwhile: the restore says plainly it could not grant the rule to it.
    doomed_name = AdminGroup.get(doomed_group.group_id).name
    AdminGroup.get(doomed_group.group_id).delete()

    answer = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert answer["code"] == 1 and answer["data"]["count"] == 1, answer
    assert answer["msg"] == (
        f"Restored successfully; #{rule_id} not granted again to the groups deleted since: "
        f"{doomed_name} (#{doomed_group.group_id})"
    )
    for who in (first, second):
        assert rule_id in AdminGroup.get(who.group_id, consistent_read=True).rule_ids()
        assert name in menu_names(api, who)  # the admins of those groups see the menu again
    with pytest.raises(AdminGroup.DoesNotExist):
        AdminGroup.get(doomed_group.group_id, consistent_read=True)  # not brought back by the grant

    # Restored and deleted again: the bin keeps the groups it has now; all there, a plain answer.
    assert delete(api, "auth/rule", super_admin, [rule_id])["code"] == 1
    (again,) = bin_rows(api, super_admin, "auth/rule", rule_id)
    zh = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [again["id"]]}, ZH)
    assert zh["code"] == 1 and zh["msg"] == "还原成功", zh
    assert name in menu_names(api, first) and name in menu_names(api, second)
