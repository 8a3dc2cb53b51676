# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Data scope per admin group (BuildAdmin's data limit): a group limited to the rows its admins
created, or to the rows each admin created, reaches nothing else of a designed table — not in its
list (quick search, filters, a select's current value, a relation's picker), not by id (read, edit,
delete, sort) — and a row outside the scope answers exactly like a row that does not exist, changing
nothing. An admin in several groups reaches the widest scope; a super admin every row."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    ZH,
    AdminUser,
    get,
    get_ok,
    ok,
    post,
    rule_ids,
    unique,
)


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def scoped_design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("范围测试", "Scope test"),
        "fields": [
            {
                "name": "title",
                "title": words("标题", "Title"),
                "type": "string",
                "required": True,
                "search": True,
            },
            {
                "name": "kind",
                "title": words("类型", "Kind"),
                "type": "select",
                "index": True,
                "options": [
                    {"value": "a", "label": words("甲", "A")},
                    {"value": "b", "label": words("乙", "B")},
                ],
            },
            {"name": "weigh", "title": words("权重", "Weight"), "type": "weigh", "sort": True},
        ],
    }


ACTIONS = ("index", "add", "edit", "del", "sortable")


def scoped_group(api: httpx.Client, who: AdminUser, table: str, scope: str | None, **extra: Any) -> int:
    """A group (made through the API by `who`) holding every action of `table`, with `scope`."""
    names = [table, *(f"{table}/{a}" for a in ACTIONS), *extra.pop("rules", [])]
    body: dict[str, Any] = {
        "pid": extra.pop("pid", 0),
        "name": unique("g"),
        "rules": rule_ids(names),
        **extra,
    }
    if scope is not None:
        body["data_scope"] = scope
    return int(ok(api.post("/srv/admin/auth/group/add", json=body, headers={**who.headers, **EN}))["id"])


def member_of(api: httpx.Client, *group_ids: int) -> AdminUser:
    from functions.models.admin import Admin
    from tests.api.admin_support import PASSWORD, login

    username = unique("adm")
    admin = Admin.create(username, PASSWORD, group_ids=list(group_ids))
    info = login(api, username)
    return AdminUser(int(admin.id), username, info["token"], info["refresh_token"], group_ids[0], info)


def add_row(api: httpx.Client, who: AdminUser, table: str, title: str, kind: str = "a") -> int:
    answer = post(api, f"{table}/add", who, {"title": title, "kind": kind})
    assert answer["code"] == 1, answer
    return int(answer["data"]["id"])


def titles(api: httpx.Client, who: AdminUser, table: str, **params: Any) -> set[str]:
    return {row["title"] for row in get_ok(api, f"{table}/index", who, limit=100, **params)["list"]}


@pytest.fixture(scope="module")
def world(api: httpx.Client, super_admin: AdminUser) -> dict[str, Any]:
    """A table; a group limited to its admins' rows (two admins), a group limited to own rows, a
    group with every row (the default); one row made by each admin and one by the super admin."""
    table = f"business/{unique('scope')}"
    assert post(api, "crud/crud/generate", super_admin, {"design": scoped_design(table)})["code"] == 1
    team = scoped_group(api, super_admin, table, "group")
    own = scoped_group(api, super_admin, table, "own")
    everything = scoped_group(api, super_admin, table, None)
    actors = {
        "mate1": member_of(api, team),
        "mate2": member_of(api, team),
        "own": member_of(api, own),
        "all": member_of(api, everything),
        "both": member_of(api, own, team),
        "super": super_admin,
    }
    rows = {name: add_row(api, who, table, f"row of {name}") for name, who in actors.items()}
    return {"table": table, "actors": actors, "rows": rows, "groups": {"team": team, "own": own}}


def test_each_scope_lists_exactly_its_rows(api: httpx.Client, world: dict[str, Any]) -> None:
    table, actors = world["table"], world["actors"]
    every = {f"row of {name}" for name in actors}
    team = {"row of mate1", "row of mate2", "row of both"}  # "both" is in the group too
    assert titles(api, actors["own"], table) == {"row of own"}
    assert titles(api, actors["mate1"], table) == team
    assert titles(api, actors["mate2"], table) == team
    assert titles(api, actors["both"], table) == team  # the widest of its two groups
    assert titles(api, actors["all"], table) == every
    assert titles(api, actors["super"], table) == every
    answer = get_ok(api, f"{table}/index", actors["own"])
    assert answer["total"] == 1 and answer["more"] is False


