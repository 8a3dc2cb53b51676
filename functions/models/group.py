"""Permission groups: `AdminGroup` (a tree; an admin belongs to several) and `UserGroup` (flat; a
member belongs to one). `rules` is either `["*"]` (every rule, i.e. super) or a list of rule ids.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, now
from functions.models.listing import PART, part_index

STATUS_ENABLED = "enable"
STATUS_DISABLED = "disable"
ALL_RULES = "*"


class _GroupBase(BaseModel):
    id = NumberAttribute(hash_key=True)
    part = UnicodeAttribute(default=PART)
    name = UnicodeAttribute()
    rules = JSONAttribute(default=list)
    status = UnicodeAttribute(default=STATUS_ENABLED)
    remark = UnicodeAttribute(default="")
    create_time = NumberAttribute(default=now)
    update_time = NumberAttribute(default=now)

    @property
    def enabled(self) -> bool:
        return self.status == STATUS_ENABLED

    @property
    def is_all(self) -> bool:
        return ALL_RULES in (self.rules or [])

    def rule_ids(self) -> set[int]:
        return {int(r) for r in (self.rules or []) if r != ALL_RULES}

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "rules": list(self.rules or []),
            "status": self.status,
            "remark": self.remark,
            "create_time": self.create_time,
            "update_time": self.update_time,
        }


class AdminGroup(_GroupBase):
    logical_name = "admin_group"

    class Meta:
        table_name = "admin_group"

    by_part = part_index()
    pid = NumberAttribute(default=0)

    def to_row(self) -> dict[str, Any]:
        return {**super().to_row(), "pid": self.pid}


class UserGroup(_GroupBase):
    logical_name = "user_group"

    class Meta:
        table_name = "user_group"

    by_part = part_index()
