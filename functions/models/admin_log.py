"""The admin log: one row per write request to the back office (never edited, never deleted through
the API). `data` is the request data as JSON text with secrets masked (`functions.services.admin_log`).

A time-series table (`functions.models.listing.MonthBucketed`): `part` is the UTC month, so the list
is one Query of `part-id-index` per month, newest first; one admin's rows come from `admin-id-index`.
Rows are kept `admin_log_retention_months` (setting, default 24; 0 keeps them for ever): older months
are no longer listed, and the TTL attribute `expire_at` lets DynamoDB delete their rows.

`AdminActionLog` holds what every log of admins' actions has (this one and the data-safety logs of
`functions.models.security`): who, from where, its month partition and the two indexes.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import NumberAttribute, TTLAttribute, UnicodeAttribute

from functions.core.settings import get_settings
from functions.models.base import BaseModel
from functions.models.listing import MonthBucketed, owner_index, part_index


class AdminActionLog(MonthBucketed):
    """A time-series log of admins' actions (mixed into a model before `BaseModel`): one row per action,
    `id` from the log's sequence, `part` its month; the admin (`admin_id`, `username`) and the request's
    `ip` and `useragent`. Listed newest first (`by_part`) and one admin's rows (`by_admin`)."""

    id = NumberAttribute(hash_key=True)
    part = UnicodeAttribute()
    admin_id = NumberAttribute(default=0)
    username = UnicodeAttribute(default="")
    ip = UnicodeAttribute(default="")
    useragent = UnicodeAttribute(default="")

    by_part = part_index()
    by_admin = owner_index("admin-id-index", "admin_id")


class AdminLog(AdminActionLog, BaseModel):
    logical_name = "admin_log"

    url = UnicodeAttribute(default="")
    method = UnicodeAttribute(default="POST")
    title = UnicodeAttribute(default="")
    data = UnicodeAttribute(default="")
    expire_at = TTLAttribute(null=True)

    @classmethod
    def retention_months(cls) -> int:
        return max(0, get_settings().admin_log_retention_months)

    def to_row(self) -> dict[str, Any]:
        return self.pick(
            "id", "admin_id", "username", "url", "method", "title", "data", "ip", "useragent", "create_time"
        )
