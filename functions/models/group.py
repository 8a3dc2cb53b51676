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

# An admin group's data scope: which rows of the designed tables its admins reach
# (`functions.services.data_scope`). Widest first; groups saved before the setting existed read "all".
SCOPE_ALL = "all"  # every row
SCOPE_GROUP = "group"  # rows created by the admins of the group
SCOPE_OWN = "own"  # rows the admin created
DATA_SCOPES = (SCOPE_ALL, SCOPE_GROUP, SCOPE_OWN)


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
    data_scope = UnicodeAttribute(default=SCOPE_ALL)

    def to_row(self) -> dict[str, Any]:
        return {**super().to_row(), "pid": self.pid, "data_scope": self.data_scope or SCOPE_ALL}


class UserGroup(_GroupBase):
    logical_name = "user_group"