def test_search_filters_and_selects_stay_within_the_scope(api: httpx.Client, world: dict[str, Any]) -> None:
    table, own, rows = world["table"], world["actors"]["own"], world["rows"]
    assert titles(api, own, table, quick_search="row of") == {"row of own"}
    assert titles(api, own, table, quick_search="mate1") == set()
    kind = json.dumps([{"field": "kind", "operator": "eq", "val": "a"}])  # answered by the filter index
    assert titles(api, own, table, search=kind) == {"row of own"}
    like = json.dumps([{"field": "title", "operator": "like", "val": "row"}])
    assert titles(api, own, table, search=like, order="weigh,desc") == {"row of own"}
    ids = ",".join(str(i) for i in rows.values())
    assert titles(api, own, table, initKey="id", initValue=ids) == {"row of own"}


def test_a_row_outside_the_scope_answers_like_a_missing_row(api: httpx.Client, world: dict[str, Any]) -> None:
    table, actors, rows = world["table"], world["actors"], world["rows"]
    own, other, missing = actors["own"], rows["mate1"], 999_999_999
    before = get_ok(api, f"{table}/edit", actors["super"], id=other)["row"]
    for lang, absent, none_deleted in (
        (EN, "The record does not exist", "No rows were deleted"),
        (ZH, "记录不存在", "没有删除任何记录"),
    ):
        headers = {**own.headers, **lang}
        answers = []
        for item_id in (other, missing):
            read = api.get(f"/srv/admin/{table}/edit", params={"id": item_id}, headers=headers).json()
            saved = post(api, f"{table}/edit", own, {"id": item_id, "title": "taken", "kind": "b"}, lang)
            gone = api.delete(f"/srv/admin/{table}/del", params={"ids[]": [item_id]}, headers=headers).json()
            moved = post(api, f"{table}/sortable", own, {"id": rows["own"], "targetId": item_id}, lang)
            answers.append(
                tuple({k: v for k, v in a.items() if k != "time"} for a in (read, saved, gone, moved))
            )
        assert answers[0] == answers[1]  # nothing tells the other admin's row from a missing one
        read, saved, gone, moved = answers[0]
        assert read["msg"] == saved["msg"] == moved["msg"] == absent and read["code"] == 0
        assert gone["msg"] == none_deleted and gone["code"] == 0
    # Nothing changed: the row, its place, and the caller's own row's place.
    assert get_ok(api, f"{table}/edit", actors["super"], id=other)["row"] == before
    # A delete naming the caller's row and another's deletes only the caller's.
    mine = add_row(api, own, table, "own doomed")
    assert ok(
        api.delete(f"/srv/admin/{table}/del", params={"ids[]": [mine, other]}, headers={**own.headers, **EN})
    ) == {"count": 1}
    assert get_ok(api, f"{table}/edit", actors["super"], id=other)["row"] == before


def test_rows_within_the_scope_are_read_edited_sorted_and_deleted(
    api: httpx.Client, world: dict[str, Any]
) -> None:
    table, actors, rows = world["table"], world["actors"], world["rows"]
    mate1 = actors["mate1"]
    # A group mate's row: read, edited, sorted against, deleted.
    theirs = add_row(api, actors["mate2"], table, "mate2 second")
    assert get_ok(api, f"{table}/edit", mate1, id=theirs)["row"]["title"] == "mate2 second"
    assert (
        post(api, f"{table}/edit", mate1, {"id": theirs, "title": "edited by mate1", "kind": "b"})["code"]
        == 1
    )
    assert post(api, f"{table}/sortable", mate1, {"id": rows["mate1"], "targetId": theirs})["code"] == 1
    assert ok(
        api.delete(f"/srv/admin/{table}/del", params={"ids[]": [theirs]}, headers={**mate1.headers, **EN})
    ) == {"count": 1}
    # The group's scope reaches no row of an admin outside it.
    assert get(api, f"{table}/edit", mate1, id=rows["all"])["msg"] == "The record does not exist"


