"""Recycle rules (安全 → 数据回收规则): `/admin/security/dataRecycle/index|add|edit|del|tables`
(permissions `security/dataRecycle/<action>`; `tables` needs `index`). One rule per table path (or
`*`: every designed table without a rule of its own) says whether its deletes are kept in the
recycle bin (`functions.services.recycle`)."""

from typing import Annotated, Any, Literal

from pydantic import Field

from functions.core.responses import Envelope, success
from functions.core.validators import Required, Schema
from functions.models.security import RECYCLE_RULE_SCOPE, RecycleRule
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.security.watched import DataRuleTable, TableInfo, known_tables
from functions.routes.admin.table.shapes import row_shape


class RecycleRuleIn(Schema):
    table: str = Field(min_length=1, max_length=120, pattern=r"^(\*|[A-Za-z0-9_./\-]+)$")
    title: Required
    status: Literal["enable", "disable"] = "enable"


class RecycleRuleEdit(Schema):
    id: int
    title: Required
    status: Literal["enable", "disable"] = "enable"


RecycleRuleRow = row_shape(
    "RecycleRuleRow", RecycleRule, "id table table_title title status create_time update_time"
)


class RecycleRuleTable(DataRuleTable):
    path = "security/dataRecycle"
    model = RecycleRule
    watched_action = "del"
    scope_name = RECYCLE_RULE_SCOPE
    fields = ("id", "table", "title", "status", "create_time", "update_time")
    add_schema = RecycleRuleIn
    edit_schema = RecycleRuleEdit
    row_model = RecycleRuleRow


table = RecycleRuleTable()
router = table.router()


@router.get("/tables", name="security_dataRecycle_tables", response_model=Envelope[list[TableInfo]])
def tables(ctx: Annotated[AdminContext, require("security/dataRecycle/index")]) -> dict[str, Any]:
    """The tables a rule can name (built-in and designed), with their titles."""
    return success(known_tables(ctx, "del"))
