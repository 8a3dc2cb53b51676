"""The CRUD log: `/admin/crud/log/index` (permission `crud/log/index`), read-only — one row per save
or delete of a table design (who, when, which version), written by `functions.services.designs`."""

import json
from typing import Any

from functions.core.i18n import get_lang
from functions.models.design import DesignLog
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import row_shape

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
        """The row, titled in the request's language (the design as saved holds both titles)."""
        row = item.to_row()
        try:
            title = json.loads(item.body or "{}").get("title") or {}
        except ValueError:
            title = {}
        if isinstance(title, dict):
            first, second = ("en", "zh") if get_lang() == "en" else ("zh", "en")
            row["title"] = str(title.get(first) or title.get(second) or row["title"])
        return row


table = DesignLogTable()
router = table.router()
