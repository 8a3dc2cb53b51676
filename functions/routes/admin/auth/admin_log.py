"""The admin log: `/admin/auth/adminLog/index` (permission `auth/adminLog/index`), read-only; a
non-super admin sees only its own rows (read through `admin-id-index`). Rows are written by
`functions.services.admin_log`; the list reads the table's months newest first, a filter on
`admin_id` reads that admin's rows through the index, and a `create_time` range reads only its months."""

from typing import Any

from functions.core.i18n import get_lang
from functions.models.admin_log import AdminLog
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import row_shape
from functions.services import admin_log
from functions.services.listing import Partition


class AdminLogTable(Table):
    path = "auth/adminLog"
    model = AdminLog
    fields = ("id", "admin_id", "username", "url", "method", "title", "ip", "create_time")
    quick_search = ("title", "username", "url", "ip")
    actions = ("index",)
    row_model = row_shape("AdminLogRow", AdminLog, fields)

    key_filters = {"admin_id": "by_admin"}

    def scope(self, ctx: AdminContext) -> tuple[list[Partition] | None, None]:
        return (None, None) if ctx.is_super else ([Partition(AdminLog.by_admin, ctx.id)], None)

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        lang = get_lang()
        for row in rows:
            row["title"] = admin_log.title_in(row.get("title") or "", lang)

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.admin_id) == ctx.id


table = AdminLogTable()
router = table.router()
