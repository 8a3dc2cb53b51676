"""The CRUD log: `/admin/crud/log/index` (permission `crud/log/index`), read-only — one row per save
or delete of a table design (who, when, which version), written by `functions.services.designs`."""

from typing import Any

from functions.core.responses import Shape
from functions.models.design import DesignLog
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table import Table


class DesignLogRow(Shape):
    id: int | None = None
    name: str | None = None
    version: int | None = None
    action: str | None = None
    title: str | None = None
    admin_id: int | None = None
    username: str | None = None
    create_time: int | None = None


class DesignLogTable(Table):
    path = "crud/log"
    model = DesignLog
    fields = ("id", "name", "version", "action", "title", "username", "create_time")
    quick_search = ("name", "title", "username")
    actions = ("index",)
    row_model = DesignLogRow

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_row()


router = DesignLogTable().router()
