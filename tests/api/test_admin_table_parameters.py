"""The generic table's list parameters as the back office sends them: paging, quick search, search,
order and the select mode (the dashboard: tests/api/test_dashboard.py)."""

from __future__ import annotations

import json

import httpx

from tests.api.admin_support import (
    EN,
    AdminUser,
    ok,
    post_member,
    unique,
)


def test_table_paging_search_order_select(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    tag = unique("pg")
    ids = []
    for index in range(5):
        body = post_member(api, super_admin, username=f"{tag}{index}", nickname=f"N{index}")
        ids.append(body["data"]["id"])
    page = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"quick_search": tag, "limit": 2, "page": 2, "order": "id,asc"},
            headers=super_admin.headers,
        )
    )
    assert page["total"] == 5 and [r["id"] for r in page["list"]] == ids[2:4]
    ranged = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"search": json.dumps([{"field": "id", "operator": "range", "val": [ids[1], ids[3]]}])},
            headers=super_admin.headers,
        )
    )
    assert {r["id"] for r in ranged["list"]} == set(ids[1:4])
    picked = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"select": "true", "initKey": "id", "initValue": f"{ids[0]},{ids[4]}"},
            headers=super_admin.headers,
        )
    )
    assert {r["id"] for r in picked["list"]} == {ids[0], ids[4]}
    bad = api.get(
        "/srv/admin/user/user/index",
        params={"order": "password_hash,asc"},
        headers={**super_admin.headers, **EN},
    ).json()
    assert bad["code"] == 0 and bad["msg"] == "The search condition is invalid"
