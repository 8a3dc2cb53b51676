"""The sensitive-data log (安全 → 敏感数据日志): `/admin/security/sensitiveDataLog/index|del|rollback`
(permissions `security/sensitiveDataLog/index`, `…/del` to purge, `…/rollback`).

Each row is one change of a watched field (`functions.services.sensitive`): table, row id, field,
the values before and after as the table's list shows them (a password: only that it changed), who,
when, IP, and whether it was rolled back. Listed like every log (bounded, newest first; filters on
`table`, `admin_id` and a `create_time` range).

Rollback sets the field back to its value before — an edit through the table's own edit path, so
its checks and unique values apply and the rollback is itself logged — only while the field still
holds the logged new value; otherwise it refuses and says what the field holds now. The caller also
needs the table's own edit permission.
"""

from typing import Annotated, Any

from fastapi import Request

from functions.core.responses import ApiError, CountData, Envelope, success
from functions.models.security import SensitiveLog
from functions.routes.admin.deps import AdminContext, no_permission, require
from functions.routes.admin.registry import table_for
from functions.routes.admin.security.watched import DataLogTable
from functions.routes.admin.table.shapes import IdsBody, row_shape
from functions.services import recycle, sensitive

SensitiveLogRow = row_shape(
    "SensitiveLogRow",
    SensitiveLog,
    "id table table_title item_id field field_title before after secret admin_id username ip useragent"
    " create_time rollback_time rollback_admin before_shown after_shown",
    "One changed field: `before`/`after` as the table answered them (null for a secret);"
    " `before_shown`/`after_shown` as its list shows them (option labels, names of related rows…).",
    field_title=str,
    before=Any,
    after=Any,
    before_shown=Any,
    after_shown=Any,
)


class SensitiveLogTable(DataLogTable):
    path = "security/sensitiveDataLog"
    model = SensitiveLog
    fields = ("id", "table", "item_id", "field", "admin_id", "username", "ip", "create_time")
    quick_search = ("table", "field", "username", "item_id")
    row_model = SensitiveLogRow

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        """The table's title, and the field's where the table has one (a config item's title)."""
        super().decorate(rows, ctx)
        for path in {row["table"] for row in rows}:
            table = table_for(path)
            mine = [row for row in rows if row["table"] == path]
            titles = table.field_titles({row["field"] for row in mine}) if table is not None else {}
            pairs = [{row["field"]: row.get(side)} for row in mine for side in ("before", "after")]
            shown = table.shown_rows(pairs) if table is not None else pairs
            for index, row in enumerate(mine):
                row["field_title"] = titles.get(row["field"], "")
                if not row.get("secret"):
                    row["before_shown"] = shown[2 * index].get(row["field"])
                    row["after_shown"] = shown[2 * index + 1].get(row["field"])

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        """Purge: the log rows go for ever."""
        return sum(1 for log in items if recycle.purge(log))


router = SensitiveLogTable().router()


def rollback_one(log: SensitiveLog, request: Request, ctx: AdminContext) -> None:
    if log.secret:
        raise ApiError("A password change cannot be rolled back")
    if log.rollback_time:
        raise ApiError("This change has already been rolled back")
    table = table_for(log.table)
    if table is None:
        raise ApiError("The table of this row no longer exists")
    if not ctx.grant.allows(f"{table.path}/edit"):
        raise no_permission()
    item = table.logged_item(log)
    if item is None or not table.can_access(item, ctx):
        raise ApiError("The row of this change no longer exists")
    row = table.to_row(item, ctx)
    logged = log.to_row()
    if not sensitive.same(row.get(log.field), logged["after"]):
        raise ApiError(
            'Cannot roll back: {field} has changed since and now holds "{value}", not the logged new value',
            params={"field": log.field, "value": shown(row.get(log.field))},
        )
    body = table.edit_body({**row, log.field: logged["before"], "id": row.get("id", log.item_id)})
    table.edit_item(item, body, ctx, request, rollback_of=log)


def shown(value: Any) -> str:
    if value is None or value == "":
        return ""
    return value if isinstance(value, str) else recycle.dumps(value)


@router.post("/rollback", name="security_sensitiveDataLog_rollback", response_model=Envelope[CountData])
def rollback(
    body: IdsBody,
    request: Request,
    ctx: Annotated[AdminContext, require("security/sensitiveDataLog/rollback")],
) -> dict[str, Any]:
    """Roll changes back, newest first (each only while its field still holds the logged new value)."""
    done = 0
    for log_id in sorted(set(body.ids), reverse=True):
        log = sensitive.get_log(log_id)
        if log is None:
            raise ApiError("The record does not exist")
        try:
            rollback_one(log, request, ctx)
        except ApiError as exc:
            if not done or exc.code != 0:
                raise
            raise ApiError(
                "{count} changes rolled back; not rolled back: {reason}",
                params={"count": done, "reason": exc.translated()},
            ) from None
        done += 1
    return success({"count": done}, "Rolled back successfully")
