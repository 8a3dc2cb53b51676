"""The admin log: `/admin/auth/adminLog/index` (permission `auth/adminLog/index`), read-only; a
non-super admin sees only its own rows. Rows are written by `functions.services.admin_log`."""

from typing import Any

from functions.core.responses import Shape
from functions.models.admin_log import AdminLog
from functions.models.listing import PART
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table import Table


class AdminLogRow(Shape):
    id: int | None = None
    admin_id: int | None = None
    username: str | None = None
    url: str | None = None
    method: str | None = None
    title: str | None = None
    ip: str | None = None
    create_time: int | None = None


class AdminLogTable(Table):
    path = "auth/adminLog"
    model = AdminLog
    fields = ("id", "admin_id", "username", "url", "method", "title", "ip", "create_time")
    quick_search = ("title", "username", "url", "ip")
    actions = ("index",)
    row_model = AdminLogRow

    def source(self, ctx: AdminContext) -> list[Any]:
        if ctx.is_super:
            return list(AdminLog.by_part.query(PART, scan_index_forward=False))
        return list(AdminLog.by_admin.query(ctx.id, scan_index_forward=False))

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.admin_id) == ctx.id


router = AdminLogTable().router()