def test_the_group_form_keeps_the_scope_and_a_change_applies_at_once(
    api: httpx.Client, super_admin: AdminUser, world: dict[str, Any]
) -> None:
    table, actors = world["table"], world["actors"]
    group = actors["all"].group_id
    row = next(r for r in get_ok(api, "auth/group/index", super_admin, limit=1000)["list"] if _has(r, group))
    found = _find(row, group)
    assert found["data_scope"] == "all"
    body = {k: found[k] for k in ("id", "pid", "name", "rules", "status", "remark")}
    assert ok(
        api.post(
            "/srv/admin/auth/group/edit",
            json={**body, "data_scope": "own"},
            headers={**super_admin.headers, **EN},
        )
    )
    assert _find(get_ok(api, "auth/group/edit", super_admin, id=group)["row"], group)["data_scope"] == "own"
    assert titles(api, actors["all"], table) == {"row of all"}
    # An edit that leaves the scope out keeps it.
    assert ok(api.post("/srv/admin/auth/group/edit", json=body, headers={**super_admin.headers, **EN}))
    assert titles(api, actors["all"], table) == {"row of all"}
    bad = api.post(
        "/srv/admin/auth/group/edit",
        json={**body, "data_scope": "mine"},
        headers={**super_admin.headers, **EN},
    )
    assert bad.json()["code"] == 0 and "data_scope" in bad.json()["msg"]
    assert ok(
        api.post(
            "/srv/admin/auth/group/edit",
            json={**body, "data_scope": "all"},
            headers={**super_admin.headers, **EN},
        )
    )
    assert len(titles(api, actors["all"], table)) == len(actors)


def _has(row: dict[str, Any], group: int) -> bool:
    return int(row["id"]) == group or any(_has(c, group) for c in row.get("children") or [])


def _find(row: dict[str, Any], group: int) -> dict[str, Any]:
    if int(row["id"]) == group:
        return row
    return next(_find(c, group) for c in row.get("children") or [] if _has(c, group))


def test_a_group_is_given_no_wider_scope_than_its_editor_holds(
    api: httpx.Client, super_admin: AdminUser, world: dict[str, Any]
) -> None:
    table = world["table"]
    managing = ["auth", "auth/group", "auth/group/index", "auth/group/add", "auth/group/edit"]
    boss_group = scoped_group(api, super_admin, table, "own", rules=managing)
    boss = member_of(api, boss_group)
    for lang, message in (
        (EN, "You can only give a data scope as wide as your own"),
        (ZH, "只能设置不超过自己的数据范围"),
    ):
        for scope in ("all", "group"):
            body = {"pid": boss_group, "name": unique("sub"), "rules": [], "data_scope": scope}
            answer = post(api, "auth/group/add", boss, body, lang)
            assert answer["code"] == 0 and answer["msg"] == message, answer
    made = post(
        api,
        "auth/group/add",
        boss,
        {"pid": boss_group, "name": unique("sub"), "rules": [], "data_scope": "own"},
    )
    assert made["code"] == 1
    sub = _find(get_ok(api, "auth/group/edit", boss, id=made["data"]["id"])["row"], made["data"]["id"])
    assert sub["data_scope"] == "own"
    body = {k: sub[k] for k in ("id", "pid", "name", "rules", "status", "remark")}
    assert (
        post(api, "auth/group/edit", boss, {**body, "data_scope": "all"})["msg"]
        == "You can only give a data scope as wide as your own"
    )
    # Left out, a new group's scope is every row, or its maker's own scope when narrower.
    for maker, pid, scope in ((boss, boss_group, "own"), (super_admin, 0, "all")):
        added = post(api, "auth/group/add", maker, {"pid": pid, "name": unique("dflt"), "rules": []})
        gid = added["data"]["id"]
        assert _find(get_ok(api, "auth/group/edit", maker, id=gid)["row"], gid)["data_scope"] == scope


