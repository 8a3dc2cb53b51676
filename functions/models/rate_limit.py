"""Per-IP request counters of the fixed-window rate limiter (`functions.services.rate_limit`).

One item per action, caller and window, keyed `<action>#<ip>#<window start>` (unix seconds);
`count` is raised by an atomic ADD, and the TTL attribute `expires_at` (the window's end) lets
DynamoDB drop old windows. Code never reads an item of a past window, so lagging TTL deletion is
harmless.
"""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, TTLAttribute, UnicodeAttribute

from functions.models.base import BaseModel


class RateCounter(BaseModel):
    logical_name = "rate_counter"

    key = UnicodeAttribute(hash_key=True)
    # Shadows the `Model.count` classmethod (never used on this model); kept: stored rows and tests use it.
    count = NumberAttribute(default=0)  # type: ignore[assignment]
    expires_at = TTLAttribute(null=True)
