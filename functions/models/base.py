"""PynamoDB base: runtime table names and endpoint, transactions, small shared helpers.

PynamoDB binds a model's `Meta` when the class is created, but the table prefix and the DynamoDB
endpoint are only known at run time (a DynamoDB Local port chosen by a test, the prefix of a stack).
So every model declares only its logical name (`logical_name = "admin"`; `BaseModel` gives it the
`Meta` class, `table_name` = the logical name) and `configure(models, settings)` — called through
`functions.models.configure_models` by `create_app()`, the seed and scripts — sets
`Meta.table_name = settings.table_prefix + logical_name`, `Meta.host = settings.dynamodb_endpoint`
(None on AWS) and `Meta.region`, and drops cached connections.

The attributes many tables share are declared once, in mixins a model lists before `BaseModel`:
`Created` (`create_time`), `Updated` (`update_time`), `Timestamped` (both) and `Expiring`
(`expires_at`, the TTL attribute).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any, ClassVar, Protocol, TypeVar

from pynamodb.attributes import NumberAttribute, TTLAttribute
from pynamodb.connection import Connection, TableConnection
from pynamodb.constants import PAY_PER_REQUEST_BILLING_MODE
from pynamodb.exceptions import TableError, TransactWriteError
from pynamodb.models import MetaModel, Model
from pynamodb.transactions import TransactWrite

from functions.core.settings import Settings

BILLING_MODE = PAY_PER_REQUEST_BILLING_MODE
_T = TypeVar("_T")


class DuplicateError(Exception):
    """A unique value (e.g. a username) is already taken."""


class WatchedWriteError(RuntimeError):
    """A watched write was refused because its log row could not be written with it (nothing was
    written). Not a `TransactWriteError`, so no caller mistakes it for a taken value or a row
    deleted meanwhile."""


class Watcher(Protocol):
    """Adds log rows to the transaction that deletes or saves a watched item (the recycle bin and
    the sensitive-data log: `functions.services.recycle`, `functions.services.sensitive`)."""

    def watches(self, item: Any) -> bool: ...

    def deleted(self, tx: WatchedTransaction, item: Any) -> None: ...

    def saved(self, tx: WatchedTransaction, item: Any) -> None: ...


_WATCHERS: ContextVar[tuple[Watcher, ...]] = ContextVar("write_watchers", default=())


@contextlib.contextmanager
def watching(watcher: Watcher) -> Iterator[Watcher]:
    """While the block runs (in this thread or task), every delete or save of an item `watcher`
    watches — in a transaction or alone — is one transaction with the rows `watcher` adds."""
    token = _WATCHERS.set((*_WATCHERS.get(), watcher))
    try:
        yield watcher
    finally:
        _WATCHERS.reset(token)


def watcher_of(item: Any) -> Watcher | None:
    """The active watcher watching `item`, if any."""
    return _watcher_of(item)


def _watcher_of(item: Any) -> Watcher | None:
    return next((w for w in _WATCHERS.get() if w.watches(item)), None)


class _TableMeta(MetaModel):
    """The metaclass of `BaseModel`: a class that declares `logical_name` (and no `Meta` of its own)
    gets `class Meta: table_name = logical_name`, before PynamoDB fills in the `Meta` defaults."""

    def __new__(
        mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], discriminator: Any = None
    ) -> _TableMeta:
        if "logical_name" in namespace and "Meta" not in namespace:
            qualname = f"{namespace.get('__qualname__', name)}.Meta"
            meta = {"table_name": namespace["logical_name"], "__qualname__": qualname}
            namespace["Meta"] = type("Meta", (), {"__module__": namespace.get("__module__"), **meta})
        return super().__new__(mcs, name, bases, namespace, discriminator)


class BaseModel(Model, metaclass=_TableMeta):
    """Base of every table model. Subclasses set `logical_name`, which names their table (`Meta`).

    A plain `save()` or `delete()` of an item a `watching` block watches becomes a transaction
    holding the watcher's log rows too."""

    logical_name: ClassVar[str]
    # Readers keep this table's rows in memory: every write replaces its stamp (`functions.models.stamp`
    # `Stamped`, whose `written` does it).
    stamped: ClassVar[bool] = False

    @classmethod
    def written(cls) -> None:
        """Called once a write to this table is stored (a plain write, a batch sent, a committed
        transaction), for a `stamped` table only; `functions.models.stamp.Stamped` replaces the stamp."""

    @classmethod
    def _get_connection(cls) -> TableConnection:
        """The table's connection, on the one botocore client every table shares. PynamoDB gives each
        model a connection of its own, and each builds a botocore session and client on first use,
        parsing botocore's DynamoDB and endpoint data again: 29 tables meant 29 clients, about 1.9 s
        of CPU each on a busy 2-core machine (a cold start's first requests, and most of the time
        tests spent creating tables)."""
        made = cls._connection
        connection = super()._get_connection()
        shared = _State.connection
        if connection is not made and shared is not None and connection.connection is not shared:
            name = cls.Meta.table_name
            meta = connection.connection.get_meta_table(name)
            try:
                known = shared.get_meta_table(name)
            except TableError:
                shared.add_meta_table(meta)
            else:
                if known.data != meta.data:  # another model of the same table, with other indexes
                    return connection  # (a migration test's "before"): it keeps its own client
            connection.connection = shared
        return connection

    def save(self, condition: Any = None, *, add_version_condition: bool = True) -> dict[str, Any]:
        if _watcher_of(self) is None:
            return self._stamped_after(super().save(condition, add_version_condition=add_version_condition))
        with transact_write() as tx:
            tx.save(self, condition=condition)
        return {}

    def delete(self, condition: Any = None, *, add_version_condition: bool = True) -> Any:
        if _watcher_of(self) is None:
            return self._stamped_after(super().delete(condition, add_version_condition=add_version_condition))
        with transact_write() as tx:
            tx.delete(self, condition=condition)
        return None

    def update(self, actions: Any, condition: Any = None, *, add_version_condition: bool = True) -> Any:
        if _watcher_of(self) is not None:  # the watcher could not tell the values after: use save()
            raise WatchedWriteError("a watched item must be saved, not updated")
        return self._stamped_after(
            super().update(actions, condition, add_version_condition=add_version_condition)
        )

    def pick(self, *names: str) -> dict[str, Any]:
        """The values of the attributes `names`, as they are, by name (the plain part of a row's
        `to_row`/`to_public`)."""
        return {name: getattr(self, name) for name in names}

    def _stamped_after(self, answer: _T) -> _T:
        """`answer` of a plain write of this item, once its table has its new stamp (`written`)."""
        if self.stamped:
            type(self).written()
        return answer


