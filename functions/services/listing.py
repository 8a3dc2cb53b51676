"""Keyset listing on DynamoDB: a page costs the same at 100 rows and at 1,000,000 (DESIGN §6).

A list is a `Plan`: the Queries to read in order (`Partition`s: an index or the table, one hash key
value — the constant partition of a table, the months of a log, one status, one owner), the
direction, and optionally an in-memory test for what no key can select (`matches`). `read_page`
reads only what the page needs:

- **Unfiltered** (no `matches`): a page jump reads the rows up to the end of the page (at most
  `MAX_READ`); a cursor page reads its rows plus one (to know whether there is a next page). The total
  comes from the plan's `total` (a counter kept in the same transaction as adds and deletes: exact).
- **Filtered** (or without a counter for what is listed): at most `MAX_READ` rows from the start or
  the cursor (a window of `MAX_READ - 1`, and one more to know whether the data goes on); the matches
  in the window are counted and the page is taken from them. When the read stopped before the end
  of the data, the total is a lower bound (`more`), and the cursor continues after the page (or
  after the rows read, when none of them matched).

The cursor is the key of the last row of the page (the Query's own `ExclusiveStartKey`) and the
partition it belongs to, as opaque base64url JSON; a cursor that does not fit the list (tampered,
or from another filter) is refused with a message, never passed to DynamoDB.

`pager` tells the client how to page: "pages" (page jumps) when the total is exact and its last page
ends within `MAX_READ` rows, otherwise "cursor" (Previous / Next). Every Query issued here is
counted in `items_read` so tests and benchmarks can prove the bound.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from functions.core.responses import ApiError

MAX_READ = 2000  # rows one list request may read at most (a window of 1,999 and the row after it)
CHUNK = 500  # rows per DynamoDB Query call

# Items read by list Queries in the current request (a test or a benchmark reads it).
items_read: ContextVar[int] = ContextVar("items_read", default=0)


@dataclass(frozen=True)
class Partition:
    """One Query: `source` is a PynamoDB model (the table) or one of its indexes."""

    source: Any
    hash_value: Any


@dataclass
class Plan:
    model: Any
    partitions: Sequence[Partition]
    forward: bool = False  # ascending by the range key (id); False: newest first
    matches: Callable[[Any], bool] | None = None  # None: every row read is listed
    total: Callable[[], int] | None = None  # the exact count when nothing filters


@dataclass
class Page:
    items: list[Any]
    total: int
    cursor: str = ""
    more: bool = False
    pager: str = "pages"
    scanned: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def _key_attributes(model: Any, source: Any) -> list[tuple[str, Any]]:
    """(python name, attribute) of the keys (table keys, then the index's) of an ExclusiveStartKey."""
    attrs = model.get_attributes()
    names = [model._hash_keyname, model._range_keyname]
    if source is not model:
        names += [n for n, a in source.Meta.attributes.items() if a.is_hash_key or a.is_range_key]
    unique = [name for position, name in enumerate(names) if name and name not in names[:position]]
    return [(name, attrs[name]) for name in unique]


def _hash_attribute(model: Any, source: Any) -> Any:
    if source is model:
        return model.get_attributes()[model._hash_keyname]
    name = next(n for n, a in source.Meta.attributes.items() if a.is_hash_key)
    return model.get_attributes()[name]


def _item_key(item: Any, source: Any) -> dict[str, dict[str, str]]:
    return {
        attr.attr_name: {attr.attr_type: attr.serialize(getattr(item, name))}
        for name, attr in _key_attributes(type(item), source)
    }


def encode_cursor(position: int, item: Any, plan: Plan, passed: int = 0) -> str:
    """The cursor after `item` (read from partition `position`); `passed`: matches before it."""
    part = plan.partitions[position]
    key = _item_key(item, part.source)
    payload = {
        "p": _hash_attribute(plan.model, part.source).serialize(part.hash_value),
        "k": key,
        "n": passed,
    }
    raw = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str, plan: Plan) -> tuple[int, dict[str, dict[str, str]], int]:
    """(partition position, ExclusiveStartKey, matches before it) of a cursor of this plan; refuses
    any other."""
    invalid = ApiError("The list has changed: please go back to the first page")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        payload = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise invalid from None
    if not isinstance(payload, dict) or set(payload) != {"p", "k", "n"} or not isinstance(payload["k"], dict):
        raise invalid
    passed = payload["n"]
    if isinstance(passed, bool) or not isinstance(passed, int) or not 0 <= passed <= 10**12:
        raise invalid
    for position, part in enumerate(plan.partitions):
        hash_attr = _hash_attribute(plan.model, part.source)
        if hash_attr.serialize(part.hash_value) != payload["p"]:
            continue
        expected = {a.attr_name: a.attr_type for _, a in _key_attributes(plan.model, part.source)}
        key = payload["k"]
        if set(key) != set(expected):
            raise invalid
        for name, kind in expected.items():
            value = key[name]
            if not isinstance(value, dict) or list(value) != [kind] or not isinstance(value[kind], str):
                raise invalid
            if len(value[kind]) > 1024:
                raise invalid
            if kind == "N":
                try:
                    float(value[kind])
                except ValueError:
                    raise invalid from None
        if key[hash_attr.attr_name][hash_attr.attr_type] != payload["p"]:
            raise invalid
        return position, key, passed
    raise invalid