def test_the_relation_picker_offers_only_rows_within_the_scope(
    api: httpx.Client, super_admin: AdminUser, world: dict[str, Any]
) -> None:
    table, actors = world["table"], world["actors"]
    holder = f"business/{unique('holder')}"
    doc = {
        "name": holder,
        "title": words("引用", "Holder"),
        "fields": [
            {"name": "name", "title": words("名称", "Name"), "type": "string", "required": True},
            {
                "name": "ref",
                "title": words("引用", "Ref"),
                "type": "remoteselect",
                "relation": {"design": table, "label": "title"},
            },
        ],
    }
    assert post(api, "crud/crud/generate", super_admin, {"design": doc})["code"] == 1
    # An own-scoped admin of the holder table who may also add rows to the related table.
    picker = member_of(api, scoped_group(api, super_admin, holder, "own", rules=[table, f"{table}/add"]))
    add_row(api, picker, table, "picked by picker")

    def offered(who: AdminUser) -> set[str]:
        found = get_ok(api, f"{holder}/related", who, field="ref")["list"]
        return {r["label"] for r in found}

    assert offered(picker) == {"picked by picker"}
    assert offered(actors["super"]) >= {"picked by picker", "row of mate1", "row of own"}


def test_a_tree_shows_the_rows_of_the_scope_and_takes_no_parent_beyond_it(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    from tests.api.test_designed import tree_design

    name = f"business/r{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": tree_design(name)})["code"] == 1
    own = member_of(api, scoped_group(api, super_admin, name, "own"))

    def add(who: AdminUser, label: str, pid: int, lang: dict[str, str] = EN) -> dict[str, Any]:
        return post(api, f"{name}/add", who, {"name": label, "pid": pid}, lang)

    city = int(add(super_admin, "City", 0)["data"]["id"])
    mine = int(add(own, "Mine", 0)["data"]["id"])
    under = int(add(own, "Under mine", mine)["data"]["id"])
    # The super admin's row is no parent for this admin: it does not exist, as a missing one.
    for lang, absent in ((EN, "The parent row does not exist"), (ZH, "上级行不存在")):
        assert add(own, "Under city", city, lang)["msg"] == absent
        assert add(own, "Under nothing", 999_999, lang)["msg"] == absent
    tree = get_ok(api, f"{name}/index", own)["list"]
    assert [(r["name"], [c["name"] for c in r.get("children", [])]) for r in tree] == [
        ("Mine", ["Under mine"])
    ]
    # The super admin's row under this admin's row: the admin sees its own row alone, and cannot
    # delete it (with its own child) while a child beyond its scope hangs under it.
    assert add(super_admin, "Theirs under mine", mine)["code"] == 1
    tree = get_ok(api, f"{name}/index", own)["list"]
    assert [(r["name"], [c["name"] for c in r.get("children", [])]) for r in tree] == [
        ("Mine", ["Under mine"])
    ]
    kept = api.delete(
        f"/srv/admin/{name}/del", params={"ids[]": [mine, under]}, headers={**own.headers, **EN}
    ).json()
    assert kept["msg"] == "Delete or move its child rows first"


def test_a_limited_list_of_a_big_table_reads_one_window_a_request(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    """More rows than one request reads (2,000), none of them the limited admin's but its newest: its
    list answers its row with an "N+" total and a cursor, the next windows by cursor find nothing more,
    and a page jump beyond the window is refused as for anyone."""
    from functions.services.listing import MAX_READ
    from tests.api.test_designed_scale import BULK, bulk_rows, design

    name = f"business/{unique('big')}"
    assert post(api, "crud/crud/generate", super_admin, {"design": design(name)})["code"] == 1
    bulk_rows(name, BULK, first_weigh=10)
    own = member_of(api, scoped_group(api, super_admin, name, "own"))
    assert post(api, f"{name}/add", own, {"name": "mine", "status": "enable"})["code"] == 1
    first = get_ok(api, f"{name}/index", own, limit=10)
    assert [r["name"] for r in first["list"]] == ["mine"]
    assert first["total"] == 1 and first["more"] is True and first["pager"] == "cursor" and first["cursor"]
    rest = get_ok(api, f"{name}/index", own, limit=10, cursor=first["cursor"])
    assert rest["list"] == [] and rest["total"] == 1 and rest["more"] is False
    jump = get(api, f"{name}/index", own, limit=10, page=MAX_READ // 10 + 1)
    assert jump["code"] == 0 and jump["msg"] == "Use Next and Previous to go beyond the first 2,000 rows"
