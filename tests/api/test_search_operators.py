"""The operators of the common search (issue 36 item 2, `functions.services.crud_table`): each one on the
rows of one table (the admin log, written in bulk), the negated ones as the exact complement of their
positive ones, values that do not fit their operator refused with a 400 in the caller's language, and a
negated search read within the list's bounded window like any other filter."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from functions.models import AdminLog
from functions.models.counter import next_id
from functions.models.listing import bulk_put
from functions.services import listing
from tests.api.admin_support import AdminUser, failure, ok, unique

EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-cn"}
PATH = "/srv/admin/auth/adminLog/index"


def search(api: httpx.Client, who: AdminUser, marker: str, *conditions: dict[str, Any]) -> list[int]:
    """The admin ids (0…5 here) of the marker's rows that pass the conditions, in ascending order."""
    answer = ok(
        api.get(
            PATH,
            params={"quick_search": marker, "limit": 50, "search": json.dumps(list(conditions))},
            headers={**who.headers, **EN},
        )
    )
    return sorted(row["admin_id"] for row in answer["list"])


@pytest.fixture
def rows(super_admin: AdminUser) -> tuple[str, int]:
    """Six rows of one marker: admin_id n, an hour apart (`start` + n hours), titles alpha/beta, the
    odd ones without an IP."""
    marker = unique("ops")
    start = int(time.time()) - 10 * 3600
    bulk_put(
        [
            AdminLog(
                next_id("admin_log"),
                admin_id=n,
                username=marker,
                title=f"{'Alpha' if n < 3 else 'beta'} {n}",
                ip="" if n % 2 else f"10.0.0.{n}",
                create_time=start + n * 3600,
            )
            for n in range(6)
        ]
    )
    return marker, start


def test_each_operator_and_its_negation(
    api: httpx.Client, super_admin: AdminUser, rows: tuple[str, int]
) -> None:
    marker, start = rows

    def ids(field: str, operator: str, val: Any = None) -> list[int]:
        return search(api, super_admin, marker, {"field": field, "operator": operator, "val": val})

    assert ids("title", "like", "alpha") == [0, 1, 2]  # case-insensitive
    assert ids("title", "notlike", "alpha") == [3, 4, 5]
    assert ids("ip", "in", ["10.0.0.0", "10.0.0.4"]) == [0, 4]
    assert ids("ip", "notin", "10.0.0.0,10.0.0.4") == [1, 2, 3, 5]  # comma-separated, the empty IPs too
    assert ids("create_time", "range", [start + 3600, start + 3 * 3600]) == [1, 2, 3]  # bounds included
    assert ids("create_time", "notrange", [start + 3600, start + 3 * 3600]) == [0, 4, 5]
    assert ids("admin_id", "notrange", "2,") == [0, 1]  # one side: below the start
    assert ids("admin_id", "notrange", ",2") == [3, 4, 5]
    assert ids("ip", "null") == [1, 3, 5]
    assert ids("ip", "notnull") == [0, 2, 4]
    assert ids("admin_id", "eq", 2) == [2]
    assert ids("admin_id", "ne", "2") == [0, 1, 3, 4, 5]
    assert ids("admin_id", "gt", 3) == [4, 5]
    assert ids("admin_id", "gte", 3) == [3, 4, 5]
    assert ids("admin_id", "lt", 1) == [0]
    assert ids("admin_id", "lte", 1) == [0, 1]
    # An empty value filters nothing; conditions on two fields both apply.
    assert ids("title", "notin", []) == ids("title", "notrange", ",") == [0, 1, 2, 3, 4, 5]
    both = search(
        api,
        super_admin,
        marker,
        {"field": "title", "operator": "notlike", "val": "beta"},
        {"field": "admin_id", "operator": "notin", "val": [0]},
    )
    assert both == [1, 2]


