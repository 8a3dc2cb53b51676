# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The CRUD generator and the menu rules (functions.services.designs): a design uses only a rule path
no built-in page, menu rule or other design owns (refused with a clear message, in both languages),
deleting a design removes only the rules it created, and those go to the recycle bin like every
deleted rule (a restore grants them again to the groups that held them)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from functions.models.listing import PART
from functions.models.rule import AdminRule
from tests.api.admin_support import EN, ZH, AdminUser, delete, get_ok, make_admin, post, table_log, unique

CRUD_RULES = [
    "crud",
    "crud/crud",
    "crud/crud/index",
    "crud/crud/generate",
    "crud/crud/del",
    "crud/crud/export",
    "crud/log",
    "crud/log/index",
]


def design(name: str) -> dict[str, Any]:
    field = {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string"}
    return {"name": name, "title": {"zh": "试验表", "en": "Trial table"}, "fields": [field]}


def rules_by_name() -> dict[str, int]:
    return {rule.name: int(rule.id) for rule in AdminRule.by_part.query(PART)}


@pytest.fixture(scope="module")
def crud_admin(api: httpx.Client, admin_seed: None) -> AdminUser:
    """An admin holding only the CRUD generator's rules."""
    return make_admin(api, CRUD_RULES)


def test_every_builtin_route_is_reserved_from_designs() -> None:
    """Every built-in back-office router's prefix is a rule path a design may not take: a built-in rule
    or folder, or one of the routes without a rule the designs' check names itself."""
    from functions.routes.admin import ROUTERS
    from functions.services.designs import is_builtin_path

    prefixes = {router.prefix.strip("/") for router in ROUTERS if router.prefix.strip("/")}
    assert "auth/admin" in prefixes and "Terminal" in prefixes  # the route table as the app serves it
    assert [prefix for prefix in sorted(prefixes) if not is_builtin_path(prefix)] == []
    assert [p for p in sorted(prefixes) if not is_builtin_path(f"{p}/anything")] == []


@pytest.mark.parametrize(
    "name",
    [
        "auth/admin",  # a built-in menu
        "routine/config",
        "routine/terminal",  # a built-in button
        "auth/admin/add",
        "auth/aDMIN",  # the same path in other letters
        "auth/admin/extra",  # inside a built-in menu
        "crud/crud",
        "dashboard/board",
        "ajax/upload",  # built-in routes that are no menu rule
        "ajax/thing",
        "index/login",
        "terminal/run",  # the build terminal's route, in other letters
        "alioss/upload",
        "security/sensitiveData",
    ],
)
def test_a_design_cannot_use_a_builtin_rule_path(api: httpx.Client, crud_admin: AdminUser, name: str) -> None:
    before = rules_by_name()
    answer = post(api, "crud/crud/generate", crud_admin, {"design": design(name), "confirm": True})
    assert answer["code"] == 0
    assert answer["msg"] == f"The rule path {name} belongs to a built-in page: choose another name"
    zh = post(api, "crud/crud/generate", crud_admin, {"design": design(name), "confirm": True}, ZH)
    assert zh["msg"] == f"规则路径 {name} 属于系统内置页面：请换一个名称"
    assert rules_by_name() == before  # no rule created or changed
    names = {row["name"] for row in get_ok(api, "crud/crud/index", crud_admin)["list"]}
    assert name not in names


def test_a_design_cannot_take_over_a_menu_rule_or_another_designs_path(
    api: httpx.Client, crud_admin: AdminUser, super_admin: AdminUser
) -> None:
    # A menu rule an admin added by hand.
    hand = f"business/h{unique()[-8:]}"
    added = post(
        api,
        "auth/rule/add",
        super_admin,
        {"type": "menu", "title": "手工菜单", "title_en": "Hand-made", "name": hand, "path": hand, "pid": 0},
    )
    assert added["code"] == 1, added
    answer = post(api, "crud/crud/generate", crud_admin, {"design": design(hand), "confirm": True})
    assert (
        answer["msg"]
        == f"The rule path {hand} is used by the menu rule Hand-made ({hand}): choose another name"
    )
    zh = post(api, "crud/crud/generate", crud_admin, {"design": design(hand)}, ZH)
    assert zh["msg"] == f"规则路径 {hand} 已被菜单规则 手工菜单 ({hand}) 使用：请换一个名称"

    # Another design's path, and paths inside it.
    table = f"business/d{unique()[-8:]}"
    assert post(api, "crud/crud/generate", crud_admin, {"design": design(table)})["code"] == 1
    for name in (f"{table}/index", f"{table}/sub"):
        refused = post(api, "crud/crud/generate", crud_admin, {"design": design(name), "confirm": True})
        assert refused["msg"] == (
            f"The rule path {name} is used by the table Trial table ({table}): choose another name"
        )
    # Saving the design again keeps its own rules (no refusal, no new rules).
    before = rules_by_name()
    again = post(api, "crud/crud/generate", crud_admin, {"design": {**design(table), "weigh": 3}})
    assert again["code"] == 1 and again["data"]["version"] == 2
    assert rules_by_name() == before


def test_deleting_a_design_removes_only_its_rules_into_the_recycle_bin(
    api: httpx.Client, crud_admin: AdminUser, super_admin: AdminUser
) -> None:
    from functions.models.group import AdminGroup

    builtin = {name: rule_id for name, rule_id in rules_by_name().items() if not name.startswith("business/")}
    table = f"business/r{unique()[-8:]}"
    assert post(api, "crud/crud/generate", crud_admin, {"design": design(table)})["code"] == 1
    own = {name: rule_id for name, rule_id in rules_by_name().items() if name.startswith(table)}
    assert sorted(own) == sorted(
        [table, *(f"{table}/{a}" for a in ("index", "add", "edit", "del", "sortable"))]
    )
    # A group holding the table's pages.
    holder = make_admin(api, [table, f"{table}/index"])

    design_id = next(
        r["id"] for r in get_ok(api, "crud/crud/index", crud_admin)["list"] if r["name"] == table
    )
    assert delete(api, "crud/crud/del", crud_admin, [design_id], confirm=table)["code"] == 1
    after = rules_by_name()
    assert not set(own) & set(after)  # the design's rules are gone…
    assert {name: after.get(name) for name in builtin} == builtin  # …and nothing else
    assert own[table] not in AdminGroup.get(holder.group_id, consistent_read=True).rule_ids()

    # Kept in the recycle bin as menu rules; the menu restored is granted again to its group.
    kept = {row["item_id"]: row for row in table_log(api, super_admin, "dataRecycleLog", "auth/rule")}
    assert set(own.values()) <= set(kept)
    restored = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept[own[table]]["id"]]})
    assert restored["code"] == 1, restored
    assert rules_by_name()[table] == own[table]
    assert own[table] in AdminGroup.get(holder.group_id, consistent_read=True).rule_ids()


