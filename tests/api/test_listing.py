# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Lists at any size (`functions.services.listing`): keyset pages with a cursor, exact totals from the
row counters, bounded filtered reads, month partitions of the logs, index filters, refused sorts.

`MAX_READ` is lowered per test (the server runs in this process) so that "more than the window" takes
tens of rows instead of thousands; the bound is checked with DynamoDB's own `ScannedCount`, counted
by a botocore hook on the clients the models use, not by the code under test.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.core.settings import get_settings
from functions.models import AdminLog, MoneyLog, User
from functions.models.counter import next_id
from functions.models.listing import bulk_put, month_of, total_rows
from functions.services import listing, wallet
from tests.api.admin_support import (
    PASSWORD,
    AdminUser,
    ok,
    unique,
)

EN = {"Accept-Language": "en"}
DAY = 86400


def index(api: httpx.Client, path: str, who: AdminUser, **params: Any) -> dict[str, Any]:
    return api.get(f"/srv/admin/{path}/index", params=params, headers={**who.headers, **EN}).json()


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(listing, "MAX_READ", 30)
    monkeypatch.setattr(listing, "CHUNK", 7)
    return 30


@pytest.fixture
def scanned() -> Iterator[list[int]]:
    """The `ScannedCount` of every Query/Scan sent to the list models' tables while the test runs (the
    tables share one client: a query of another table, such as the session check, is not counted)."""
    counts: list[int] = []
    tables = {m.Meta.table_name for m in (AdminLog, User, MoneyLog)}

    def note_table(params: dict[str, Any], context: dict[str, Any], **_: Any) -> None:
        context["listed_table"] = params.get("TableName")

    def count(parsed: dict[str, Any], context: dict[str, Any], **_: Any) -> None:
        if context.get("listed_table") in tables:
            counts.append(int(parsed.get("ScannedCount", 0)))

    clients = {
        id(m._get_connection().connection.client): m._get_connection().connection.client
        for m in (AdminLog, User, MoneyLog)
    }
    hooks = [
        (f"{stage}.dynamodb.{op}", hook)
        for op in ("Query", "Scan")
        for stage, hook in (("before-parameter-build", note_table), ("after-call", count))
    ]
    for client in clients.values():
        for event, hook in hooks:
            client.meta.events.register(event, hook)
    yield counts
    for client in clients.values():
        for event, hook in hooks:
            client.meta.events.unregister(event, hook)


def log_rows(count: int, admin_id: int, title: str, start: int) -> list[AdminLog]:
    """`count` admin-log rows one hour apart, the last (`<title> <count-1>`) at `start`: ids and
    times grow together, as they do when rows are written."""
    return [
        AdminLog(
            next_id("admin_log"),
            admin_id=admin_id,
            username="bulk",
            title=f"{title} {n}",
            create_time=start - (count - 1 - n) * 3600,
        )
        for n in range(count)
    ]


def walk(api: httpx.Client, path: str, who: AdminUser, **params: Any) -> list[dict[str, Any]]:
    """Every page of a list through the cursor; returns the answers."""
    answers = [ok(api.get(f"/srv/admin/{path}/index", params=params, headers={**who.headers, **EN}))]
    while answers[-1]["cursor"]:
        answers.append(
            ok(
                api.get(
                    f"/srv/admin/{path}/index",
                    params={**params, "cursor": answers[-1]["cursor"], "page": len(answers) + 1},
                    headers={**who.headers, **EN},
                )
            )
        )
        assert len(answers) < 500
    return answers


def test_cursor_pages_walk_the_whole_log_newest_first_with_the_exact_total(api, super_admin, window) -> None:
    bulk_put(log_rows(45, super_admin.id, unique("walk"), int(time.time())))
    answers = walk(api, "auth/adminLog", super_admin, limit=10)
    ids = [row["id"] for answer in answers for row in answer["list"]]
    assert ids == sorted(ids, reverse=True) and len(set(ids)) == len(ids)
    assert answers[0]["total"] == len(ids) == total_rows(AdminLog)
    assert answers[0]["more"] is False and answers[0]["pager"] == "cursor"  # more than the 30-row window
    assert answers[0]["sortable"] == ["id", "create_time"]
    # Oldest first is the same walk backwards.
    ascending = [
        row["id"]
        for a in walk(api, "auth/adminLog", super_admin, limit=10, order="id,asc")
        for row in a["list"]
    ]
    assert ascending == ids[::-1]


def test_a_small_list_offers_page_jumps_and_a_far_page_is_refused(api, super_admin, window) -> None:
    answer = index(api, "auth/adminLog", super_admin, page=2, limit=10)
    assert answer["code"] == 1
    far = index(api, "auth/adminLog", super_admin, page=4, limit=10)  # rows 31-40 are beyond the window
    assert far["code"] == 0
    assert far["msg"] == "Use Next and Previous to go beyond the first 2,000 rows"


def test_a_filtered_list_reads_at_most_its_window_and_says_there_may_be_more(
    api, super_admin, window, scanned
) -> None:
    marker = unique("needle")
    # 40 non-matching rows are newer than the 5 matching ones: the first window (30 rows) holds none.
    now = int(time.time())
    bulk_put(log_rows(5, super_admin.id, marker, now - 100 * 3600))
    bulk_put(log_rows(40, super_admin.id, unique("hay"), now))
    scanned.clear()
    first = ok(
        api.get(
            "/srv/admin/auth/adminLog/index",
            params={"quick_search": marker, "limit": 10},
            headers={**super_admin.headers, **EN},
        )
    )
    assert sum(scanned) <= window
    assert first["list"] == [] and first["more"] is True and first["pager"] == "cursor" and first["cursor"]
    found: list[dict[str, Any]] = []
    answers = walk(api, "auth/adminLog", super_admin, quick_search=marker, limit=10)
    for answer in answers:
        found += answer["list"]
    assert [row["title"] for row in found] == [f"{marker} {n}" for n in reversed(range(5))]
    assert answers[-1]["cursor"] == "" and answers[-1]["more"] is False


