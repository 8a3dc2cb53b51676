"""Members in the back office: `/admin/user/user/index|add|edit|del` (permissions
`user/user/<action>`). Balances are shown as yuan strings ("12.50"); changing a member's
username, e-mail or mobile moves its uniqueness guard in one transaction; disabling a member,
changing its password or deleting it revokes its sessions (`functions.services.members`).
"""

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from functions.core.i18n import t
from functions.models.unique import Unique, unique_key
from functions.models.user import SCOPES, User, cents_to_yuan
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import edit_form, row_shape
from functions.routes.admin.table.shared import ACCOUNT_COLUMNS, AccountFields
from functions.services import members
from functions.services.member_groups import group_names


class MemberIn(AccountFields):
    group_id: int = 1
    gender: Literal[0, 1, 2] = 0
    birthday: str = Field("", max_length=10)


MemberRow = row_shape(
    "MemberRow",
    User,
    "id username nickname email mobile avatar gender birthday group_id group_name money score motto status"
    " join_time join_ip last_login_time last_login_ip create_time update_time",
    'A member; `money` in yuan as a string ("12.30"), `score` an integer.',
    group_name=str,
    money=str,
)


class MemberTable(Table):
    path = "user/user"
    model = User
    fields = (
        *ACCOUNT_COLUMNS,
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
    edit_schema = edit_form(MemberIn)
    row_model = MemberRow
    # `join_time` is set when the member is created, so it grows with `id` as `create_time` does.
    sortable = ("id", "create_time", "join_time")
    key_filters = {"status": "by_status", "group_id": "by_group"}
    secret_fields = {"password": "password_hash"}

    def row_builder(self, ctx: AdminContext) -> Callable[[Any], dict[str, Any]]:
        names = group_names()
        return lambda item: self.member_row(item, names)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return self.row_builder(ctx)(item)

    def member_row(self, item: User, names: dict[int, str]) -> dict[str, Any]:
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

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        titles = {"username": t("Username"), "email": t("E-mail"), "mobile": t("Mobile number")}
        return [
            (titles[name], value, Unique(unique_key(scope, value), owner=""))
            for name, scope in SCOPES.items()
            if (value := getattr(item, name) or "")
        ]

    def create(self, body: Any, ctx: AdminContext) -> Any:
        return members.create_member(body.model_dump())

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return members.update_member(item, body.model_dump())

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return members.delete_members(items)


table = MemberTable()
router = table.router()
