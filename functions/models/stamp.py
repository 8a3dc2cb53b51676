"""Write stamps: a random number per table, stored as a `Counter` item (`stamp#<logical name>`) and
replaced after every write to a table whose model mixes in `Stamped` (the menu-rule trees). A
reader that keeps rows in memory (`functions.services.permissions.load_rules`) reads the stamp first,
one GetItem. When the stamp is the one it kept the rows under, it keeps using them. Otherwise it
queries the table again.

The stamp is replaced after the write, not in the same transaction. So two back-office writes at
the same moment do not conflict on it. If a process stops between the write and the stamp, readers
keep old rows until their cache expires (`permissions.RULES_CACHE_SECONDS`). BaseModel and
WatchedTransaction call the model's `written()` after every save, delete and update
(`functions.models.base`); `Stamped.written` bumps, or notes the table inside `stamps_deferred()`. A
stamped model's `batch_write` bumps when its batch has been written.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import Any, ClassVar

from pynamodb.models import BatchWrite

from functions.models.counter import Counter, value_of

_DEFERRED: ContextVar[set[type[Any]] | None] = ContextVar("deferred_stamps", default=None)


class Stamped:
    """Mixed into a model before `BaseModel`: readers keep this table's rows in memory, so every write
    replaces its stamp."""

    stamped: ClassVar[bool] = True
    logical_name: ClassVar[str]

    @classmethod
    def written(cls) -> None:
        deferred = _DEFERRED.get()
        if deferred is not None:
            deferred.add(cls)
            return
        bump(cls)

    @classmethod
    def batch_write(cls, auto_commit: bool = True) -> Any:
        return _StampingBatchWrite(cls, auto_commit=auto_commit)


class _StampingBatchWrite(BatchWrite[Any]):
    """A stamped model's batch: a new stamp after every batch it sends."""

    def commit(self) -> None:
        super().commit()
        self.model.written()


@contextlib.contextmanager
def stamps_deferred() -> Iterator[None]:
    """Many writes, one new stamp per stamped table: while the block runs (in this thread or task),
    writes only note which stamped tables they touched; each of those gets its new stamp when the block
    ends, also when it ends with an error (some writes may have happened). For bulk work such as
    seeding the menu-rule trees, where every rule would otherwise replace the stamp again."""
    if _DEFERRED.get() is not None:  # an outer block stamps at its end
        yield
        return
    touched: set[type[Any]] = set()
    token = _DEFERRED.set(touched)
    try:
        yield
    finally:
        _DEFERRED.reset(token)
        for model in sorted(touched, key=lambda m: m.logical_name):
            bump(model)


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
