"""How the back office's tables are laid out for listing without Scan (DESIGN §6 "Listing").

Every listed table carries a partition attribute `part` and a GSI `part-id-index` (`part` hash, `id`
range), so "the rows of the table, newest first" is a Query read a page at a time
(`functions.services.listing` pages it with the Query's own keys as the cursor).

- Tables of things (admins, members, attachments, groups, rules) use one constant partition, `"all"`
  (`ConstantPart`).
- Time-series tables (admin log, balance and points logs: `MonthBucketed`) use the UTC month of
  `create_time` (`"2026-11"`): no partition grows without end, a time range is one Query per month,
  and old months can expire (`retention_months`, enforced by a TTL attribute on the rows).

Row counts are exact and cheap: a listed table (`list_buckets` set) keeps a counter item
`rows#<table>` (and `rows#<table>#<month>` per month) in the `counter` table, changed by
`count_rows(tx, item, ±1)` **in the same transaction** as the put or delete of the row. The total
of an unfiltered list is one GetItem (or one BatchGetItem of the months kept), never a count of rows.
A model may keep sums beside its row count: `tallies()` on an item returns `{counter name: amount}`
(an attachment: its bytes, in total and per kind of file), and `count_rows` adds them, times `delta`,
in the same transaction; so a sum is as exact as the count, whatever path adds, deletes or restores
the row. A GSI keyed by another attribute (`key_index`: a member's `status`, an admin-log row's `admin_id`)
lets a filter on that attribute read only the matching rows.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any, ClassVar

from pynamodb.attributes import Attribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex, Projection
from pynamodb.transactions import TransactWrite

from functions.models.base import Created
from functions.models.counter import Counter, find_counter

PART = "all"
PART_INDEX = "part-id-index"
CONSTANT = "constant"
MONTHLY = "month"


def part_index(
    name: str = PART_INDEX, id_kind: type[Attribute[Any]] = NumberAttribute
) -> GlobalSecondaryIndex:
    """A GSI on (`part`, `id`) with every attribute projected; assign it as `by_part = part_index()`."""
    return key_index(name, "part", UnicodeAttribute, range_kind=id_kind)


def key_index(
    name: str,
    attr: str,
    kind: type[Attribute[Any]] = NumberAttribute,
    *,
    range_attr: str = "id",
    range_kind: type[Attribute[Any]] = NumberAttribute,
    projection: Projection | None = None,
) -> GlobalSecondaryIndex:
    """A GSI on (`<attr>`, `<range_attr>`), every attribute projected unless `projection` says
    otherwise: the rows with one value of `attr` (one admin's log rows, the disabled members), newest
    first by `id`. The one way the models declare an index."""

    attrs = {
        attr: kind(hash_key=True),
        range_attr: range_kind(range_key=True),
        "Meta": type("Meta", (), {"index_name": name, "projection": projection or AllProjection()}),
    }
    return type("KeyIndex", (GlobalSecondaryIndex,), attrs)()


def owner_index(name: str, owner_attr: str) -> GlobalSecondaryIndex:
    """A GSI on (`<owner_attr>` number, `id`): the rows of one owner (e.g. one admin's log rows)."""
    return key_index(name, owner_attr, NumberAttribute)


def month_of(timestamp: int | float) -> str:
    """The month bucket (`"2026-11"`, UTC) of a Unix time."""
    return datetime.fromtimestamp(int(timestamp), tz=UTC).strftime("%Y-%m")


def months_back(newest: str, oldest: str) -> list[str]:
    """The month buckets from `newest` back to `oldest`, both included (`[]` when oldest > newest)."""
    year, month = (int(part) for part in newest.split("-"))
    months: list[str] = []
    while True:
        bucket = f"{year:04d}-{month:02d}"
        if bucket < oldest:
            return months
        months.append(bucket)
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)


def shift_month(bucket: str, months: int) -> str:
    """`bucket` moved back by `months` months."""
    year, month = (int(part) for part in bucket.split("-"))
    index = year * 12 + (month - 1) - months
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


class Listed:
    """What the listing needs from a model; mixed into listed models before `BaseModel`."""

    list_buckets: ClassVar[str] = CONSTANT
    logical_name: ClassVar[str]
    # The counter that is always among a model's `tallies()` (its sums exist once it exists).
    tally_counter: ClassVar[str | None] = None

    @classmethod
    def retention_months(cls) -> int:
        """How many months of rows are kept and listed (0: all of them)."""
        return 0

    @classmethod
    def count_in(cls, tx: TransactWrite, item: Any, delta: int) -> None:
        """`count_rows` for a row of this model (a watcher's log row, counted when its transaction
        commits: `functions.models.base.WatchedTransaction.log`)."""
        count_rows(tx, item, delta)


class ConstantPart:
    """A table of things, listed through one constant partition (mixed into a model before
    `BaseModel`): `part` is always `PART`, and `by_part` the GSI `part-id-index` on it and the numeric
    `id` (a model with a string `id` declares its own `by_part`)."""

    part = UnicodeAttribute(default=PART)
    by_part = part_index()


class MonthBucketed(Listed, Created):
    """A time-series table: `part` is the UTC month of `create_time` (`Created`), set when the row is
    built."""

    list_buckets: ClassVar[str] = MONTHLY

    def __init__(
        self, hash_key: Any = None, range_key: Any = None, _user_instantiated: bool = True, **attributes: Any
    ) -> None:
        super().__init__(hash_key, range_key, _user_instantiated, **attributes)  # type: ignore[call-arg]
        if _user_instantiated and "part" not in attributes:
            self.part = month_of(int(self.create_time))


def rows_counter(scope: type[Any] | str, bucket: str | None = None) -> str:
    """The name of the counter item holding the row count of a listed model or of a scope (a
    designed table: `record:business/news`), of one month when `bucket`."""
    name = f"rows#{scope if isinstance(scope, str) else scope.logical_name}"
    return f"{name}#{bucket}" if bucket else name


def scope_of(item: Any) -> str:
    """What an item is counted in: its model's table, or what the item says (`list_scope()`)."""
    scope = getattr(item, "list_scope", None)
    return str(scope()) if callable(scope) else str(type(item).logical_name)


def bucket_of(item: Any) -> str | None:
    """The month an item is counted in, for a time-series table (None for the others)."""
    bucket = getattr(item, "list_bucket", None)
    if callable(bucket):
        return bucket()
    return item.part if type(item).list_buckets == MONTHLY else None


def tallies_of(item: Any) -> dict[str, int]:
    """The sums an item adds to beside its row count (`{}` for most models)."""
    tallies = getattr(item, "tallies", None)
    return dict(tallies()) if callable(tallies) else {}


def count_rows(tx: TransactWrite, item: Any, delta: int) -> None:
    """Add to transaction `tx` the counter updates for adding (`delta` 1) or deleting (-1) `item`."""
    scope, bucket = scope_of(item), bucket_of(item)
    actions: list[Any] = [Counter.value.add(delta)]
    if bucket is not None:
        tx.update(Counter(rows_counter(scope, bucket)), actions=[Counter.value.add(delta)])
        if delta > 0:
            actions.append(Counter.first.set(Counter.first | bucket))
    tx.update(Counter(rows_counter(scope)), actions=actions)
    for name, amount in tallies_of(item).items():
        tx.update(Counter(name), actions=[Counter.value.add(amount * delta)])


def month_buckets(
    model: type[Any] | str,
    newest_first: bool = True,
    since: int | None = None,
    until: int | None = None,
    keep: int | None = None,
) -> list[str]:
    """The month partitions of a `MonthBucketed` model that can hold rows, optionally only those
    overlapping the time range [since, until]: from this month back to the oldest month that ever
    held a row, or the oldest month kept (`retention_months`)."""
    item = find_counter(rows_counter(model))
    if item is None or not item.first:
        return []
    newest = month_of(time.time())
    oldest = item.first
    if keep is None:
        keep = model.retention_months() if not isinstance(model, str) else 0
    if keep:
        oldest = max(oldest, shift_month(newest, keep - 1))
    if since is not None:
        oldest = max(oldest, month_of(since))
    if until is not None:
        newest = min(newest, month_of(until))
    buckets = months_back(newest, oldest)
    return buckets if newest_first else buckets[::-1]


def total_rows(model: type[Any] | str, monthly: bool | None = None, keep: int | None = None) -> int:
    """The exact number of rows a listing of a model (or scope) shows (rows of the months kept)."""
    if monthly is None:
        monthly = not isinstance(model, str) and model.list_buckets == MONTHLY
    if keep is None:
        keep = model.retention_months() if not isinstance(model, str) else 0
    if monthly and keep:
        names = [rows_counter(model, bucket) for bucket in month_buckets(model, keep=keep)]
        total = 0
        for start in range(0, len(names), 100):
            total += sum(int(c.value or 0) for c in Counter.batch_get(names[start : start + 100]))
        return total
    item = find_counter(rows_counter(model))
    return int(item.value or 0) if item is not None else 0


def ensure_row_counts(models: list[type[Any]]) -> list[str]:
    """Give tables created before the row counters their counts (a developer's kept `var/`): count
    the rows once, and move the rows of a time-series table out of the old constant partition into
    their months. Runs from the seed, never from a request; a table with its counter is skipped at
    the cost of one GetItem. Returns the logical names of the tables counted now."""
    counted: list[str] = []
    for model in models:
        if find_counter(rows_counter(model)) is not None:
            continue
        if model.list_buckets == MONTHLY:
            months: dict[str, int] = {}
            for item in model.by_part.query(PART):
                item.part = month_of(int(item.create_time))
                item.save()
                months[item.part] = months.get(item.part, 0) + 1
            if not months:
                continue  # empty: the first row written creates the counters
            for bucket, count in months.items():
                Counter(rows_counter(model, bucket), value=count).save()
            Counter(rows_counter(model), value=sum(months.values()), first=min(months)).save()
        else:
            count = model.by_part.count(PART)
            Counter(rows_counter(model), value=count).save()
        counted.append(model.logical_name)
    return counted


def ensure_tallies(models: list[type[Any]]) -> list[str]:
    """Give tables from before their sums (`tallies`) their sums: add up the rows once. Runs from the
    seed, never from a request; a table whose `tally_counter` exists is skipped at one GetItem."""
    counted: list[str] = []
    for model in models:
        if not model.tally_counter or find_counter(model.tally_counter) is not None:
            continue
        sums: dict[str, int] = {model.tally_counter: 0}
        for item in model.by_part.query(PART):
            for name, amount in tallies_of(item).items():
                sums[name] = sums.get(name, 0) + amount
        for name, amount in sums.items():
            Counter(name, value=amount).save()
        counted.append(model.logical_name)
    return counted


def bulk_put(items: list[Any]) -> None:
    """Write many new rows of one listed model and scope at once (an import, a benchmark's fill) with
    BatchWriteItem, then add them to the row counters. Not one transaction: use it only for rows that
    do not exist yet, while nothing else writes them; requests use `count_rows` in a transaction."""
    if not items:
        return
    model, scope = type(items[0]), scope_of(items[0])
    months: dict[str, int] = {}
    sums: dict[str, int] = {}
    with model.batch_write() as batch:
        for item in items:
            batch.save(item)
            bucket = bucket_of(item)
            if bucket is not None:
                months[bucket] = months.get(bucket, 0) + 1
            for name, amount in tallies_of(item).items():
                sums[name] = sums.get(name, 0) + amount
    for name, amount in sums.items():
        Counter(name).update(actions=[Counter.value.add(amount)])
    actions: list[Any] = [Counter.value.add(len(items))]
    if months:
        actions.append(Counter.first.set(Counter.first | min(months)))
        for bucket, count in months.items():
            Counter(rows_counter(scope, bucket)).update(actions=[Counter.value.add(count)])
    Counter(rows_counter(scope)).update(actions=actions)
    if months:  # an import older than the oldest month so far moves `first` back
        counter = Counter.get(rows_counter(scope), consistent_read=True)
        if counter.first is None or counter.first > min(months):
            counter.update(actions=[Counter.first.set(min(months))])
