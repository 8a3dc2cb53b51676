"""The back office's routine/attachment table and the common calls area, buildSuffixSvg, clearCache."""

# ruff: noqa: F811 - the fixtures imported from uploads_support are parameters of the tests
from __future__ import annotations

import json

from tests.api.uploads_support import (
    admin_headers,  # noqa: F401 - fixtures
    member_headers,  # noqa: F401
    recycled_attachments,
    unique_png,
    upload,
    upload_env,  # noqa: F401
)

INDEX = "/srv/admin/routine/attachment/index"
DELETE = "/srv/admin/routine/attachment/del"


def _search(field: str, value: object, operator: str = "eq") -> dict[str, str]:
    return {"search": json.dumps([{"field": field, "operator": operator, "val": value}])}


def test_list_filters_and_delete_keeps_a_file_still_referred_to(
    api, upload_env, admin_headers, member_headers
) -> None:
    data = unique_png()
    staff = upload(
        api, "/srv/admin/ajax/upload", admin_headers, "shared.png", data, "image/png", topic="gallery"
    ).json()["data"]["file"]
    member = upload(
        api, "/srv/api/ajax/upload", member_headers, "shared.png", data, "image/png", topic="gallery"
    ).json()["data"]["file"]
    stored = upload_env.upload_dir / staff["url"].lstrip("/")
    assert staff["url"] == member["url"] and stored.is_file()

    listed = api.get(
        INDEX, headers=admin_headers, params={**_search("sha1", staff["sha1"]), "limit": 50}
    ).json()
    assert listed["code"] == 1
    rows = listed["data"]["list"]
    assert {r["id"] for r in rows} == {staff["id"], member["id"]} and listed["data"]["total"] == 2
    assert {r["uploader"] for r in rows} == {"admin", "user"}
    only_members = api.get(INDEX, headers=admin_headers, params=_search("user_id", member["user_id"])).json()
    assert [r["id"] for r in only_members["data"]["list"]] == [member["id"]]
    by_topic = api.get(INDEX, headers=admin_headers, params={"quick_search": "gallery", "limit": 100}).json()
    assert {staff["id"], member["id"]} <= {r["id"] for r in by_topic["data"]["list"]}

    # Members cannot reach the back-office table.
    assert api.get(INDEX, headers=member_headers).json()["code"] == 302

    from functions.services.recycle import seed_recycle_rules

    seed_recycle_rules()  # the default rules (keep attachment records), as the seed writes them
    gone = api.delete(DELETE, headers=admin_headers, params={"ids[]": [staff["id"]]}).json()
    assert gone["code"] == 1 and gone["data"]["count"] == 1
    assert stored.is_file(), "the member's row still refers to the file"
    api.delete(DELETE, headers=admin_headers, params={"ids[]": [member["id"]]})
    after = api.get(INDEX, headers=admin_headers, params=_search("sha1", staff["sha1"])).json()
    assert after["data"]["total"] == 0
    # Both deleted rows are in the recycle bin (the default rule keeps attachment records), whose
    # copies still refer to the file; purging them removes it.
    assert stored.is_file(), "the recycle bin's copies still refer to the file"
    kept = recycled_attachments(api, admin_headers)
    copies = [r["id"] for r in kept if r["item_id"] in (staff["id"], member["id"])]
    assert len(copies) == 2
    purged = api.delete(
        "/srv/admin/security/dataRecycleLog/del", headers=admin_headers, params={"ids[]": copies}
    )
    assert purged.json()["data"]["count"] == 2
    assert not stored.exists(), "the last row and its copies are gone: so is the file"


def test_reupload_after_delete_creates_a_fresh_row(api, upload_env, admin_headers) -> None:
    data = unique_png()
    first = upload(api, "/srv/admin/ajax/upload", admin_headers, "a.png", data, "image/png").json()["data"][
        "file"
    ]
    api.delete(DELETE, headers=admin_headers, params={"ids[]": [first["id"]]})
    again = upload(api, "/srv/admin/ajax/upload", admin_headers, "a.png", data, "image/png").json()["data"][
        "file"
    ]
    assert again["id"] != first["id"] and again["quote"] == 1
    assert (upload_env.upload_dir / again["url"].lstrip("/")).read_bytes() == data


