# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Names, not codes (issue 32, items 13 and 15): a limited admin granted a table reads the labels of
its relations through that table (its index answers `labels`, its `related` call answers a relation
field's picker) without any permission on the related table; the recycle bin and the sensitive-data
log show field titles and values as the list shows them; the CRUD log titles a table in the
request's language; deleting a whole table needs its name typed; an index change is never offered
as "save anyway"."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.admin_support import (
    EN,
    ZH,
    AdminUser,
    delete,
    get,
    get_ok,
    make_admin,
    ok,
    post,
    table_log,
    unique,
)
from tests.api.uploads_support import upload_env  # noqa: F401 - a fixture


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def tables(api: httpx.Client, who: AdminUser) -> tuple[str, str, dict[str, int]]:
    """A tag table and a news table whose `tags` relate to it (with a kind, a body, a city); tag ids."""
    suffix = unique("x")[-8:].lower()
    tag, news = f"business/tg{suffix}", f"business/nw{suffix}"
    tag_doc = {
        "name": tag,
        "title": words("标签", "Tags"),
        "fields": [{"name": "name", "title": words("名称", "Name"), "type": "string", "search": True}],
    }
    assert post(api, "crud/crud/generate", who, {"design": tag_doc})["code"] == 1
    ids = {n: post(api, f"{tag}/add", who, {"name": n})["data"]["id"] for n in ("电力", "水务", "交通")}
    news_doc = {
        "name": news,
        "title": words("新闻动态", "News"),
        "fields": [
            {"name": "title", "title": words("标题", "Title"), "type": "string", "required": True},
            {
                "name": "kind",
                "title": words("类别", "Kind"),
                "type": "select",
                "options": [
                    {"value": "truck", "label": words("货车", "Truck")},
                    {"value": "bus", "label": words("客车", "Bus")},
                ],
            },
            {"name": "richtext_1", "title": words("正文", "Body"), "type": "richtext"},
            {
                "name": "tags",
                "title": words("标签", "Tags"),
                "type": "remoteselects",
                "relation": {"design": tag, "label": "name"},
            },
            {
                "name": "lead",
                "title": words("主标签", "Main tag"),
                "type": "remoteselect",
                "relation": {"design": tag, "label": "name"},
            },
            {"name": "place", "title": words("地区", "Place"), "type": "city"},
        ],
    }
    assert post(api, "crud/crud/generate", who, {"design": news_doc})["code"] == 1
    return tag, news, ids