def test_a_design_saved_before_its_rules_were_recorded_deletes_no_builtin_rule(
    api: httpx.Client, crud_admin: AdminUser, super_admin: AdminUser
) -> None:
    """What the old generator left: a design named after a built-in page (`auth/admin`), which added the
    one button the page lacked. Deleting it now takes that button only, into the recycle bin."""
    from functions.models.counter import next_id
    from functions.models.design import Design
    from functions.services.designs import DesignDoc
    from functions.services.rules import create_rule, find_by_name

    menu = find_by_name(AdminRule, "auth/admin")
    assert menu is not None
    before = rules_by_name()
    extra = create_rule(
        AdminRule,
        {
            "pid": int(menu.id),
            "rule_type": "button",
            "title": "快速排序",
            "title_en": "Sort",
            "name": "auth/admin/sortable",
        },
    )
    body = DesignDoc.model_validate(design("auth/admin")).model_dump_json()
    old = Design("auth/admin", id=next_id("design"), version=1, body=body)
    old.save()
    try:
        # Saving it again is refused: the path is a built-in page's.
        refused = post(
            api, "crud/crud/generate", crud_admin, {"design": design("auth/admin"), "confirm": True}, EN
        )
        assert refused["msg"] == "The rule path auth/admin belongs to a built-in page: choose another name"
        assert delete(api, "crud/crud/del", crud_admin, [int(old.id)], confirm=old.name)["code"] == 1
        assert rules_by_name() == before  # auth/admin and its buttons kept, with their ids
        kept = table_log(api, super_admin, "dataRecycleLog", "auth/rule")
        assert any(row["item_id"] == int(extra.id) for row in kept)
    finally:
        sortable = find_by_name(AdminRule, "auth/admin/sortable")
        if sortable is not None:
            from functions.services.rules import delete_rules

            delete_rules(AdminRule, [sortable])


def test_a_new_table_never_edits_an_existing_one_of_the_same_name(
    api: httpx.Client, crud_admin: AdminUser
) -> None:
    """The generator's new table (a template, a design of the CRUD log, a copy of another) is saved with
    `create`: a name already taken is refused in both languages and that table stays as it was (before,
    the save silently became an edit of it)."""
    name = f"crud/n{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", crud_admin, {"design": design(name), "create": True})["code"] == 1
    other = {**design(name), "title": {"zh": "另一张表", "en": "Another table"}}
    other["fields"] = [
        *other["fields"],
        {"name": "note", "title": {"zh": "备注", "en": "Note"}, "type": "string"},
    ]
    for lang, message in (
        (EN, f"A table named {name} already exists: choose another rule path"),
        (ZH, f"已有名为 {name} 的数据表：请换一个规则路径"),
    ):
        assert (
            post(api, "crud/crud/generate", crud_admin, {"design": other, "create": True}, lang)["msg"]
            == message
        )
    kept = get_ok(api, "crud/crud/edit", crud_admin, name=name)
    assert kept["version"] == 1
    assert kept["design"]["title"] == {"zh": "试验表", "en": "Trial table"}
    assert [f["name"] for f in kept["design"]["fields"]] == ["title"]
    # An edit of the design (no `create`) is still an edit.
    assert post(api, "crud/crud/generate", crud_admin, {"design": other})["code"] == 1
    assert get_ok(api, "crud/crud/edit", crud_admin, name=name)["version"] == 2
