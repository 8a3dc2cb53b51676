"""Member groups (`/admin/user/group/…`, served by `functions.routes.admin.user.group`): the member
rules a group grants ("*" = all; unknown rule ids are dropped) and the rule that a group still used
by a member cannot be deleted."""

from __future__ import annotations

from typing import Any

from functions.core.responses import ApiError
from functions.models.base import now
from functions.models.counter import next_id
from functions.models.group import ALL_RULES, UserGroup
from functions.models.listing import PART
from functions.models.rule import UserRule
from functions.models.user import User


def member_rule_ids(rules: list[int | str]) -> list[Any]:
    if ALL_RULES in rules:
        return [ALL_RULES]
    try:
        wanted = {int(r) for r in rules}
    except ValueError:
        raise ApiError("Incorrect parameter!") from None
    known = {int(r.id) for r in UserRule.by_part.query(PART)}
    return sorted(wanted & known)


def group_names() -> dict[int, str]:
    return {int(g.id): g.name for g in UserGroup.by_part.query(PART)}


def create_group(*, name: str, rules: list[int | str], status: str, remark: str) -> UserGroup:
    group = UserGroup(
        next_id("user_group"), name=name.strip(), rules=member_rule_ids(rules), status=status, remark=remark
    )
    group.save()
    return group


def update_group(
    group: UserGroup, *, name: str, rules: list[int | str], status: str, remark: str
) -> UserGroup:
    group.name = name.strip()
    group.rules = member_rule_ids(rules)
    group.status = status
    group.remark = remark
    group.update_time = now()
    group.save()
    return group


def delete_groups(items: list[UserGroup]) -> int:
    doomed = {int(g.id) for g in items}
    for group_id in doomed:  # one key read per group, whatever the number of members
        if next(iter(User.by_group.query(group_id, limit=1)), None) is not None:
            raise ApiError("The group is still used by members")
    for item in items:
        item.delete()
    return len(items)
