"""PynamoDB base: runtime table names and endpoint, transactions, small shared helpers.

PynamoDB binds a model's `Meta` when the class is created, but the table prefix and the DynamoDB
endpoint are only known at run time (a DynamoDB Local port chosen by a test, the prefix of a stack).
So every model declares only its logical name (`logical_name = "admin"`) and `configure(models,
settings)` — called through `functions.models.configure_models` by `create_app()`, the seed and
scripts — sets `Meta.table_name = settings.table_prefix + logical_name`, `Meta.host =
settings.dynamodb_endpoint` (None on AWS) and `Meta.region`, and drops cached connections.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import ClassVar

from pynamodb.connection import Connection
from pynamodb.constants import PAY_PER_REQUEST_BILLING_MODE
from pynamodb.exceptions import TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from functions.core.settings import Settings

BILLING_MODE = PAY_PER_REQUEST_BILLING_MODE


class DuplicateError(Exception):
    """A unique value (e.g. a username) is already taken."""


class BaseModel(Model):
    """Base of every table model. Subclasses set `logical_name` and their own `Meta` class."""

    logical_name: ClassVar[str]


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


def transact_write() -> TransactWrite:
    """A write transaction on the configured endpoint (use as a context manager)."""
    if _State.connection is None:
        raise RuntimeError("functions.models.configure_models() has not been called")
    return TransactWrite(connection=_State.connection)


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


def run_transaction(build: Callable[[TransactWrite], None], attempts: int = 25) -> None:
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


def now() -> int:
    """Unix seconds, the unit of every stored time (SPEC §9: 10-digit timestamps are seconds)."""
    return int(time.time())
