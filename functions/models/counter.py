"""Atomic counters, one item per name: sequences for numeric record ids (admins, members, …) and the
row counts of listed tables (`functions.models.listing`)."""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel


class Counter(BaseModel):
    logical_name = "counter"

    class Meta:
        table_name = "counter"

    name = UnicodeAttribute(hash_key=True)
    value = NumberAttribute(default=0)
    # Row counts of a time-bucketed table: the oldest bucket that ever held a row (`rows#<table>`).
    first = UnicodeAttribute(null=True)


def next_id(name: str) -> int:
    """The next id of sequence `name` (1, 2, 3…); atomic, so concurrent callers never share an id."""
    item = Counter(name)
    item.update(actions=[Counter.value.add(1)])
    return int(item.value)
