"""Permissions screens: menu rules (auth/rule), admin groups (auth/group), admins (auth/admin),
admin log (auth/adminLog). Generic table routes, see `functions.routes.admin.table`.

Who may manage what (non-super admins; a super admin may do everything):
- rules: sees and changes only the rules it holds; a new rule goes to the groups holding its parent;
- groups: sees its own groups and their descendants; may add/edit/delete only descendants of its
  own groups (never its own group) whose rules it holds itself, and may grant only rules it holds
  itself ("*" only by a super);
- admins: sees itself and the admins of the groups it manages; may change, disable or delete another
  admin only when everything that admin holds (all its groups, disabled ones too) it holds itself
  (`Grant.covers`), so a super admin is changed only by a super admin; may assign only groups it
  manages and holds the rules of; nobody changes or deletes their own account through this table
  (the profile is for that).
- admin log: read-only; a non-super admin sees only its own rows.
"""

from typing import Annotated, Any, Literal

from pydantic import Field
from pynamodb.exceptions import TransactWriteError

from functions.core.i18n import get_lang
from functions.core.responses import ApiError
from functions.core.validators import (
    Account,
    Password,
    Required,
    Schema,
    Text,
    Url,
    check_email,
    check_mobile,
)
from functions.models.admin import USERNAME_SCOPE, Admin
from functions.models.admin_log import AdminLog
from functions.models.base import DuplicateError, is_condition_failure, now, transact_write
from functions.models.counter import next_id
from functions.models.group import ALL_RULES, AdminGroup
from functions.models.listing import PART
from functions.models.rule import AdminRule, sort_key
from functions.models.unique import Unique, unique_key
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table import Table
from functions.services import rules as rules_service
from functions.services.permissions import descendants, grant_from_groups, load_groups, target_grant
from functions.services.sessions import revoke_all

Status = Literal["enable", "disable"]
RuleName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_./:\-]+$")]


# --- menu rules -------------------------------------------------------------------------------------
class RuleFields(Schema):
    """What back-office rules and member rules share; each adds its own `type` and `name`."""

    pid: int = 0
    title: Required
    title_en: str = Field("", max_length=100)
    path: str = Field("", max_length=200)
    icon: str = Field("", max_length=100)
    menu_type: Literal["tab", "link", "iframe"] = "tab"
    url: Url = Field("", max_length=500)
    component: str = Field("", max_length=200)
    keepalive: bool = False
    remark: Text = Field("", max_length=255)
    weigh: int = 0
    status: Status = "enable"


class AdminRuleIn(RuleFields):
    type: Literal["menu_dir", "menu", "button"] = "menu"
    name: RuleName


class AdminRuleEdit(AdminRuleIn):
    id: int


def rule_values(body: Schema) -> dict[str, Any]:
    values = body.model_dump(exclude={"id"})
    values["rule_type"] = values.pop("type")
    return values


