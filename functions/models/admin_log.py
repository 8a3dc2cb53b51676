"""The admin log: one row per write request to the back office (never edited, never deleted through
the API). `data` is the request data as JSON text with secrets masked (`functions.services.admin_log`).
Listing: everything through `part-id-index`, one admin's rows through `admin-id-index`.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, now
from functions.models.listing import PART, owner_index, part_index


class AdminLog(BaseModel):
    logical_name = "admin_log"

    class Meta:
        table_name = "admin_log"

    id = NumberAttribute(hash_key=True)
    part = UnicodeAttribute(default=PART)
    admin_id = NumberAttribute(default=0)
    username = UnicodeAttribute(default="")
    url = UnicodeAttribute(default="")
    method = UnicodeAttribute(default="POST")
    title = UnicodeAttribute(default="")
    data = UnicodeAttribute(default="")
    ip = UnicodeAttribute(default="")
    useragent = UnicodeAttribute(default="")
    create_time = NumberAttribute(default=now)

    by_part = part_index()
    by_admin = owner_index("admin-id-index", "admin_id")

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
