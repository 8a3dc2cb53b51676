"""Uniqueness guards: one item per unique value (e.g. `admin.username#alice`), written in the same
transaction as the record that owns it with the condition that it does not exist yet.

DynamoDB has no unique constraints and a GSI is only eventually consistent; a guard item is both
strongly consistent and a key lookup (username → id) for login.
"""

from __future__ import annotations

from typing import TypeVar

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist

from functions.models.base import BaseModel, now

Row = TypeVar("Row", bound=BaseModel)


class Unique(BaseModel):
    logical_name = "unique"

    class Meta:
        table_name = "unique"

    key = UnicodeAttribute(hash_key=True)
    owner = UnicodeAttribute()
    create_time = NumberAttribute(default=now)


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
