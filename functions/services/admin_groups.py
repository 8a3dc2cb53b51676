"""Admin group permissions: who may see, create, change and delete which back-office group
(`/admin/auth/group/…`, served by `functions.routes.admin.auth.group`), and which rules a group may
be given. A super admin may do everything; for everyone else:

- visible: its own groups and their descendants (`visible_group_ids`);
- manageable: the descendants of its own groups, never its own group (`manageable_group_ids`);
- a group may be changed or deleted only when it is manageable and the caller holds every rule of
  it, disabled groups included (`check_group_target`, `covers_groups`);
- a new group's parent must be a group the caller sees (only a super admin creates top-level
  groups) and never the group itself or one of its descendants (`check_parent`);
- rules granted must be rules the caller holds, "*" only by a super admin (`checked_rules`);
- a group with child groups or used by admins cannot be deleted (`delete_groups`);
- a group's data scope (whose rows of the designed tables its admins reach:
  `functions.services.data_scope`) may be no wider than the caller's own (`checked_scope`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from functions.core.responses import ApiError
from functions.models.admin import Admin
from functions.models.base import now
from functions.models.counter import next_id
from functions.models.group import ALL_RULES, SCOPE_ALL, AdminGroup
from functions.models.listing import PART
from functions.services.permissions import AdminContext, descendants, grant_from_groups, scope_width


def own_group_ids(ctx: AdminContext) -> set[int]:
    return {int(g) for g in (ctx.admin.group_ids or [])}


def all_groups() -> list[AdminGroup]:
    return sorted(AdminGroup.by_part.query(PART), key=lambda g: int(g.id))


def manageable_group_ids(ctx: AdminContext, groups: list[AdminGroup] | None = None) -> set[int]:
    """The groups `ctx` may change: all for a super admin, else the descendants of its own groups."""
    groups = all_groups() if groups is None else groups
    if ctx.is_super:
        return {int(g.id) for g in groups}
    found: set[int] = set()
    for gid in own_group_ids(ctx):
        found |= descendants(groups, gid)
    return found - own_group_ids(ctx)


def visible_group_ids(ctx: AdminContext, groups: list[AdminGroup] | None = None) -> set[int]:
    """The groups `ctx` may see: its own and the ones it manages."""
    return own_group_ids(ctx) | manageable_group_ids(ctx, groups)


def covers_groups(ctx: AdminContext, groups: list[AdminGroup]) -> bool:
    """Whether the caller holds every rule of `groups` (disabled groups count: enabling one is an edit)."""
    return ctx.grant.covers(grant_from_groups(groups, ctx.rules, include_disabled=True))


def group_editable(group: AdminGroup, ctx: AdminContext) -> bool:
    """Whether the caller may change `group` (the UI hides the buttons otherwise)."""
    return ctx.is_super or (int(group.id) in manageable_group_ids(ctx) and covers_groups(ctx, [group]))


def check_group_target(group: AdminGroup, ctx: AdminContext) -> None:
    """Refuse a change to `group` unless the caller manages it and holds all its rules."""
    if ctx.is_super:
        return
    if int(group.id) in own_group_ids(ctx) or int(group.id) not in manageable_group_ids(ctx):
        raise ApiError("You cannot edit your own group")
    if not covers_groups(ctx, [group]):
        raise ApiError("You cannot change a group that holds more permissions than you")


def checked_rules(rules: list[int | str], ctx: AdminContext) -> list[Any]:
    """The rule ids a group may be given by the caller (unknown ids dropped); "*" only by a super."""
    if ALL_RULES in rules:
        if not ctx.is_super:
            raise ApiError("You can only grant rules you hold yourself")
        return [ALL_RULES]
    try:
        ids = sorted({int(r) for r in rules})
    except ValueError:
        raise ApiError("Incorrect parameter!") from None
    known = {int(r.id) for r in ctx.rules}
    ids = [i for i in ids if i in known]
    if not ctx.grant.holds_rules(ids):
        raise ApiError("You can only grant rules you hold yourself")
    return ids


def checked_scope(scope: str, ctx: AdminContext) -> str:
    """The data scope a group may be given by the caller: no wider than the caller's own (a super
    admin gives any); a group holding every rule ("*") reaches every row whatever it says."""
    if not ctx.is_super and scope_width(scope) > scope_width(ctx.grant.data_scope):
        raise ApiError("You can only give a data scope as wide as your own")
    return scope


def check_parent(pid: int, ctx: AdminContext, self_id: int | None = None) -> None:
    """Refuse parent `pid` for a new group (or for group `self_id`)."""
    groups = all_groups()
    if pid == 0:
        if not ctx.is_super:
            raise ApiError("You can only assign groups you manage")
        return
    ids = {int(g.id) for g in groups}
    if pid not in ids:
        raise ApiError("The group does not exist")
    if self_id is not None and (pid == self_id or pid in descendants(groups, self_id)):
        raise ApiError("The parent cannot be the row itself or one of its descendants")
    if not ctx.is_super and pid not in visible_group_ids(ctx, groups):
        raise ApiError("You can only assign groups you manage")


@dataclass(frozen=True)
class GroupValues:
    """What the group form saves."""

    pid: int
    name: str
    rules: list[int | str]
    status: str
    remark: str
    data_scope: str | None = None  # None: a new group's default (`_default_scope`), kept by an edit


def _default_scope(ctx: AdminContext) -> str:
    """A new group's data scope when none is given: every row, or the caller's own if narrower."""
    return SCOPE_ALL if ctx.is_super else ctx.grant.data_scope


def create_group(ctx: AdminContext, values: GroupValues) -> AdminGroup:
    check_parent(values.pid, ctx)
    group = AdminGroup(
        next_id("admin_group"),
        pid=values.pid,
        name=values.name.strip(),
        rules=checked_rules(values.rules, ctx),
        status=values.status,
        remark=values.remark,
        data_scope=checked_scope(values.data_scope or _default_scope(ctx), ctx),
    )
    group.save()
    return group


def update_group(group: AdminGroup, ctx: AdminContext, values: GroupValues) -> AdminGroup:
    check_group_target(group, ctx)
    if values.data_scope is not None and values.data_scope != (group.data_scope or SCOPE_ALL):
        group.data_scope = checked_scope(values.data_scope, ctx)
    if values.pid != int(group.pid or 0):
        check_parent(values.pid, ctx, int(group.id))
    group.pid = values.pid
    group.name = values.name.strip()
    group.rules = checked_rules(values.rules, ctx)
    group.status = values.status
    group.remark = values.remark
    group.update_time = now()
    group.save()
    return group


def delete_groups(items: list[AdminGroup], ctx: AdminContext) -> int:
    groups = all_groups()
    doomed = {int(g.id) for g in items}
    for group in items:
        check_group_target(group, ctx)
        if {int(g.id) for g in groups if int(g.pid or 0) == int(group.id)} - doomed:
            raise ApiError("Please delete the child groups first")
    for admin in Admin.by_part.query(PART):
        if doomed & {int(g) for g in admin.group_ids or []}:
            raise ApiError("The group is still used by admins")
    for group in items:
        group.delete()
    return len(items)
