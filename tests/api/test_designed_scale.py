# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Issue 32: a move and the attachment usage warning work the same on a designed table of any size.

- A move (drag sort, ↑/↓) in a table of more than 2,000 rows (beyond what one list request reads)
  puts the row where it was dropped, writes that row's weigh and place only — one item, whatever the
  table's size — and leaves every other row byte for byte as it was.
- Deleting an attachment names exactly the rows that use it, also rows older than the newest 2,000,
  and follows their edits, deletes and restores (file references written with the rows).

The rows beyond those the test adds through the API are written with one BatchWriteItem run, as an
import would (`functions.models.listing.bulk_put`): seconds, not minutes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.services.listing import MAX_READ
from tests.api.admin_support import AdminUser, delete, get_ok, post, unique  # noqa: F401
from tests.api.uploads_support import upload_env  # noqa: F401 - a fixture

BULK = MAX_READ + 100
WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("大表测试", "Big table"),
        "fields": [
            {"name": "name", "title": words("名称", "Name"), "type": "string", "required": True},
            {"name": "price", "title": words("价格", "Price"), "type": "money", "min": 0, "max": 1_000_000},
            {"name": "cover", "title": words("封面", "Cover"), "type": "image"},
            {"name": "weigh", "title": words("权重", "Weight"), "type": "weigh", "sort": True},
            {"name": "status", "title": words("状态", "Status"), "type": "status", "index": True},
        ],
    }


def bulk_rows(name: str, count: int, first_weigh: int) -> None:
    """`count` rows as the back office leaves them (each 10 above the one before, a price in cents),
    written at once; the table's row counter follows."""
    from functions.models.counter import Counter
    from functions.models.design import Record, filter_key, record_scope
    from functions.models.listing import bulk_put
    from functions.services.row_order import sort_key

    sequence = Counter(record_scope(name))
    sequence.update(actions=[Counter.value.add(count)])
    start = int(sequence.value) - count + 1
    rows = []
    for n in range(count):
        weigh = first_weigh + 10 * n
        values = {"name": f"row {n}", "price": 18600000 + n, "cover": "", "weigh": weigh, "status": "enable"}
        rows.append(
            Record(
                name,
                start + n,
                design=name,
                data=json.dumps(values, separators=(",", ":")),
                f1=filter_key(name, "status", "enable"),
                n1=sort_key(weigh, start + n),
            )
        )
    bulk_put(rows)


def stored(name: str) -> dict[int, str]:
    """Every row's stored values (`data`), by id, read from the table itself."""
    from functions.models.design import Record

    return {int(item.id): item.data for item in Record.query(name, consistent_read=True)}


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """The items written to DynamoDB (operation, table) while the test runs, by every request."""
    from pynamodb.connection.base import Connection

    seen: list[tuple[str, str]] = []
    original = Connection._make_api_call

    def counting(self: Connection, operation: str, kwargs: dict[str, Any]) -> dict[str, Any]:
        if operation == "TransactWriteItems":
            for entry in kwargs.get("TransactItems", []):
                for kind, body in entry.items():
                    if kind != "ConditionCheck":
                        seen.append((kind, str(body.get("TableName", ""))))
        elif operation == "BatchWriteItem":
            for table, requests in kwargs.get("RequestItems", {}).items():
                seen.extend((operation, table) for _ in requests)
        elif operation in WRITES:
            seen.append((operation, str(kwargs.get("TableName", ""))))
        return original(self, operation, kwargs)

    monkeypatch.setattr(Connection, "_make_api_call", counting)
    yield seen


def listed_ids(api: httpx.Client, who: AdminUser, name: str) -> list[int]:
    """The ids of the list's first 2,000 rows, in the list's order (two pages of 1,000)."""
    return [
        int(row["id"])
        for page in (1, 2)
        for row in get_ok(api, f"{name}/index", who, page=page, limit=1000)["list"]
    ]