def test_sorting_by_a_column_without_an_index_is_refused(api, super_admin) -> None:
    answer = index(api, "user/user", super_admin, order="nickname,asc")
    assert answer["code"] == 0 and answer["msg"] == "Sorting by this column is not supported"
    assert index(api, "user/user", super_admin, order="join_time,desc")["code"] == 1


def test_unreadable_or_out_of_range_list_parameters_are_read_leniently(api, super_admin) -> None:
    """The declared list parameters (`crud_table.ListQuery`) read as the lists always did: an unreadable
    number is its default, one out of range is brought into it, a long quick search is cut."""
    one = index(api, "auth/adminLog", super_admin, page="x", limit="0", _="1")
    assert one["code"] == 1 and len(one["data"]["list"]) == 1
    assert index(api, "user/user", super_admin, page=0, limit=5000, select="yes")["code"] == 1
    assert index(api, "user/user", super_admin, quick_search="q" * 300)["code"] == 1


def test_a_cursor_that_does_not_belong_to_the_list_is_refused(api, super_admin) -> None:
    for cursor in ("nonsense", "eyJwIjoiYWxsIn0", "eyJrIjp7fSwibiI6MCwicCI6ImFsbCJ9"):
        answer = index(api, "user/user", super_admin, cursor=cursor)
        assert answer["code"] == 0
        assert answer["msg"] == "The list has changed: please go back to the first page"


def test_member_totals_follow_adds_and_deletes_and_the_status_filter_uses_its_index(
    api, super_admin, scanned
) -> None:
    before = ok(api.get("/srv/admin/user/user/index", headers={**super_admin.headers, **EN}))["total"]
    ids = []
    for n in range(3):
        name = unique("count")
        body = {
            "username": name,
            "nickname": name,
            "password": PASSWORD,
            "group_id": 1,
            "status": "disable" if n else "enable",
        }
        added = api.post("/srv/admin/user/user/add", json=body, headers={**super_admin.headers, **EN}).json()
        assert added["code"] == 1, added
        ids.append(added["data"]["id"])
    after = ok(api.get("/srv/admin/user/user/index", headers={**super_admin.headers, **EN}))
    assert after["total"] == before + 3 and after["more"] is False
    scanned.clear()
    disabled = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"search": '[{"field":"status","operator":"eq","val":"disable"}]', "limit": 50},
            headers={**super_admin.headers, **EN},
        )
    )
    assert {row["status"] for row in disabled["list"]} == {"disable"}
    assert set(ids[1:]) <= {row["id"] for row in disabled["list"]}
    assert sum(scanned) == disabled["total"] == len(disabled["list"])  # only the disabled members were read
    gone = api.delete(
        "/srv/admin/user/user/del", params={"ids[]": ids}, headers={**super_admin.headers, **EN}
    ).json()
    assert gone["data"]["count"] == 3
    assert ok(api.get("/srv/admin/user/user/index", headers={**super_admin.headers, **EN}))["total"] == before


def test_a_time_range_reads_only_its_months(api, super_admin, scanned) -> None:
    now = int(time.time())
    old = now - 70 * DAY  # two or three months ago
    marker = unique("months")
    bulk_put(log_rows(3, super_admin.id, marker, old))
    scanned.clear()
    search = f'[{{"field":"create_time","operator":"range","val":"{old - 3 * 3600},{old}"}}]'
    answer = ok(
        api.get(
            "/srv/admin/auth/adminLog/index", params={"search": search}, headers={**super_admin.headers, **EN}
        )
    )
    assert [row["title"] for row in answer["list"]] == [f"{marker} {n}" for n in reversed(range(3))]
    assert sum(scanned) < 50  # this month's rows (all the other tests' log) were not read
    assert month_of(old) != month_of(now)


def test_the_admin_log_lists_only_the_months_kept(api, super_admin, monkeypatch) -> None:
    marker = unique("expired")
    bulk_put(log_rows(2, super_admin.id, marker, int(time.time()) - 400 * DAY))
    listed = ok(
        api.get(
            "/srv/admin/auth/adminLog/index",
            params={"quick_search": marker},
            headers={**super_admin.headers, **EN},
        )
    )
    assert len(listed["list"]) == 2
    total_before = total_rows(AdminLog)
    monkeypatch.setattr(get_settings(), "admin_log_retention_months", 12)
    hidden = ok(
        api.get(
            "/srv/admin/auth/adminLog/index",
            params={"quick_search": marker},
            headers={**super_admin.headers, **EN},
        )
    )
    assert hidden["list"] == []
    assert total_rows(AdminLog) == total_before - 2


def test_the_money_log_of_one_member_is_found_by_username_through_the_key(api, super_admin, scanned) -> None:
    name = unique("wallet")
    user = User.create(name, PASSWORD)
    for cents in (100, 250, -50):
        wallet.change_money(user.id, cents, "bench")
    scanned.clear()
    answer = ok(
        api.get(
            "/srv/admin/user/moneyLog/index",
            params={"quick_search": name},
            headers={**super_admin.headers, **EN},
        )
    )
    assert [row["change"] for row in answer["list"]] == ["-0.50", "2.50", "1.00"]
    assert {row["username"] for row in answer["list"]} == {name}
    assert sum(scanned) == 3
