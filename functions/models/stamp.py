"""Write stamps: a random number per table, stored as a `Counter` item (`stamp#<logical name>`) and
replaced after every write to a table whose model sets `stamped = True` (the menu-rule trees). A
reader that keeps rows in memory (`functions.services.permissions.load_rules`) reads the stamp first,
one GetItem. When the stamp is the one it kept the rows under, it keeps using them. Otherwise it
queries the table again.

The stamp is replaced after the write, not in the same transaction. So two back-office writes at
the same moment do not conflict on it. If a process stops between the write and the stamp, readers
keep old rows until their cache expires (`permissions.RULES_CACHE_SECONDS`). BaseModel and
WatchedTransaction call `bump()` for every save, delete and update (`functions.models.base`). A stamped
model's `batch_write` bumps when its batch has been written (`functions.models.rule`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from functions.models.counter import Counter, value_of


def stamp_name(model: type[Any]) -> str:
    return f"stamp#{model.logical_name}"


def bump(model: type[Any]) -> None:
    """Give `model`'s table a new stamp (random: a table emptied and filled again never repeats one)."""
    Counter(stamp_name(model), value=secrets.randbits(52) + 1).save()


def current(model: type[Any]) -> int | None:
    """`model`'s stamp now (a strongly consistent read), or None before its first stamped write."""
    return value_of(stamp_name(model))


# Reading stamps inside another BatchGetItem (`functions.services.sessions.authenticate_account` reads
# the caller's session, account and the stamps its permission check needs in one round trip).


def table() -> str:
    """The table the stamps are stored in."""
    return Counter.Meta.table_name


def key(model: type[Any]) -> dict[str, Any]:
    """The low-level key of `model`'s stamp item (for a BatchGetItem of `table()`)."""
    return {"name": {"S": stamp_name(model)}}


def values_in(models: Sequence[type[Any]], items: Sequence[dict[str, Any]]) -> dict[str, int | None]:
    """The stamps of `models` (by `logical_name`) found in `items`, low-level items of `table()`
    read by `key()`; None for a table that has no stamp yet (as `current()`)."""
    found = {item["name"]["S"]: int(item.get("value", {}).get("N", 0)) for item in items}
    return {model.logical_name: found.get(stamp_name(model)) for model in models}