def test_edit_renames_with_a_clean_name(api, upload_env, admin_headers) -> None:
    row = upload(api, "/srv/admin/ajax/upload", admin_headers, "a.png", unique_png(), "image/png").json()[
        "data"
    ]["file"]
    body = api.post(
        "/srv/admin/routine/attachment/edit",
        headers=admin_headers,
        json={"id": row["id"], "name": "../新名字.png"},
    ).json()
    assert body["code"] == 1, body
    fetched = api.get(
        "/srv/admin/routine/attachment/edit", headers=admin_headers, params={"id": row["id"]}
    ).json()
    assert fetched["data"]["row"]["name"] == "新名字.png"


def test_area_provinces_cities_districts(api, admin_headers) -> None:
    provinces = api.get("/srv/api/ajax/area").json()["data"]["list"]
    assert len(provinces) == 31 and {"value": "31", "label": "上海市"} in provinces
    cities = api.get("/srv/api/ajax/area", params={"province": "44"}).json()["data"]["list"]
    assert {"value": "4403", "label": "深圳市"} in cities
    districts = api.get(
        "/srv/admin/ajax/area", headers=admin_headers, params={"province": "44", "city": "4403"}
    ).json()
    assert {"value": "440305", "label": "南山区"} in districts["data"]["list"]
    # Municipalities: the city level shows the municipality's name.
    assert api.get("/srv/api/ajax/area", params={"province": "11"}).json()["data"]["list"] == [
        {"value": "1101", "label": "北京市"}
    ]
    assert api.get("/srv/api/ajax/area", params={"province": "../x"}).json()["data"]["list"] == []
    # In English, the names in English.
    english = {"think-lang": "en"}
    provinces = api.get("/srv/api/ajax/area", headers=english).json()["data"]["list"]
    assert {"value": "32", "label": "Jiangsu"} in provinces
    nanjing = api.get("/srv/api/ajax/area", headers=english, params={"province": "32", "city": "3201"}).json()
    assert {"value": "320106", "label": "Gulou District"} in nanjing["data"]["list"]
    # The back-office variant needs an admin.
    assert api.get("/srv/admin/ajax/area").json()["code"] == 302


def test_suffix_svg_escapes_hostile_input(api) -> None:
    response = api.get(
        "/srv/admin/ajax/buildSuffixSvg",
        params={"suffix": '"><script>alert(1)</script>', "background": 'red" onload="alert(1)'},
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "default-src 'none'" in response.headers["content-security-policy"]
    svg = response.text
    assert "<script" not in svg and "onload" not in svg and "alert(1)" not in svg
    assert ">SCRIPT<" in svg
    good = api.get(
        "/srv/api/ajax/buildSuffixSvg", params={"suffix": "pdf", "background": "rgba(10, 20, 30, 0.5)"}
    ).text
    assert 'fill="rgba(10, 20, 30, 0.5)"' in good and ">PDF<" in good
    hexed = api.get("/srv/api/ajax/buildSuffixSvg", params={"suffix": "docx", "background": "#12ab34"}).text
    assert 'fill="#12ab34"' in hexed
    bad = api.get(
        "/srv/api/ajax/buildSuffixSvg", params={"suffix": "zip", "background": "url(javascript:x)"}
    ).text
    assert "javascript" not in bad and 'fill="#' in bad


def test_clear_cache(api, admin_headers, member_headers) -> None:
    from functions.services import caches

    calls: list[str] = []
    caches.register_cache("test-cache", lambda: calls.append("cleared"))
    one = api.post("/srv/admin/ajax/clearCache", headers=admin_headers, json={"type": "test-cache"}).json()
    assert one["code"] == 1 and one["data"]["cleared"] == ["test-cache"] and calls == ["cleared"]
    every = api.post("/srv/admin/ajax/clearCache", headers=admin_headers, json={"type": "all"}).json()
    assert {"config", "test-cache"} <= set(every["data"]["cleared"]) and calls == ["cleared", "cleared"]
    unknown = api.post(
        "/srv/admin/ajax/clearCache",
        headers={**admin_headers, "Accept-Language": "en"},
        json={"type": "nope"},
    ).json()
    assert unknown["code"] == 0 and unknown["msg"] == "Unknown cache type"
    assert (
        api.post("/srv/admin/ajax/clearCache", headers=member_headers, json={"type": "all"}).json()["code"]
        == 302
    )
