"""Permission groups: `AdminGroup` (a tree; an admin belongs to several) and `UserGroup` (flat; a
member belongs to one). `rules` is either `["*"]` (every rule, i.e. super) or a list of rule ids.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Timestamped
from functions.models.listing import ConstantPart
from functions.models.stamp import Stamped

STATUS_ENABLED = "enable"
STATUS_DISABLED = "disable"
ALL_RULES = "*"


class _GroupBase(Stamped, ConstantPart, Timestamped, BaseModel):
    # What a group grants is kept in memory by the request paths (`permissions.grant_kept`),
    # checked against this table's stamp, read with the caller's session (`sessions.authenticate_account`).

    id = NumberAttribute(hash_key=True)
    name = UnicodeAttribute()
    rules = JSONAttribute(default=list)
    status = UnicodeAttribute(default=STATUS_ENABLED)
    remark = UnicodeAttribute(default="")

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
            **self.pick("id", "name"),
            "rules": list(self.rules or []),
            **self.pick("status", "remark", "create_time", "update_time"),
        }


class AdminGroup(_GroupBase):
    logical_name = "admin_group"

    pid = NumberAttribute(default=0)

    def to_row(self) -> dict[str, Any]:
        return {**super().to_row(), "pid": self.pid}


class UserGroup(_GroupBase):
    logical_name = "user_group"
