"""Uniqueness guards: one item per unique value (e.g. `admin.username#alice`), written in the same
transaction as the record that owns it with the condition that it does not exist yet.

DynamoDB has no unique constraints and a GSI is only eventually consistent; a guard item is both
strongly consistent and a key lookup (username → id) for login. `insert_guarded` writes a new row with
its guards.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pynamodb.attributes import UnicodeAttribute
from pynamodb.exceptions import DoesNotExist, TransactWriteError

from functions.models.base import BaseModel, Created, DuplicateError, is_condition_failure, run_transaction
from functions.models.listing import count_rows

Row = TypeVar("Row", bound=BaseModel)


class Unique(Created, BaseModel):
    logical_name = "unique"

    key = UnicodeAttribute(hash_key=True)
    owner = UnicodeAttribute()


def unique_key(scope: str, value: str) -> str:
    """The guard key of `value` in `scope`; case-insensitive, so `Alice` and `alice` collide."""
    return f"{scope}#{value.strip().lower()}"


def owner_of(scope: str, value: str) -> str | None:
    """The id owning `value` in `scope`, or None."""
    return owner_of_key(unique_key(scope, value))


def owner_of_key(key: str) -> str | None:
    """The id owning the guard `key` (`unique_key`'s form), or None."""
    try:
        return Unique.get(key, consistent_read=True).owner
    except DoesNotExist:
        return None


def owned_by(model: type[Row], scope: str, value: str) -> Row | None:
    """The row of `model` (numeric id) that owns `value` in `scope`, or None: two GetItems."""
    owner = owner_of(scope, value)
    if owner is None:
        return None
    try:
        return model.get(int(owner), consistent_read=True)
    except DoesNotExist:
        return None


def insert_guarded(row: Any, guards: dict[str, str], taken: str) -> None:
    """Write the new `row` (numeric `id`, counted in its table: `count_rows`) in one transaction with
    a `Unique` guard owned by it for every `{name: guard key}` of `guards`. Raises `DuplicateError(name)`
    when the guard of `name` is taken, `DuplicateError(taken)` when another condition failed (the id);
    nothing is written then."""
    items = [(name, Unique(key, owner=str(row.id))) for name, key in guards.items()]

    def build(tx: Any) -> None:
        for _, guard in items:
            tx.save(guard, condition=Unique.key.does_not_exist())
        tx.save(row, condition=type(row).id.does_not_exist())
        count_rows(tx, row, 1)

    try:
        run_transaction(build)
    except TransactWriteError as exc:
        if is_condition_failure(exc):
            reasons = exc.cancellation_reasons or []
            for (name, _), reason in zip(items, reasons, strict=False):
                if reason is not None and reason.code == "ConditionalCheckFailed":
                    raise DuplicateError(name) from exc
            raise DuplicateError(taken) from exc
        raise