def test_a_limited_admin_reads_the_labels_of_a_granted_tables_relations(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    tag, news, ids = tables(api, super_admin)
    row = {
        "title": "停电通知",
        "kind": "truck",
        "richtext_1": "<p>明天 <b>停电</b></p>",
        "tags": [ids["电力"], ids["水务"]],
        "lead": ids["交通"],
        "place": ["44", "4403", "440305"],
    }
    assert post(api, f"{news}/add", super_admin, row)["code"] == 1
    editor = make_admin(api, [news, f"{news}/index", f"{news}/add", f"{news}/edit"])
    assert get(api, f"{tag}/index", editor)["code"] == 401  # the tag table itself stays closed

    listed = ok(api.get(f"/srv/admin/{news}/index", headers={**editor.headers, **ZH}))
    assert listed["labels"]["tags"] == {str(ids["电力"]): "电力", str(ids["水务"]): "水务"}
    assert listed["labels"]["lead"] == {str(ids["交通"]): "交通"}
    assert listed["labels"]["place"] == {"44": "广东省", "4403": "深圳市", "440305": "南山区"}
    english = api.get(f"/srv/admin/{news}/index", headers={**editor.headers, **EN}).json()["data"]
    assert english["labels"]["place"]["440305"] == "Nanshan District"

    # The picker: a search of the related table, and the rows of ids, only id and label.
    found = get_ok(api, f"{news}/related", editor, field="tags", quick_search="水")["list"]
    assert found == [{"id": ids["水务"], "label": "水务"}]
    every = get_ok(api, f"{news}/related", editor, field="lead")["list"]
    assert {r["label"] for r in every} == {"电力", "水务", "交通"}
    assert all(set(r) == {"id", "label"} for r in every)
    named = get_ok(api, f"{news}/related", editor, field="tags", ids=f"{ids['交通']},999999")["list"]
    assert named == [{"id": ids["交通"], "label": "交通"}, {"id": 999999, "label": "#999999"}]
    # Only a relation field of the table asking, and only with that table's permission.
    assert get(api, f"{news}/related", editor, field="title")["msg"] == "The table has no field title"
    stranger = make_admin(api, [tag, f"{tag}/index"])
    assert get(api, f"{news}/related", stranger, field="tags")["code"] == 401

    # The group editor says which tables a grant shows names of.
    relations = get_ok(api, "auth/group/relations", super_admin)["list"]
    assert {"table": news, "related": ["Tags"]} in relations


def test_the_bin_and_the_sensitive_log_show_titles_and_values_as_the_list_does(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    tag, news, ids = tables(api, super_admin)
    rule = {"table": news, "title": "新闻", "fields": ["kind", "tags"], "status": "enable"}
    added = post(api, "security/sensitiveData/add", super_admin, rule)
    assert added["code"] == 1, added
    body = {"title": "通知", "kind": "truck", "richtext_1": "<p>停电 &amp; 检修</p>", "tags": [ids["电力"]]}
    item = post(api, f"{news}/add", super_admin, body)["data"]["id"]
    saved = {**body, "id": item, "kind": "bus", "tags": [ids["电力"], ids["交通"]]}
    assert post(api, f"{news}/edit", super_admin, saved)["code"] == 1
    changes = {c["field"]: c for c in table_log(api, super_admin, "sensitiveDataLog", news)}
    assert changes["kind"]["field_title"] == "Kind"
    assert (changes["kind"]["before_shown"], changes["kind"]["after_shown"]) == ("Truck", "Bus")
    assert changes["tags"]["after_shown"] == ["电力", "交通"]
    assert changes["kind"]["before"] == "truck"  # the stored values are still answered (rollback)

    assert delete(api, f"{news}/del", super_admin, [item])["code"] == 1
    (kept,) = [r for r in table_log(api, super_admin, "dataRecycleLog", news) if r["item_id"] == item]
    assert kept["row"]["kind"] == "bus"
    assert kept["row_titles"]["richtext_1"] == "Body" and kept["row_titles"]["kind"] == "Kind"
    assert kept["row_shown"]["kind"] == "Bus"
    assert kept["row_shown"]["richtext_1"] == "停电 & 检修"
    assert kept["row_shown"]["tags"] == ["电力", "交通"]
    search = json.dumps([{"field": "table", "val": news, "operator": "eq"}])
    chinese = api.get(
        "/srv/admin/security/dataRecycleLog/index",
        params={"search": search},
        headers={**super_admin.headers, **ZH},
    ).json()["data"]["list"]
    mine = next(r for r in chinese if r["item_id"] == item)
    assert mine["row_titles"]["kind"] == "类别" and mine["row_shown"]["kind"] == "客车"


def test_the_crud_log_titles_a_table_in_the_request_language(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    _, news, _ = tables(api, super_admin)
    english = get_ok(api, "crud/log/index", super_admin, quick_search=news)["list"]
    assert {row["title"] for row in english} == {"News"}
    chinese = api.get(
        "/srv/admin/crud/log/index", params={"quick_search": news}, headers={**super_admin.headers, **ZH}
    ).json()["data"]["list"]
    assert {row["title"] for row in chinese} == {"新闻动态"}


def design_id(api: httpx.Client, who: AdminUser, name: str) -> int:
    return next(d["id"] for d in get_ok(api, "crud/crud/index", who)["list"] if d["name"] == name)


def test_deleting_a_table_needs_its_name_typed(api: httpx.Client, super_admin: AdminUser) -> None:
    tag, news, _ = tables(api, super_admin)
    number = design_id(api, super_admin, news)
    for typed in ({}, {"confirm": "business/other"}, {"confirm": tag}):
        refused = delete(api, "crud/crud/del", super_admin, [number], **typed)
        assert refused["code"] == 0
        assert refused["msg"] == f"Type the table's name {news} to confirm deleting it"
    assert get(api, f"{news}/index", super_admin)["code"] == 1  # still there
    assert delete(api, "crud/crud/del", super_admin, [number], confirm=news)["code"] == 1
    assert api.get(f"/srv/admin/{news}/index", headers={**super_admin.headers, **EN}).status_code == 404


def test_an_index_change_of_a_table_with_rows_is_not_confirmable(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    tag, _, _ = tables(api, super_admin)
    doc: dict[str, Any] = get_ok(api, "crud/crud/edit", super_admin, name=tag)["design"]
    doc["fields"][0]["index"] = True
    asked = post(api, "crud/crud/generate", super_admin, {"design": doc})
    assert asked["code"] == 0 and asked["data"] == {"changes": ["indexes"], "confirmable": False}
    doc["fields"].append({"name": "note", "title": words("备注", "Note"), "type": "string"})
    doc["fields"][0]["index"] = False
    doc["fields"] = [f for f in doc["fields"] if f["name"] != "name"]
    asked = post(api, "crud/crud/generate", super_admin, {"design": doc})
    assert asked["code"] == 0 and asked["data"]["changes"] == ["removed:name"]
    assert asked["data"].get("confirmable", True) is True


def test_an_attachment_used_as_a_cover_is_named_before_its_delete(
    api: httpx.Client, super_admin: AdminUser, upload_env: Any
) -> None:
    from tests.api.uploads_support import unique_png, upload

    suffix = unique("x")[-8:].lower()
    name = f"business/cv{suffix}"
    doc = {
        "name": name,
        "title": words("项目案例", "Projects"),
        "fields": [
            {"name": "title", "title": words("标题", "Title"), "type": "string"},
            {"name": "cover", "title": words("封面", "Cover"), "type": "image"},
        ],
    }
    assert post(api, "crud/crud/generate", super_admin, {"design": doc})["code"] == 1
    headers = super_admin.headers
    used = upload(api, "/srv/admin/ajax/upload", headers, "cover.png", unique_png(), "image/png").json()
    spare = upload(api, "/srv/admin/ajax/upload", headers, "spare.png", unique_png(), "image/png").json()
    used_file, spare_file = used["data"]["file"], spare["data"]["file"]
    row = post(api, f"{name}/add", super_admin, {"title": "滨江", "cover": used_file["url"]})["data"]["id"]
    ids = {"ids[]": [used_file["id"], spare_file["id"]]}
    answer = get_ok(api, "routine/attachment/usage", super_admin, **ids)
    assert answer["uses"][str(spare_file["id"])] == []
    assert answer["uses"][str(used_file["id"])] == [
        {"table": name, "title": "Projects", "id": row, "field": "cover", "field_title": "Cover"}
    ]
    viewer = make_admin(api, ["routine/attachment", "routine/attachment/index"])
    assert get(api, "routine/attachment/usage", viewer, **ids)["code"] == 401
