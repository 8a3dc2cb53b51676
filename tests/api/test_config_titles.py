# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The Config screen in English shows the built-in items' English titles, tips and option labels, and
lists each group's built-in items in the order they are seeded (issue 17)."""

from __future__ import annotations

from typing import Any

import httpx

from functions.services import config_items, config_titles, site_config
from tests.api.admin_support import AdminUser, ok  # noqa: F401


def groups(api: httpx.Client, who: AdminUser, lang: str) -> dict[str, list[dict[str, Any]]]:
    answer = ok(api.get("/srv/admin/routine/config/index", headers={**who.headers, "Accept-Language": lang}))
    return {g["name"]: g["list"] for g in answer["list"]}


def test_every_builtin_item_has_an_english_title() -> None:
    assert set(config_titles.ENGLISH) == config_items.builtin_names()


def test_builtin_items_read_in_english_and_chinese(api: httpx.Client, super_admin: AdminUser) -> None:
    english, chinese = groups(api, super_admin, "en"), groups(api, super_admin, "zh-CN")
    site = {i["name"]: i for i in english["site"]}
    assert site["site_name"]["title"] == "Site name"
    assert site["upload_mode"]["content"] == {"local": "Local storage", "remote": "Cloud storage"}
    mail = {i["name"]: i for i in english["mail"]}
    assert mail["smtp_server"]["tip"] == "Leave empty to use the deployment's default mail service"
    assert {i["name"]: i["title"] for i in chinese["site"]}["site_name"] == "站点名称"
    for items in english.values():
        for item in items:
            if item["builtin"]:
                assert not any("\u4e00" <= ch <= "\u9fff" for ch in item["title"] + item["tip"]), item


def test_builtin_items_are_listed_in_seed_order(api: httpx.Client, super_admin: AdminUser) -> None:
    listed = groups(api, super_admin, "zh-CN")
    site = [i["name"] for i in listed["site"] if i["builtin"]]
    assert site == [*site_config.DEFAULT_SITE_ITEMS, config_items.GROUP_ITEM]
