"""Uniqueness guards: one item per unique value (e.g. `admin.username#alice`), written in the same
transaction as the record that owns it with the condition that it does not exist yet.

DynamoDB has no unique constraints and a GSI is only eventually consistent; a guard item is both
strongly consistent and a key lookup (username → id) for login.
"""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, now


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
    try:
        return Unique.get(unique_key(scope, value), consistent_read=True).owner
    except Unique.DoesNotExist:
        return None
