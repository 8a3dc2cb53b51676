"""Members admin: members (user/user), member groups (user/group), member rules (user/rule), balance
log (user/moneyLog) and points log (user/scoreLog).

- Balances are integer cents in storage; the API shows and takes yuan as a decimal string ("12.50").
- Adjusting a balance or points (`POST /admin/user/moneyLog/add`, `…/scoreLog/add`, permissions
  `user/moneyLog/add`, `user/scoreLog/add`) goes through `functions.services.wallet`, which writes the
  member and the log row in one transaction; logs are never edited or deleted.
- Changing a member's username, e-mail or mobile moves its uniqueness guard in one transaction;
  disabling a member, changing its password or deleting it revokes its sessions.
"""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from pydantic import Field
from pynamodb.exceptions import TransactWriteError

from functions.core.i18n import get_lang
from functions.core.responses import ApiError, success
from functions.core.validators import Account, Password, Required, Schema, Text, Url
from functions.models.account_log import MoneyLog, ScoreLog
from functions.models.base import DuplicateError, is_condition_failure, now, transact_write
from functions.models.counter import next_id
from functions.models.group import ALL_RULES, UserGroup
from functions.models.listing import PART
from functions.models.rule import UserRule, sort_key
from functions.models.unique import Unique, unique_key
from functions.models.user import SCOPES, User, cents_to_yuan
from functions.routes.admin.auth import RuleFields, check_contact, check_password_value, rule_values
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table import Table
from functions.services import rules as rules_service
from functions.services import wallet
from functions.services.sessions import revoke_all

Status = Literal["enable", "disable"]


def yuan_to_cents(value: str | int | float) -> int:
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise ApiError("Floating point number") from None
    if not amount.is_finite() or abs(amount) > Decimal("100000000"):
        raise ApiError("Floating point number")
    return int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def group_names() -> dict[int, str]:
    return {int(g.id): g.name for g in UserGroup.by_part.query(PART)}


# --- members ----------------------------------------------------------------------------------------
class MemberIn(Schema):
    username: Account
    nickname: Required
    password: Password
    group_id: int = 1
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
    avatar: Url = Field("", max_length=500)
    gender: Literal[0, 1, 2] = 0
    birthday: str = Field("", max_length=10)
    motto: Text = Field("", max_length=255)
    status: Status = "enable"


class MemberEdit(Schema):
    id: int
    username: Account
    nickname: Required
    password: str = ""
    group_id: int = 1
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
    avatar: Url = Field("", max_length=500)
    gender: Literal[0, 1, 2] = 0
    birthday: str = Field("", max_length=10)
    motto: Text = Field("", max_length=255)
    status: Status = "enable"


def check_group(group_id: int) -> None:
    try:
        UserGroup.get(group_id)
    except UserGroup.DoesNotExist:
        raise ApiError("The group does not exist") from None