@pytest.mark.parametrize(
    ("condition", "en", "zh"),
    [
        (
            {"field": "title", "operator": "between", "val": "a"},
            "Unknown search operator between",
            "不支持的搜索运算符 between",
        ),
        (
            {"field": "title", "operator": "notlike", "val": ["a", "b"]},
            "The search on title takes one value",
            "title 的搜索只能填一个值",
        ),
        (
            {"field": "admin_id", "operator": "gt", "val": {"x": 1}},
            "The search on admin_id takes one value",
            "admin_id 的搜索只能填一个值",
        ),
        (
            {"field": "ip", "operator": "notin", "val": [["10.0.0.1"]]},
            "The search on ip takes a list of values",
            "ip 的搜索应填一组值",
        ),
        (
            {"field": "ip", "operator": "notin", "val": [str(n) for n in range(101)]},
            "The search on ip takes at most 100 values",
            "ip 的搜索最多填 100 个值",
        ),
        (
            {"field": "admin_id", "operator": "notrange", "val": "1,2,3"},
            "The range searched on admin_id takes a start and an end",
            "admin_id 的范围搜索应填起点和终点",
        ),
        (
            {"field": "admin_id", "operator": "range", "val": 5},
            "The range searched on admin_id takes a start and an end",
            "admin_id 的范围搜索应填起点和终点",
        ),
        (
            {"field": "create_time", "operator": "notrange", "val": [200, 100]},
            "The range searched on create_time starts after its end",
            "create_time 的搜索范围起点晚于终点",
        ),
    ],
)
def test_a_value_that_does_not_fit_its_operator_is_a_400_in_both_languages(
    api: httpx.Client, super_admin: AdminUser, condition: dict[str, Any], en: str, zh: str
) -> None:
    for language, message in ((EN, en), (ZH, zh)):
        response = api.get(
            PATH, params={"search": json.dumps([condition])}, headers={**super_admin.headers, **language}
        )
        failure(response, 400, message)


def test_a_negated_search_reads_within_the_window_and_says_there_may_be_more(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(listing, "MAX_READ", 30)
    monkeypatch.setattr(listing, "CHUNK", 7)
    marker = unique("win")
    now = int(time.time())
    # 40 rows of the marker, the 35 newest not wanted: the first window (30 rows) holds none of the 5.
    bulk_put(
        [
            AdminLog(
                next_id("admin_log"),
                admin_id=super_admin.id,
                username=marker,
                title="keep" if n < 5 else "drop",
                create_time=now - (40 - n) * 60,
            )
            for n in range(40)
        ]
    )
    params = {"search": json.dumps([{"field": "title", "operator": "notlike", "val": "drop"}]), "limit": 10}
    first = ok(
        api.get(PATH, params={**params, "quick_search": marker}, headers={**super_admin.headers, **EN})
    )
    assert first["list"] == [] and first["more"] is True and first["cursor"]
    second = ok(
        api.get(
            PATH,
            params={**params, "quick_search": marker, "cursor": first["cursor"], "page": 2},
            headers={**super_admin.headers, **EN},
        )
    )
    assert [row["title"] for row in second["list"]] == ["keep"] * 5


def test_relations_are_searched_by_the_ids_of_their_rows(api: httpx.Client, super_admin: AdminUser) -> None:
    """A designed table's relation fields (one related row, several) with the operators the web app
    offers them: =, ≠, in, not in, empty, not empty."""
    from tests.api.test_labels import tables

    _tag, news, ids = tables(api, super_admin)
    power, water, traffic = ids["电力"], ids["水务"], ids["交通"]
    rows = {"a": ([power, water], power), "b": ([traffic], water), "c": ([], None)}
    for title, (tags, lead) in rows.items():
        added = api.post(
            f"/srv/admin/{news}/add",
            json={"title": title, "tags": tags, **({"lead": lead} if lead else {})},
            headers=super_admin.headers,
        )
        assert added.json()["code"] == 1, added.json()

    def titles(field: str, operator: str, val: Any = None) -> list[str]:
        search = json.dumps([{"field": field, "operator": operator, "val": val}])
        answer = ok(
            api.get(f"/srv/admin/{news}/index", params={"search": search}, headers=super_admin.headers)
        )
        return sorted(row["title"] for row in answer["list"])

    assert titles("tags", "eq", str(water)) == ["a"]
    assert titles("tags", "ne", str(water)) == ["b", "c"]
    assert titles("tags", "in", [str(water), str(traffic)]) == ["a", "b"]
    assert titles("tags", "notin", [str(water), str(traffic)]) == ["c"]
    assert titles("tags", "null") == ["c"]  # an empty list is empty
    assert titles("tags", "notnull") == ["a", "b"]
    assert titles("lead", "eq", str(power)) == ["a"]
    assert titles("lead", "notin", f"{power},{traffic}") == ["b", "c"]
    # One related row: "none" is stored as 0, a value like any other (the web app offers no empty / not
    # empty for it).
    assert titles("lead", "null") == []