class WatchedTransaction(TransactWrite):
    """A write transaction that lets the active watchers add their rows to it (`watching`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._logged: list[dict[str, Any]] = []
        self._log_rows: list[Any] = []
        self._committed: list[Callable[[], None]] = []
        self._stamped: set[type[BaseModel]] = set()

    def delete(self, model: Any, condition: Any = None, *, add_version_condition: bool = True) -> None:
        super().delete(model, condition, add_version_condition=add_version_condition)
        self._stamp_after(type(model))
        watcher = _watcher_of(model)
        if watcher is not None:
            watcher.deleted(self, model)

    def save(self, model: Any, condition: Any = None, return_values: str | None = None) -> None:
        super().save(model, condition, return_values)
        self._stamp_after(type(model))
        watcher = _watcher_of(model)
        if watcher is not None:
            watcher.saved(self, model)

    def update(
        self,
        model: Any,
        actions: Any,
        condition: Any = None,
        return_values: str | None = None,
        *,
        add_version_condition: bool = True,
    ) -> None:
        super().update(model, actions, condition, return_values, add_version_condition=add_version_condition)
        self._stamp_after(type(model))

    def _stamp_after(self, model: type[BaseModel]) -> None:
        """A stamped table written in this transaction gets its new stamp once it has committed."""
        if model.stamped and model not in self._stamped:
            self._stamped.add(model)
            self.after_commit(model.written)

    def log(self, row: Any, condition: Any = None) -> None:
        """Put a watcher's log row (its failure cancels the whole transaction: `WatchedWriteError`).
        The rows put this way (of `Listed` models) are counted (`count_in`) when the transaction
        commits, once per log table: several watched items saved or deleted in one transaction update
        each counter once."""
        TransactWrite.save(self, row, condition)
        self._logged.append(self._put_items[-1])
        self._log_rows.append(row)

    def log_update(self, row: Any, actions: list[Any], condition: Any = None) -> None:
        """Update a watcher's log row (its failure cancels the whole transaction: `WatchedWriteError`)."""
        TransactWrite.update(self, row, actions, condition)
        self._logged.append(self._update_items[-1])

    def after_commit(self, done: Callable[[], None]) -> None:
        """Run `done` once this transaction has committed (a watcher's own bookkeeping: a transaction
        tried again after a conflict is built again, and must log again)."""
        self._committed.append(done)

    def _commit(self) -> Any:
        by_table: dict[type, list[Any]] = {}
        for row in self._log_rows:
            by_table.setdefault(type(row), []).append(row)
        for rows in by_table.values():
            # A log's rows of one transaction share their month (`functions.models.listing.Listed`).
            type(rows[0]).count_in(self, rows[0], len(rows))
        self._log_rows = []
        try:
            answer = super()._commit()
            for done in self._committed:
                done()
            return answer
        except TransactWriteError as exc:
            if self._logged:
                order = [
                    *self._condition_check_items,
                    *self._delete_items,
                    *self._put_items,
                    *self._update_items,
                ]
                positions = [i for i, entry in enumerate(order) if any(entry is x for x in self._logged)]
                reasons = exc.cancellation_reasons or []
                if any(i < len(reasons) and reasons[i] is not None for i in positions):
                    raise WatchedWriteError("the log row could not be written") from exc
            raise


