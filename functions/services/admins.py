"""Back-office accounts (`/admin/auth/admin/…`, served by `functions.routes.admin.auth.admin`): who
may see and change which admin. A super admin may do everything; for everyone else:

- visible: itself and the admins of the groups it manages (`functions.services.admin_groups`);
- an admin may be changed, disabled or deleted only when everything it holds (all its groups,
  disabled ones too) the caller holds itself (`Grant.covers`), so a super admin is changed only by
  a super admin (`check_target`);
- groups assigned must exist, be managed by the caller and hold only rules the caller holds
  (`checked_groups`; an unchanged list is always allowed);
- nobody changes or deletes their own account through the table (the profile,
  `functions.routes.admin.routine.admin_info`, is for that).

A renamed admin moves its username guard in the same transaction; disabling, a new password or
deleting ends its sessions.
"""

from __future__ import annotations

from typing import Any

from functions.core.responses import ApiError
from functions.models.admin import USERNAME_SCOPE, Admin
from functions.models.base import DuplicateError, now
from functions.models.group import AdminGroup
from functions.models.listing import PART
from functions.services import accounts
from functions.services.admin_groups import covers_groups, manageable_group_ids
from functions.services.permissions import AdminContext, grant_from_groups, load_groups, target_grant
from functions.services.sessions import revoke_all

DUPLICATE = "The username already exists"


def visible_admins(ctx: AdminContext) -> list[Admin]:
    admins = list(Admin.by_part.query(PART, scan_index_forward=False))
    if ctx.is_super:
        return admins
    manageable = manageable_group_ids(ctx)
    return [a for a in admins if a.id == ctx.id or manageable & {int(g) for g in a.group_ids or []}]


def can_see(admin: Admin, ctx: AdminContext) -> bool:
    if ctx.is_super or admin.id == ctx.id:
        return True
    return bool(manageable_group_ids(ctx) & {int(g) for g in admin.group_ids or []})


def editable(admin: Admin, ctx: AdminContext, groups: dict[int, AdminGroup]) -> bool:
    """Whether the caller may change or delete `admin` (the UI hides the buttons otherwise)."""
    held = [groups[int(g)] for g in admin.group_ids or [] if int(g) in groups]
    held_grant = grant_from_groups(held, ctx.rules, include_disabled=True)
    return admin.id != ctx.id and (ctx.is_super or (not admin.is_super and ctx.grant.covers(held_grant)))


def check_target(admin: Admin, ctx: AdminContext) -> None:
    """Refuse a change to another admin holding anything the caller does not (a super admin holds
    everything), and any change to the caller's own account through this table."""
    if admin.id == ctx.id:
        raise ApiError("You cannot change your own account here, please use your profile")
    if not ctx.grant.covers(target_grant(admin, ctx.rules)):
        if target_grant(admin, ctx.rules).is_super:
            raise ApiError("You cannot change a super administrator")
        raise ApiError("You cannot change an administrator who holds more permissions than you")


def checked_groups(group_arr: list[int], ctx: AdminContext, current: list[int] | None) -> list[int]:
    """The group ids the caller may give an admin (`current`: the admin's groups today)."""
    wanted = sorted({int(g) for g in group_arr})
    if current is not None and sorted({int(g) for g in current}) == wanted:
        return wanted  # unchanged: always allowed
    existing = {int(g.id) for g in load_groups(AdminGroup, wanted)}
    if set(wanted) - existing:
        raise ApiError("The group does not exist")
    if not ctx.is_super and not set(wanted) <= manageable_group_ids(ctx):
        raise ApiError("You can only assign groups you manage")
    if not covers_groups(ctx, load_groups(AdminGroup, wanted)):
        raise ApiError("You can only grant rules you hold yourself")
    return wanted


def create_admin(ctx: AdminContext, values: dict[str, Any]) -> Admin:
    """`values`: username, password, nickname, group_arr, email, mobile, avatar, motto, status."""
    accounts.require_contact(values["email"], values["mobile"])
    groups = checked_groups(values["group_arr"], ctx, None)
    try:
        admin = Admin.create(
            values["username"],
            values["password"],
            nickname=values["nickname"].strip(),
            group_ids=groups,
            email=values["email"],
            mobile=values["mobile"],
            avatar=values["avatar"],
            motto=values["motto"],
            status=values["status"],
        )
    except DuplicateError:
        raise ApiError(DUPLICATE) from None
    return admin


def update_admin(admin: Admin, ctx: AdminContext, values: dict[str, Any]) -> Admin:
    """Save another admin (`values` as for `create_admin`; an empty password keeps the old one)."""
    check_target(admin, ctx)
    accounts.require_contact(values["email"], values["mobile"])
    password = values.get("password") or ""
    if password:
        accounts.require_password(password)
    groups = checked_groups(values["group_arr"], ctx, list(admin.group_ids or []))
    old_username = admin.username
    admin.username = values["username"]
    admin.nickname = values["nickname"].strip()
    admin.group_ids = groups
    admin.email = values["email"]
    admin.mobile = values["mobile"]
    admin.avatar = values["avatar"]
    admin.motto = values["motto"]
    disabled_now = admin.status == "enable" and values["status"] != "enable"
    admin.status = values["status"]
    if password:
        admin.set_password(password)
    admin.update_time = now()
    accounts.save_with_unique_changes(admin, [(USERNAME_SCOPE, old_username, admin.username)], DUPLICATE)
    if disabled_now or password:
        revoke_all("admin", int(admin.id), reason="disabled" if disabled_now else "password-changed")
    return admin


def edit_own_profile(admin: Admin, values: dict[str, Any], old_password: str, keep_sid: str) -> Admin:
    """An admin saves its own profile (`functions.routes.admin.routine.admin_info`): nickname, avatar,
    motto, e-mail, mobile and, when `values["password"]` is set, a new password (the rules of
    `accounts.change_password`: refused before anything is written; the other sessions end)."""
    accounts.require_contact(values["email"], values["mobile"])
    if values.get("password"):
        accounts.change_password("admin", admin, old_password, values["password"], keep_sid)
    admin.nickname = values["nickname"].strip()
    admin.avatar = values["avatar"]
    admin.motto = values["motto"]
    admin.email = values["email"]
    admin.mobile = values["mobile"]
    admin.save()
    return admin


def delete_admins(items: list[Admin], ctx: AdminContext) -> int:
    for item in items:
        if item.id == ctx.id:
            raise ApiError("You cannot delete yourself")
        check_target(item, ctx)
    deleted = 0
    for item in items:
        if accounts.delete_with_unique(item, [(USERNAME_SCOPE, item.username)]):
            deleted += 1
        revoke_all("admin", int(item.id), reason="deleted")
    return deleted
