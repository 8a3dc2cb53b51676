"""Atomic counters, one item per name: sequences for numeric record ids (admins, members, …) and the
row counts of listed tables (`functions.models.listing`)."""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist

from functions.models.base import BaseModel


class Counter(BaseModel):
    logical_name = "counter"

    name = UnicodeAttribute(hash_key=True)
    value = NumberAttribute(default=0)
    # Row counts of a time-bucketed table: the oldest bucket that ever held a row (`rows#<table>`).
    first = UnicodeAttribute(null=True)


def next_id(name: str) -> int:
    """The next id of sequence `name` (1, 2, 3…); atomic, so concurrent callers never share an id."""
    return next_ids(name, 1)[0]


def next_ids(name: str, count: int) -> range:
    """The next `count` ids of sequence `name`, taken in one atomic write (a seed of many rows)."""
    item = Counter(name)
    item.update(actions=[Counter.value.add(count)])
    last = int(item.value)
    return range(last - count + 1, last + 1)


def find_counter(name: str) -> Counter | None:
    """Counter `name` as stored now (a strongly consistent read), or None when it was never written."""
    try:
        return Counter.get(name, consistent_read=True)
    except DoesNotExist:
        return None


def value_of(name: str) -> int | None:
    """The value of counter `name` now, or None when it was never written."""
    item = find_counter(name)
    return None if item is None else int(item.value or 0)
