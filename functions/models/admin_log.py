"""The admin log: one row per write request to the back office (never edited, never deleted through
the API). `data` is the request data as JSON text with secrets masked (`functions.services.admin_log`).

A time-series table (`functions.models.listing.MonthBucketed`): `part` is the UTC month, so the list
is one Query of `part-id-index` per month, newest first; one admin's rows come from `admin-id-index`.
Rows are kept `admin_log_retention_months` (setting, default 24; 0 keeps them for ever): older months
are no longer listed, and the TTL attribute `expire_at` lets DynamoDB delete their rows.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import NumberAttribute, TTLAttribute, UnicodeAttribute

from functions.core.settings import get_settings
from functions.models.base import BaseModel, now
from functions.models.listing import MonthBucketed, owner_index, part_index


class AdminLog(MonthBucketed, BaseModel):
    logical_name = "admin_log"

    class Meta:
        table_name = "admin_log"

    id = NumberAttribute(hash_key=True)
    part = UnicodeAttribute()
    admin_id = NumberAttribute(default=0)
    username = UnicodeAttribute(default="")
    url = UnicodeAttribute(default="")
    method = UnicodeAttribute(default="POST")
    title = UnicodeAttribute(default="")
    data = UnicodeAttribute(default="")
    ip = UnicodeAttribute(default="")
    useragent = UnicodeAttribute(default="")
    create_time = NumberAttribute(default=now)
    expire_at = TTLAttribute(null=True)

    by_part = part_index()
    by_admin = owner_index("admin-id-index", "admin_id")

    @classmethod
    def retention_months(cls) -> int:
        return max(0, get_settings().admin_log_retention_months)

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "admin_id": self.admin_id,
            "username": self.username,
            "url": self.url,
            "method": self.method,
            "title": self.title,
            "data": self.data,
            "ip": self.ip,
            "useragent": self.useragent,
            "create_time": self.create_time,
        }