def _read(plan: Plan, start: tuple[int, dict[str, Any] | None], budget: int) -> Iterator[tuple[int, Any]]:
    """Yield (partition position, item) in list order from `start`, at most `budget` items: each
    Query call asks for no more than what is still allowed (`Limit`), so DynamoDB reads no more."""
    position, key = start
    left = budget
    while position < len(plan.partitions) and left > 0:
        part = plan.partitions[position]
        size = min(left, CHUNK)
        result = part.source.query(
            part.hash_value,
            scan_index_forward=plan.forward,
            limit=size,
            page_size=size,
            last_evaluated_key=key,
        )
        got = 0
        for item in result:
            got += 1
            yield position, item
        left -= got
        items_read.set(items_read.get() + got)
        key = result.last_evaluated_key if got == size else None
        if key is None:
            position, key = position + 1, None


def _pager(total: int, limit: int) -> str:
    """The pager: "pages" when every page can be jumped to (the last one ends within `MAX_READ` rows)."""
    return "pages" if -(-total // limit) * limit <= MAX_READ else "cursor"


def read_page(plan: Plan, *, page: int, limit: int, cursor: str = "") -> Page:
    """The rows of one page of `plan` (see the module docstring)."""
    start: tuple[int, dict[str, Any] | None] = (0, None)
    passed = 0
    if cursor:
        position, key, passed = decode_cursor(cursor, plan)
        start = (position, key)
    skip = 0 if cursor else (page - 1) * limit
    if skip + limit > MAX_READ:
        raise ApiError("Use Next and Previous to go beyond the first 2,000 rows")
    if plan.matches is None and plan.total is not None:
        total = plan.total()
        if cursor:  # the page and one row: is there another page?
            read = list(_read(plan, start, limit + 1))
            shown, has_next = read[:limit], len(read) > limit
        else:  # a page jump: the exact total says whether another page follows
            read = list(_read(plan, start, skip + limit))
            shown, has_next = read[skip:], skip + limit < total
        return Page(
            items=[item for _, item in shown],
            total=total,
            cursor=encode_cursor(*shown[-1], plan) if has_next and shown else "",
            pager=_pager(total, limit),
            scanned=len(read),
        )

    matches = plan.matches or (lambda _item: True)
    read = list(_read(plan, start, MAX_READ))  # the window and one row: is there anything after it?
    complete = len(read) < MAX_READ
    window = read[: MAX_READ - 1]
    matched = [(position, item) for position, item in window if matches(item)]
    shown = matched[skip : skip + limit]
    total = passed + len(matched)
    next_cursor = ""
    if len(matched) > skip + limit:
        next_cursor = encode_cursor(*shown[-1], plan, passed + skip + limit)
    elif not complete and window:  # no further match in the window: go on after what was read
        next_cursor = encode_cursor(*window[-1], plan, total)
    return Page(
        items=[item for _, item in shown],
        total=total,
        cursor=next_cursor,
        more=not complete,
        pager=_pager(total, limit) if complete and not cursor else "cursor",
        scanned=len(read),
    )
