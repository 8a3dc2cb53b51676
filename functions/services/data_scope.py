"""Data scope (BuildAdmin's data limit): which rows of the designed tables an admin reaches.

An admin group says whose rows its admins reach (`AdminGroup.data_scope`): every row ("all", the
default), the rows created by the admins of the group ("group"), or only the rows the admin created
("own"). A row's creator is its `admin_id` (`records.create_row`). An admin in several groups reaches
what the widest of them allows (`permissions.admin_data_scope`, kept with its grant); a super admin
is never limited.

The designed tables (`functions.routes.admin.designed.DesignTable`) enforce it on every request that
lists or touches rows: the list (a test on each row read, inside the listing's bounded window), the
rows of one read, edit, delete, sort and a relation's picker; a row outside the scope answers exactly
like a row that does not exist.
"""

from __future__ import annotations

from typing import Any

from functions.models.admin import Admin
from functions.models.group import SCOPE_GROUP, SCOPE_OWN
from functions.models.listing import PART
from functions.services.permissions import AdminContext


def admins_of_groups(group_ids: frozenset[int]) -> set[int]:
    """The admins belonging to any of `group_ids` (one Query of the admin table: a few rows)."""
    return {
        int(admin.id)
        for admin in Admin.by_part.query(PART)
        if group_ids & {int(g) for g in admin.group_ids or []}
    }


def creators(ctx: AdminContext) -> frozenset[int] | None:
    """The admins whose rows `ctx` reaches, or None: every row (a super admin, a scope "all")."""
    grant = ctx.grant
    if grant.is_super or grant.data_scope not in (SCOPE_OWN, SCOPE_GROUP):
        return None
    if grant.data_scope == SCOPE_OWN:
        return frozenset({ctx.id})
    return frozenset(admins_of_groups(grant.scope_groups) | {ctx.id})


def reaches(allowed: frozenset[int] | None, item: Any) -> bool:
    """Whether a row (with `admin_id`, its creator) is within the scope `allowed` (`creators`)."""
    return allowed is None or int(item.admin_id or 0) in allowed