class _State:
    connection: Connection | None = None


def configure(models: Iterable[type[BaseModel]], settings: Settings) -> None:
    """Point `models` at the tables and endpoint of `settings`."""
    for model in models:
        model.Meta.table_name = settings.table_prefix + model.logical_name
        model.Meta.host = settings.dynamodb_endpoint or None
        model.Meta.region = settings.aws_region
        model.Meta.billing_mode = BILLING_MODE
        model._connection = None
    _State.connection = Connection(region=settings.aws_region, host=settings.dynamodb_endpoint or None)


def transact_write() -> WatchedTransaction:
    """A write transaction on the configured endpoint (use as a context manager)."""
    if _State.connection is None:
        raise RuntimeError("functions.models.configure_models() has not been called")
    return WatchedTransaction(connection=_State.connection)


def is_condition_failure(exc: TransactWriteError) -> bool:
    """True when a transaction was cancelled because one of its conditions failed."""
    reasons = exc.cancellation_reasons or []
    return any(reason is not None and reason.code == "ConditionalCheckFailed" for reason in reasons)


def is_conflict(exc: TransactWriteError) -> bool:
    """True when a transaction was cancelled only because another one touched the same item at the
    same time (a shared counter): trying again is safe."""
    if exc.cause_response_code == "TransactionInProgressException":
        return True
    codes = {reason.code for reason in exc.cancellation_reasons or [] if reason is not None}
    return "TransactionConflict" in codes and "ConditionalCheckFailed" not in codes


def run_transaction(build: Callable[[WatchedTransaction], None], attempts: int = 25) -> None:
    """Run the write transaction that `build(tx)` fills, again (with a short random pause) when
    DynamoDB cancelled it for a conflict with a concurrent transaction; other failures, including a
    failed condition, are raised to the caller."""
    for attempt in range(attempts):
        try:
            with transact_write() as tx:
                build(tx)
            return
        except TransactWriteError as exc:
            if attempt == attempts - 1 or not is_conflict(exc):
                raise
            time.sleep(random.uniform(0, 0.002 * 2 ** min(attempt, 6)))  # noqa: S311 - jitter, not a secret


def failed_condition(build: Callable[[WatchedTransaction], None]) -> TransactWriteError | None:
    """`run_transaction(build)`, answering the error when one of the transaction's conditions failed
    (an item created, changed or deleted meanwhile) and None when it was written; other failures are
    raised."""
    try:
        run_transaction(build)
    except TransactWriteError as exc:
        if is_condition_failure(exc):
            return exc
        raise
    return None


def now() -> int:
    """Unix seconds, the unit of every stored time (SPEC §9: 10-digit timestamps are seconds)."""
    return int(time.time())


class Created:
    """`create_time`: when the row was written first (unix seconds)."""

    create_time = NumberAttribute(default=now)


class Updated:
    """`update_time`: when the row was written last (unix seconds)."""

    update_time = NumberAttribute(default=now)


class Timestamped(Created, Updated):
    """`create_time` and `update_time` (unix seconds)."""


class Expiring:
    """`expires_at`, the TTL attribute: DynamoDB deletes the row some time after it passes (code checks
    it itself)."""

    expires_at = TTLAttribute()