class MemberTable(Table):
    path = "user/user"
    model = User
    fields = (
        "id",
        "username",
        "nickname",
        "email",
        "mobile",
        "group_id",
        "gender",
        "status",
        "money",
        "score",
        "join_time",
        "last_login_time",
    )
    quick_search = ("id", "username", "nickname", "email", "mobile")
    add_schema = MemberIn
    edit_schema = MemberEdit
    _names: dict[int, str] | None = None

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        names = self._names if self._names is not None else group_names()
        return {
            "id": item.id,
            "username": item.username,
            "nickname": item.nickname,
            "email": item.email,
            "mobile": item.mobile,
            "avatar": item.avatar,
            "gender": int(item.gender or 0),
            "birthday": item.birthday or "",
            "group_id": int(item.group_id or 0),
            "group_name": names.get(int(item.group_id or 0), ""),
            "money": cents_to_yuan(int(item.money or 0)),
            "score": int(item.score or 0),
            "motto": item.motto,
            "status": item.status,
            "join_time": item.join_time,
            "join_ip": item.join_ip,
            "last_login_time": item.last_login_time,
            "last_login_ip": item.last_login_ip,
            "create_time": item.create_time,
            "update_time": item.update_time,
        }

    def list_rows(self, request: Any, ctx: AdminContext) -> dict[str, Any]:
        self._names = group_names()
        try:
            return super().list_rows(request, ctx)
        finally:
            self._names = None

    def create(self, body: Any, ctx: AdminContext) -> Any:
        check_contact(body.email, body.mobile)
        check_group(body.group_id)
        try:
            user = User.create(
                body.username,
                body.password,
                email=body.email,
                mobile=body.mobile,
                nickname=body.nickname.strip(),
                group_id=body.group_id,
                status=body.status,
            )
        except DuplicateError as exc:
            raise ApiError("The same data already exists in the system!") from exc
        user.update(
            actions=[
                User.avatar.set(body.avatar),
                User.gender.set(body.gender),
                User.birthday.set(body.birthday),
                User.motto.set(body.motto),
            ]
        )
        return user

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        check_contact(body.email, body.mobile)
        if body.password:
            check_password_value(body.password)
        if body.group_id != int(item.group_id or 0):
            check_group(body.group_id)
        changes = [
            (field, getattr(item, field), getattr(body, field))
            for field in ("username", "email", "mobile")
            if unique_key(SCOPES[field], getattr(item, field) or "")
            != unique_key(SCOPES[field], getattr(body, field) or "")
        ]
        disabled_now = item.enabled and body.status != "enable"
        item.username = body.username
        item.nickname = body.nickname.strip()
        item.email = body.email
        item.mobile = body.mobile
        item.group_id = body.group_id
        item.avatar = body.avatar
        item.gender = body.gender
        item.birthday = body.birthday
        item.motto = body.motto
        item.status = body.status
        if body.password:
            item.set_password(body.password)
        item.update_time = now()
        if changes:
            try:
                with transact_write() as tx:
                    for field, old, new in changes:
                        if new:
                            tx.save(
                                Unique(unique_key(SCOPES[field], new), owner=str(item.id)),
                                condition=Unique.key.does_not_exist(),
                            )
                        if old:
                            tx.delete(Unique(unique_key(SCOPES[field], old)))
                    tx.save(item)
            except TransactWriteError as exc:
                if is_condition_failure(exc):
                    raise ApiError("The same data already exists in the system!") from exc
                raise
        else:
            item.save()
        if disabled_now or body.password:
            revoke_all("user", item.id, reason="disabled" if disabled_now else "password-changed")
        return item

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        for item in items:
            with transact_write() as tx:
                tx.delete(item)
                for field in ("username", "email", "mobile"):
                    value = getattr(item, field)
                    if value:
                        tx.delete(Unique(unique_key(SCOPES[field], value)))
            revoke_all("user", item.id, reason="deleted")
        return len(items)


# --- member groups ----------------------------------------------------------------------------------
class MemberGroupIn(Schema):
    name: Required
    rules: list[int | str] = Field(default_factory=list)
    status: Status = "enable"
    remark: Text = Field("", max_length=255)


class MemberGroupEdit(MemberGroupIn):
    id: int


def member_rule_ids(rules: list[int | str]) -> list[Any]:
    if ALL_RULES in rules:
        return [ALL_RULES]
    try:
        wanted = {int(r) for r in rules}
    except ValueError:
        raise ApiError("Incorrect parameter!") from None
    known = {int(r.id) for r in UserRule.by_part.query(PART)}
    return sorted(wanted & known)


class MemberGroupTable(Table):
    path = "user/group"
    model = UserGroup
    fields = ("id", "name", "status", "create_time", "update_time")
    quick_search = ("name",)
    add_schema = MemberGroupIn
    edit_schema = MemberGroupEdit

    def create(self, body: Any, ctx: AdminContext) -> Any:
        group = UserGroup(
            next_id("user_group"),
            name=body.name.strip(),
            rules=member_rule_ids(body.rules),
            status=body.status,
            remark=body.remark,
        )
        group.save()
        return group

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        item.name = body.name.strip()
        item.rules = member_rule_ids(body.rules)
        item.status = body.status
        item.remark = body.remark
        item.update_time = now()
        item.save()
        return item

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        doomed = {int(g.id) for g in items}
        for user in User.by_part.query(PART):
            if int(user.group_id or 0) in doomed:
                raise ApiError("The group is still used by members")
        for item in items:
            item.delete()
        return len(items)


# --- member rules -----------------------------------------------------------------------------------
class MemberRuleIn(RuleFields):
    type: Literal["route", "menu_dir", "menu", "nav_user_menu", "nav", "button"] = "menu"
    name: Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_./:\-]+$")]
    no_login_valid: bool = False