class RuleTable(Table):
    path = "auth/rule"
    model = AdminRule
    fields = ("id", "pid", "type", "title", "title_en", "name", "path", "menu_type", "status", "weigh")
    quick_search = ("title", "title_en", "name")
    actions = ("index", "add", "edit", "del", "sortable")
    add_schema = AdminRuleIn
    edit_schema = AdminRuleEdit
    tree = True

    def source(self, ctx: AdminContext) -> list[Any]:
        return [r for r in sorted(ctx.rules, key=sort_key) if self.can_access(r, ctx)]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.id) in ctx.grant.rule_ids

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return {**item.to_row(), "label": item.label(get_lang())}

    def create(self, body: Any, ctx: AdminContext) -> Any:
        if body.pid and not ctx.is_super and body.pid not in ctx.grant.rule_ids:
            raise ApiError("The parent rule does not exist")
        return rules_service.create_rule(self.model, rule_values(body))

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        if body.pid and not ctx.is_super and body.pid not in ctx.grant.rule_ids:
            raise ApiError("The parent rule does not exist")
        return rules_service.update_rule(self.model, item, rule_values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return rules_service.delete_rules(self.model, items)


# --- admin groups -----------------------------------------------------------------------------------
class GroupIn(Schema):
    pid: int = 0
    name: Required
    rules: list[int | str] = Field(default_factory=list)
    status: Status = "enable"
    remark: Text = Field("", max_length=255)


class GroupEdit(GroupIn):
    id: int


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


def covers_groups(ctx: AdminContext, groups: list[AdminGroup]) -> bool:
    """Whether the caller holds every rule of `groups` (disabled groups count: enabling one is an edit)."""
    return ctx.grant.covers(grant_from_groups(groups, ctx.rules, include_disabled=True))


def check_group_target(group: AdminGroup, ctx: AdminContext) -> None:
    """Refuse a change to `group` unless the caller manages it and holds all its rules."""
    if ctx.is_super:
        return
    if int(group.id) in own_group_ids(ctx) or int(group.id) not in manageable_group_ids(ctx):
        raise ApiError("You cannot edit your own group")
    if not covers_groups(ctx, [group]):
        raise ApiError("You cannot change a group that holds more permissions than you")


def checked_rules(rules: list[int | str], ctx: AdminContext) -> list[Any]:
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


class GroupTable(Table):
    path = "auth/group"
    model = AdminGroup
    fields = ("id", "pid", "name", "status", "create_time", "update_time")
    quick_search = ("name",)
    add_schema = GroupIn
    edit_schema = GroupEdit
    tree = True

    def source(self, ctx: AdminContext) -> list[Any]:
        groups = all_groups()
        if ctx.is_super:
            return groups
        visible = own_group_ids(ctx) | manageable_group_ids(ctx, groups)
        return [g for g in groups if int(g.id) in visible]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        if ctx.is_super:
            return True
        return int(item.id) in own_group_ids(ctx) | manageable_group_ids(ctx)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row = item.to_row()
        row["super"] = item.is_all
        row["editable"] = ctx.is_super or (
            int(item.id) in manageable_group_ids(ctx) and covers_groups(ctx, [item])
        )
        return row

    def _check_pid(self, pid: int, ctx: AdminContext, self_id: int | None = None) -> None:
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
        if not ctx.is_super and pid not in own_group_ids(ctx) | manageable_group_ids(ctx, groups):
            raise ApiError("You can only assign groups you manage")

    def create(self, body: Any, ctx: AdminContext) -> Any:
        self._check_pid(body.pid, ctx)
        group = AdminGroup(
            next_id("admin_group"),
            pid=body.pid,
            name=body.name.strip(),
            rules=checked_rules(body.rules, ctx),
            status=body.status,
            remark=body.remark,
        )
        group.save()
        return group

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        check_group_target(item, ctx)
        if body.pid != int(item.pid or 0):
            self._check_pid(body.pid, ctx, int(item.id))
        item.pid = body.pid
        item.name = body.name.strip()
        item.rules = checked_rules(body.rules, ctx)
        item.status = body.status
        item.remark = body.remark
        item.update_time = now()
        item.save()
        return item

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
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


# --- admins -----------------------------------------------------------------------------------------
class AdminIn(Schema):
    username: Account
    nickname: Required
    password: Password
    group_arr: list[int] = Field(min_length=1)
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
    avatar: Url = Field("", max_length=500)
    motto: Text = Field("", max_length=255)
    status: Status = "enable"


class AdminEdit(Schema):
    id: int
    username: Account
    nickname: Required
    password: str = ""
    group_arr: list[int] = Field(min_length=1)
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
    avatar: Url = Field("", max_length=500)
    motto: Text = Field("", max_length=255)
    status: Status = "enable"


def check_contact(email: str, mobile: str) -> None:
    for value, check in ((email, check_email), (mobile, check_mobile)):
        if value:
            key = check(value)
            if key:
                raise ApiError(key)


def check_password_value(password: str) -> None:
    from functions.core.validators import check_password

    key = check_password(password)
    if key:
        raise ApiError(key)


class AdminTable(Table):
    path = "auth/admin"
    model = Admin
    fields = (
        "id",
        "username",
        "nickname",
        "email",
        "mobile",
        "status",
        "group_arr",
        "last_login_time",
        "create_time",
    )
    quick_search = ("username", "nickname", "email", "mobile")
    add_schema = AdminIn
    edit_schema = AdminEdit

    def source(self, ctx: AdminContext) -> list[Any]:
        admins = list(Admin.by_part.query(PART, scan_index_forward=False))
        if ctx.is_super:
            return admins
        manageable = manageable_group_ids(ctx)
        return [a for a in admins if a.id == ctx.id or manageable & {int(g) for g in a.group_ids or []}]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        if ctx.is_super or item.id == ctx.id:
            return True
        return bool(manageable_group_ids(ctx) & {int(g) for g in item.group_ids or []})

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        groups = getattr(self, "_groups", None)
        if groups is None:
            groups = {int(g.id): g for g in all_groups()}
        held = [groups[int(g)] for g in item.group_ids or [] if int(g) in groups]
        held_grant = grant_from_groups(held, ctx.rules, include_disabled=True)
        return {
            "id": item.id,
            "username": item.username,
            "nickname": item.nickname,
            "avatar": item.avatar,
            "email": item.email,
            "mobile": item.mobile,
            "motto": item.motto,
            "group_arr": [int(g) for g in item.group_ids or []],
            "group_name_arr": [
                groups[int(g)].name if int(g) in groups else str(g) for g in item.group_ids or []
            ],
            "status": item.status,
            "super": bool(item.is_super),
            "last_login_time": item.last_login_time,
            "last_login_ip": item.last_login_ip,
            "create_time": item.create_time,
            "update_time": item.update_time,
            # Whether the caller may change or delete this admin (the UI hides the buttons otherwise).
            "editable": item.id != ctx.id
            and (ctx.is_super or (not item.is_super and ctx.grant.covers(held_grant))),
        }

    def list_rows(self, request: Any, ctx: AdminContext) -> dict[str, Any]:
        self._groups = {int(g.id): g for g in all_groups()}
        try:
            return super().list_rows(request, ctx)
        finally:
            self._groups = None

    def _check_groups(self, group_arr: list[int], ctx: AdminContext, current: list[int] | None) -> list[int]:
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

    def check_target(self, item: Any, ctx: AdminContext) -> None:
        """Refuse a change to another admin holding anything the caller does not (a super admin holds
        everything), and any change to the caller's own account through this table."""
        if item.id == ctx.id:
            raise ApiError("You cannot change your own account here, please use your profile")
        if not ctx.grant.covers(target_grant(item, ctx.rules)):
            if target_grant(item, ctx.rules).is_super:
                raise ApiError("You cannot change a super administrator")
            raise ApiError("You cannot change an administrator who holds more permissions than you")

    def create(self, body: Any, ctx: AdminContext) -> Any:
        check_contact(body.email, body.mobile)
        groups = self._check_groups(body.group_arr, ctx, None)
        try:
            admin = Admin.create(
                body.username,
                body.password,
                nickname=body.nickname.strip(),
                group_ids=groups,
                email=body.email,
                mobile=body.mobile,
            )
        except DuplicateError:
            raise ApiError("The username already exists") from None
        admin.update(
            actions=[
                Admin.avatar.set(body.avatar),
                Admin.motto.set(body.motto),
                Admin.status.set(body.status),
            ]
        )
        return admin

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        self.check_target(item, ctx)
        check_contact(body.email, body.mobile)
        if body.password:
            check_password_value(body.password)
        groups = self._check_groups(body.group_arr, ctx, list(item.group_ids or []))
        old_username = item.username
        item.username = body.username
        item.nickname = body.nickname.strip()
        item.group_ids = groups
        item.email = body.email
        item.mobile = body.mobile
        item.avatar = body.avatar
        item.motto = body.motto
        disabled_now = item.status == "enable" and body.status != "enable"
        item.status = body.status
        if body.password:
            item.set_password(body.password)
        item.update_time = now()
        if unique_key(USERNAME_SCOPE, old_username) != unique_key(USERNAME_SCOPE, item.username):
            try:
                with transact_write() as tx:
                    tx.save(
                        Unique(unique_key(USERNAME_SCOPE, item.username), owner=str(item.id)),
                        condition=Unique.key.does_not_exist(),
                    )
                    tx.delete(Unique(unique_key(USERNAME_SCOPE, old_username)))
                    tx.save(item)
            except TransactWriteError as exc:
                if is_condition_failure(exc):
                    raise ApiError("The username already exists") from exc
                raise
        else:
            item.save()
        if disabled_now or body.password:
            revoke_all("admin", item.id, reason="disabled" if disabled_now else "password-changed")
        return item

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        for item in items:
            if item.id == ctx.id:
                raise ApiError("You cannot delete yourself")
            self.check_target(item, ctx)
        for item in items:
            with transact_write() as tx:
                tx.delete(item)
                tx.delete(Unique(unique_key(USERNAME_SCOPE, item.username)))
            revoke_all("admin", item.id, reason="deleted")
        return len(items)


# --- admin log --------------------------------------------------------------------------------------
class AdminLogTable(Table):
    path = "auth/adminLog"
    model = AdminLog
    fields = ("id", "admin_id", "username", "url", "method", "title", "ip", "create_time")
    quick_search = ("title", "username", "url", "ip")
    actions = ("index",)

    def source(self, ctx: AdminContext) -> list[Any]:
        if ctx.is_super:
            return list(AdminLog.by_part.query(PART, scan_index_forward=False))
        return list(AdminLog.by_admin.query(ctx.id, scan_index_forward=False))

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.admin_id) == ctx.id


ROUTERS = [RuleTable().router(), GroupTable().router(), AdminTable().router(), AdminLogTable().router()]
