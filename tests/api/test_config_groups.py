# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Editable config groups (routine/config): the list of groups is the `site.config_group` item, saved
with the Basics tab; new groups become tabs that take items; a group with items cannot be removed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    AdminUser,
    delete,
    make_admin,
    ok,
    unique,
)


def post(api: httpx.Client, path: str, who: AdminUser, body: dict[str, Any]) -> dict[str, Any]:
    return api.post(f"/srv/admin/routine/config/{path}", json=body, headers={**who.headers, **EN}).json()


def groups_of(api: httpx.Client, who: AdminUser) -> list[dict[str, Any]]:
    return ok(api.get("/srv/admin/routine/config/index", headers=who.headers))["list"]


def group_item(api: httpx.Client, who: AdminUser) -> dict[str, Any]:
    site = next(g for g in groups_of(api, who) if g["name"] == "site")
    return next(i for i in site["list"] if i["name"] == "config_group")


def save_groups(api: httpx.Client, who: AdminUser, groups: list[dict[str, str]]) -> dict[str, Any]:
    return post(api, "edit", who, {"group": "site", "values": {"config_group": groups}})


@pytest.fixture
def restore_groups(admin_seed: None) -> Iterator[None]:
    from functions.models.config import Config
    from functions.services.config_items import GROUP_ITEM

    before = Config.get("site", GROUP_ITEM).value
    yield
    Config("site", GROUP_ITEM).update(actions=[Config.value.set(before)])


def test_groups_are_a_builtin_item_listing_the_tabs(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser
) -> None:
    item = group_item(api, super_admin)
    assert item["type"] == "config_group" and item["builtin"] is True
    names = [g["name"] for g in item["value"]]
    assert names[:4] == ["site", "mail", "security", "user"]
    assert [g["name"] for g in groups_of(api, super_admin)] == names
    # The list itself cannot be deleted.
    gone = delete(api, "routine/config/del", super_admin, group="site", name="config_group")
    assert gone["msg"] == "Built-in config items cannot be deleted"


def test_add_a_group_fill_it_and_remove_it_once_empty(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser
) -> None:
    current = group_item(api, super_admin)["value"]
    name = unique("g_").lower()
    saved = save_groups(api, super_admin, [*current, {"name": name, "title": "天气", "title_en": ""}])
    assert saved["code"] == 1, saved
    tab = next(g for g in groups_of(api, super_admin) if g["name"] == name)
    # An empty English title falls back to the Chinese one; the new tab starts empty.
    assert (tab["title"], tab["title_en"], tab["list"]) == ("天气", "天气", [])

    added = post(api, "add", super_admin, {"group": name, "name": "city", "title": "City", "type": "string"})
    assert added["code"] == 1, added
    refused = save_groups(api, super_admin, current)
    assert refused["code"] == 0
    assert refused["msg"] == "The config group 天气 still has config items: delete them first"
    assert any(g["name"] == name for g in groups_of(api, super_admin))

    removed_item = api.delete(
        "/srv/admin/routine/config/del", params={"group": name, "name": "city"}, headers=super_admin.headers
    ).json()
    assert removed_item["code"] == 1
    assert save_groups(api, super_admin, current)["code"] == 1
    assert all(g["name"] != name for g in groups_of(api, super_admin))
    # Items cannot be added to a group that no longer exists.
    late = post(api, "add", super_admin, {"group": name, "name": "city", "title": "City", "type": "string"})
    assert late["code"] == 0 and late["msg"] == "Unknown config group"


def test_builtin_groups_cannot_be_removed(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser
) -> None:
    current = group_item(api, super_admin)["value"]
    without_mail = [g for g in current if g["name"] != "mail"]
    body = save_groups(api, super_admin, without_mail)
    assert body["code"] == 0
    assert body["msg"] == "The config group 邮件配置 still has config items: delete them first"
    # Titles of a built-in group can change.
    renamed = [{**g, "title_en": "E-mail"} if g["name"] == "mail" else g for g in current]
    assert save_groups(api, super_admin, renamed)["code"] == 1
    assert next(g for g in groups_of(api, super_admin) if g["name"] == "mail")["title_en"] == "E-mail"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            [{"name": "Weather", "title": "天气"}],
            "A config group name starts with a lower-case letter and has only lower-case letters, digits "
            "and underscores (at most 30)",
        ),
        ([{"name": "site", "title": "again"}], "The config group site is listed twice"),
        ([{"name": "weather", "title": " "}], "Each config group needs a title of at most 30 characters"),
        (
            [{"name": "weather", "title": "x" * 31}],
            "Each config group needs a title of at most 30 characters",
        ),
        ([{"name": f"g{i}", "title": "x"} for i in range(20)], "Keep 1 to 20 config groups"),
        ([{"name": "weather", "title": "天气", "colour": "red"}], "Incorrect parameter!"),
    ],
)
def test_bad_group_lists_are_refused_and_change_nothing(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser, extra: list[dict[str, str]], message: str
) -> None:
    current = group_item(api, super_admin)["value"]
    body = save_groups(api, super_admin, [*current, *extra])
    assert (body["code"], body["msg"]) == (0, message)
    assert group_item(api, super_admin)["value"] == current


def test_a_refused_group_list_leaves_the_other_values_of_the_tab(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser
) -> None:
    from functions.models.config import Config

    def stored_version() -> Any:
        try:
            return Config.get("site", "version").value
        except Config.DoesNotExist:
            return None

    version = stored_version()
    body = post(
        api,
        "edit",
        super_admin,
        {"group": "site", "values": {"version": "v9.9.9", "config_group": "not a list"}},
    )
    assert body["code"] == 0
    assert stored_version() == version


def test_a_builtin_group_missing_from_the_stored_list_still_shows(
    api: httpx.Client, restore_groups: None, super_admin: AdminUser
) -> None:
    from functions.models.config import Config

    Config("site", "config_group").update(
        actions=[Config.value.set([{"name": "site", "title": "基础配置", "title_en": "Basics"}])]
    )
    names = [g["name"] for g in groups_of(api, super_admin)]
    assert names[0] == "site" and {"mail", "security", "user"} <= set(names)


def test_saving_groups_needs_the_edit_rule(api: httpx.Client, restore_groups: None) -> None:
    reader = make_admin(api, rules=["routine/config", "routine/config/index"])
    current = group_item(api, reader)["value"]
    body = post(api, "edit", reader, {"group": "site", "values": {"config_group": current}})
    assert body["code"] == 401