class MemberRuleEdit(MemberRuleIn):
    id: int


class MemberRuleTable(Table):
    path = "user/rule"
    model = UserRule
    fields = ("id", "pid", "type", "title", "title_en", "name", "path", "menu_type", "status", "weigh")
    quick_search = ("title", "title_en", "name")
    actions = ("index", "add", "edit", "del", "sortable")
    add_schema = MemberRuleIn
    edit_schema = MemberRuleEdit
    tree = True

    def source(self, ctx: AdminContext) -> list[Any]:
        return sorted(UserRule.by_part.query(PART), key=sort_key)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return {**item.to_row(), "label": item.label(get_lang())}

    def create(self, body: Any, ctx: AdminContext) -> Any:
        values = rule_values(body)
        no_login = values.pop("no_login_valid")
        rule = rules_service.create_rule(UserRule, values)
        if no_login:
            rule.update(actions=[UserRule.no_login_valid.set(True)])
        return rule

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        values = rule_values(body)
        item.no_login_valid = values.pop("no_login_valid")
        return rules_service.update_rule(UserRule, item, values)

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return rules_service.delete_rules(UserRule, items)


# --- balance and points logs ------------------------------------------------------------------------
class LogTable(Table):
    kind: str = "money"
    fields = ("id", "user_id", "username", "change", "memo", "admin_id", "create_time")
    quick_search = ("username", "nickname", "memo", "user_id")
    actions = ("index",)

    def source(self, ctx: AdminContext) -> list[Any]:
        return list(self.model.by_part.query(PART, scan_index_forward=False))

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_dict()

    def list_rows(self, request: Any, ctx: AdminContext) -> dict[str, Any]:
        result = super().list_rows(request, ctx)
        ids = sorted({int(r["user_id"]) for r in result["list"]})
        users = {int(u.id): u for u in User.batch_get(ids)} if ids else {}
        for row in result["list"]:
            user = users.get(int(row["user_id"]))
            row["username"] = user.username if user else ""
            row["nickname"] = user.nickname if user else ""
            if self.kind == "money":
                for key in ("change", "before", "after"):
                    row[key] = cents_to_yuan(int(row[key]))
        return result


class MoneyLogTable(LogTable):
    path = "user/moneyLog"
    model = MoneyLog
    kind = "money"


class ScoreLogTable(LogTable):
    path = "user/scoreLog"
    model = ScoreLog
    kind = "score"


class MoneyAdjust(Schema):
    user_id: int
    money: str = Field(min_length=1, max_length=20)
    memo: Text = Field("", max_length=255)


class ScoreAdjust(Schema):
    user_id: int
    score: int = Field(ge=-wallet.MAX_POINTS, le=wallet.MAX_POINTS)
    memo: Text = Field("", max_length=255)


adjust_router = APIRouter(prefix="/user", tags=["admin"])


@adjust_router.post("/moneyLog/add", name="user_moneyLog_add")
def adjust_money(
    body: MoneyAdjust, ctx: Annotated[AdminContext, require("user/moneyLog/add")]
) -> dict[str, Any]:
    """Add to (or, negative, deduct from) a member's balance, in yuan."""
    cents = yuan_to_cents(body.money)
    if cents == 0:
        raise ApiError("The amount must not be zero")
    row = wallet.change_money(body.user_id, cents, body.memo, admin_id=ctx.id)
    return success({"row": {**row, "after": cents_to_yuan(row["after"])}}, "Operation successful")


@adjust_router.post("/scoreLog/add", name="user_scoreLog_add")
def adjust_score(
    body: ScoreAdjust, ctx: Annotated[AdminContext, require("user/scoreLog/add")]
) -> dict[str, Any]:
    """Add to (or, negative, deduct from) a member's points."""
    if body.score == 0:
        raise ApiError("The amount must not be zero")
    row = wallet.change_score(body.user_id, body.score, body.memo, admin_id=ctx.id)
    return success({"row": row}, "Operation successful")


ROUTERS = [
    MemberTable().router(),
    MemberGroupTable().router(),
    MemberRuleTable().router(),
    MoneyLogTable().router(),
    ScoreLogTable().router(),
    adjust_router,
]