def test_a_move_in_a_table_of_more_than_2000_rows_writes_one_row(
    api: httpx.Client, super_admin: AdminUser, writes: list[tuple[str, str]]
) -> None:
    from functions.models.design import Record

    name = f"business/m{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": design(name)})["code"] == 1
    bulk_rows(name, BULK, first_weigh=10)  # weighs 10 … 21,000: the newest row is the highest
    shown = listed_ids(api, super_admin, name)
    assert len(shown) == MAX_READ
    before = stored(name)
    lowest = min(before)  # weigh 10: the last row of the list, beyond the rows one request reads
    assert lowest not in shown
    target = shown[1500]
    writes.clear()
    answer = post(api, f"{name}/sortable", super_admin, {"id": lowest, "targetId": target})
    assert answer["code"] == 1, answer
    rows_written = [w for w in writes if w[1] == Record.Meta.table_name]
    assert len(rows_written) == 1, rows_written  # the moved row: one item, not the table
    assert len(writes) <= 8, writes  # besides: the admin log row and its counters, as every request
    after = listed_ids(api, super_admin, name)
    assert after[1500] == lowest and after[1501] == target  # moving up: it takes the target's place
    assert after[:1500] == shown[:1500]
    now = stored(name)
    assert {i: d for i, d in now.items() if i != lowest} == {i: d for i, d in before.items() if i != lowest}
    moved_before, moved_after = json.loads(before[lowest]), json.loads(now[lowest])
    assert {k: v for k, v in moved_after.items() if k != "weigh"} == {
        k: v for k, v in moved_before.items() if k != "weigh"
    }
    # Down again, onto the row below it: it lands after that row; again one item.
    writes.clear()
    assert post(api, f"{name}/sortable", super_admin, {"id": lowest, "targetId": target})["code"] == 1
    assert len([w for w in writes if w[1] == Record.Meta.table_name]) == 1
    assert listed_ids(api, super_admin, name)[1500:1502] == [target, lowest]


def test_the_usage_warning_names_every_row_using_a_file_in_a_table_of_more_than_2000_rows(
    api: httpx.Client, super_admin: AdminUser, upload_env: Any
) -> None:
    from tests.api.uploads_support import unique_png, upload

    name = f"business/u{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": design(name)})["code"] == 1
    sent = upload(api, "/srv/admin/ajax/upload", super_admin.headers, "cover.png", unique_png(), "image/png")
    file = sent.json()["data"]["file"]

    def add(title: str, cover: str) -> int:
        answer = post(api, f"{name}/add", super_admin, {"name": title, "cover": cover})
        assert answer["code"] == 1, answer
        return int(answer["data"]["id"])

    oldest = add("oldest", file["url"])
    bulk_rows(name, BULK, first_weigh=10)  # newer rows without the file: the oldest is beyond 2,000
    newest = add("newest", f"{file['url']}?v=2")

    def used_by() -> list[int]:
        answer = get_ok(api, "routine/attachment/usage", super_admin, **{"ids[]": [file["id"]]})
        uses = answer["uses"][str(file["id"])]
        assert all(u["table"] == name and u["field"] == "cover" and u["field_title"] == "Cover" for u in uses)
        return sorted(int(u["id"]) for u in uses)

    assert used_by() == sorted([oldest, newest])
    # An edit that drops the file, a delete, a restore from the recycle bin: the warning follows.
    assert post(api, f"{name}/edit", super_admin, {"id": newest, "name": "newest", "cover": ""})["code"] == 1
    assert used_by() == [oldest]
    assert delete(api, f"{name}/del", super_admin, [oldest])["code"] == 1
    assert used_by() == []
    search = json.dumps([{"field": "table", "val": name, "operator": "eq"}])
    (kept,) = get_ok(api, "security/dataRecycleLog/index", super_admin, search=search)["list"]
    restored = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})
    assert restored["code"] == 1, restored
    assert used_by() == [oldest]
