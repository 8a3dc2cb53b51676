"""The recycle bin (安全 → 数据回收站): `/admin/security/dataRecycleLog/index|del|restore`
(permissions `security/dataRecycleLog/index`, `…/del` to purge, `…/restore`).

Each row is one deleted row of a back-office table (`functions.services.recycle`): the table, the
row as its list showed it (`row`), who deleted it, when, from which IP. The list is the bounded
listing of a time series: newest first a month at a time; filters on `table` and `admin_id` read
one index, a `create_time` range only its months. Restore puts rows back with their ids and unique
values (refusing, with the reason, a row whose unique value is taken meanwhile); purge deletes the
copies for ever (an attachment's file goes when nothing else refers to it).
"""

from typing import Annotated, Any

from fastapi import Request

from functions.core.i18n import t
from functions.core.responses import ApiError, CountData, Envelope, success
from functions.models.security import RecycleLog
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.registry import table_for
from functions.routes.admin.security.watched import DataLogTable
from functions.routes.admin.table.shapes import IdsBody, row_shape
from functions.services import recycle

# `context`: what else the delete took with it (a menu rule: `groups`, `[{id, name}]`, granted again
# on restore).
RecycleLogRow = row_shape(
    "RecycleLogRow",
    RecycleLog,
    "id table table_title item_id admin_id username ip useragent create_time row row_shown row_titles"
    " context",
    "A deleted row: `row` is the row as its table answered it; `row_shown` its values as the table's list"
    " shows them (option labels, names of related rows, text of rich text) and `row_titles` the titles"
    " of its fields in the request's language, where the table has them.",
    row=dict[str, Any],
    row_shown=dict[str, Any],
    row_titles=dict[str, str],
    context=dict[str, Any],
)


class RecycleLogTable(DataLogTable):
    path = "security/dataRecycleLog"
    model = RecycleLog
    fields = ("id", "table", "item_id", "admin_id", "username", "ip", "create_time")
    quick_search = ("table", "username", "item_id")
    row_model = RecycleLogRow

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        super().decorate(rows, ctx)
        for path in {row["table"] for row in rows}:
            table = table_for(path)
            mine = [row for row in rows if row["table"] == path]
            if table is None:
                continue
            shown = table.shown_rows([dict(row.get("row") or {}) for row in mine])
            titles = table.field_titles({key for row in mine for key in (row.get("row") or {})})
            for row, values in zip(mine, shown, strict=True):
                row["row_shown"] = values
                row["row_titles"] = titles

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        """Purge: the copies go for ever."""
        count = 0
        for log in items:
            if recycle.purge(log):
                count += 1
                table = table_for(log.table)
                if table is not None:
                    table.purged(recycle.item_of(log))
        return count


router = RecycleLogTable().router()


def restore_one(log: RecycleLog) -> str:
    """Restore one row; returns the table's note ("" for none), e.g. groups a rule is not granted to."""
    table = table_for(log.table)
    if table is None:
        raise ApiError("The table of this row no longer exists")
    item = table.revived(recycle.item_of(log), log.kept_context())
    return recycle.restore(log, item, table.unique_guards(item), table.restored)


@router.post("/restore", name="security_dataRecycleLog_restore", response_model=Envelope[CountData])
def restore(
    body: IdsBody, request: Request, ctx: Annotated[AdminContext, require("security/dataRecycleLog/restore")]
) -> dict[str, Any]:
    """Restore rows: each comes back with its id and unique values, or is refused with the reason."""
    restored = 0
    refused: list[str] = []
    notes: list[str] = []
    for log_id in sorted(set(body.ids)):
        log = recycle.get_log(log_id)
        if log is None:
            refused.append(t("This row has already been restored or purged"))
            continue
        try:
            note = restore_one(log)
        except ApiError as exc:
            refused.append(exc.translated())
            continue
        restored += 1
        if note:
            notes.append(f"#{log.item_id} {note}")
    if refused and not restored:
        raise ApiError(refused[0])
    if refused:
        raise ApiError(
            "{count} rows restored; not restored: {reason}", params={"count": restored, "reason": refused[0]}
        )
    if notes:
        return success({"count": restored}, "Restored successfully; {notes}", notes="; ".join(notes))
    return success({"count": restored}, "Restored successfully")
