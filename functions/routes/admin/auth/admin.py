"""Back-office accounts: `/admin/auth/admin/index|add|edit|del` (permissions `auth/admin/<action>`).
Who may see and change which admin is decided by `functions.services.admins` (read its docstring);
this module is the HTTP surface and the row shape.
"""

from collections.abc import Callable
from typing import Any

from pydantic import Field

from functions.core.i18n import t
from functions.models.admin import USERNAME_SCOPE, Admin
from functions.models.group import AdminGroup
from functions.models.unique import Unique, unique_key
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import edit_form, row_shape
from functions.routes.admin.table.shared import ACCOUNT_COLUMNS, AccountFields
from functions.services import admins
from functions.services.admin_groups import all_groups


class AdminIn(AccountFields):
    group_arr: list[int] = Field(min_length=1)


AdminRow = row_shape(
    "AdminRow",
    Admin,
    "id username nickname avatar email mobile motto group_arr group_name_arr status super last_login_time"
    " last_login_ip create_time update_time editable",
    group_arr=list[int],
    group_name_arr=list[str],
    editable=bool,
)


class AdminTable(Table):
    path = "auth/admin"
    model = Admin
    fields = (
        *ACCOUNT_COLUMNS,
        "status",
        "group_arr",
        "last_login_time",
        "create_time",
    )
    quick_search = ("username", "nickname", "email", "mobile")
    add_schema = AdminIn
    edit_schema = edit_form(AdminIn)
    row_model = AdminRow
    secret_fields = {"password": "password_hash"}

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        return [(t("Username"), item.username, Unique(unique_key(USERNAME_SCOPE, item.username), owner=""))]

    def scope(self, ctx: AdminContext) -> tuple[None, Callable[[Any], bool] | None]:
        if ctx.is_super:
            return None, None
        return None, lambda item: admins.can_see(item, ctx)

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return admins.can_see(item, ctx)

    def row_builder(self, ctx: AdminContext) -> Callable[[Any], dict[str, Any]]:
        groups = {int(g.id): g for g in all_groups()}
        return lambda item: self.admin_row(item, ctx, groups)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return self.row_builder(ctx)(item)

    def admin_row(self, item: Admin, ctx: AdminContext, groups: dict[int, AdminGroup]) -> dict[str, Any]:
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
            "editable": admins.editable(item, ctx, groups),
        }

    def create(self, body: Any, ctx: AdminContext) -> Any:
        return admins.create_admin(ctx, body.model_dump())

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return admins.update_admin(item, ctx, body.model_dump())

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return admins.delete_admins(items, ctx)


table = AdminTable()
router = table.router()
