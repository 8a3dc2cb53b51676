"""The CRUD log: `/admin/crud/log/index` (permission `crud/log/index`), read-only — one row per save
or delete of a table design (who, when, which version), written by `functions.services.designs`."""

from typing import Any

from functions.models.design import DesignLog
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table import Table, row_shape

DesignLogRow = row_shape(
    "DesignLogRow", DesignLog, "id name version action title admin_id username create_time"
)


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
