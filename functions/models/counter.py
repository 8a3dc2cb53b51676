"""Sequences for numeric record ids (admins, members, …), one atomic counter item per name."""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel


class Counter(BaseModel):
    logical_name = "counter"

    class Meta:
        table_name = "counter"

    name = UnicodeAttribute(hash_key=True)
    value = NumberAttribute(default=0)


def next_id(name: str) -> int:
    """The next id of sequence `name` (1, 2, 3…); atomic, so concurrent callers never share an id."""
    item = Counter(name)
    item.update(actions=[Counter.value.add(1)])
    return int(item.value)
