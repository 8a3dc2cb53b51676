"""Sensitive-data rules (安全 → 敏感数据规则): `/admin/security/sensitiveData/index|add|edit|del|tables`
(permissions `security/sensitiveData/<action>`; `tables` needs `index`). One rule per table path
names the fields whose changes the sensitive-data log records (`functions.services.sensitive`)."""

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from functions.core.responses import Envelope, success
from functions.core.validators import Required, Schema
from functions.models.security import SENSITIVE_RULE_SCOPE, SensitiveRule
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.security.watched import DataRuleTable, TableInfo, known_tables
from functions.routes.admin.table.shapes import row_shape

# A row's field, or a config item as `group.name` (`functions.routes.admin.routine.config`).
FieldName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)?$")]


class SensitiveRuleIn(Schema):
    table: str = Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_./\-]+$")
    title: Required
    fields: list[FieldName] = Field(min_length=1, max_length=50)
    status: Literal["enable", "disable"] = "enable"


class SensitiveRuleEdit(Schema):
    id: int
    title: Required
    fields: list[FieldName] = Field(min_length=1, max_length=50)
    status: Literal["enable", "disable"] = "enable"


SensitiveRuleRow = row_shape(
    "SensitiveRuleRow",
    SensitiveRule,
    "id table table_title title fields status create_time update_time",
    fields=list[str],
)


class SensitiveRuleTable(DataRuleTable):
    path = "security/sensitiveData"
    model = SensitiveRule
    watched_action = "edit"
    scope_name = SENSITIVE_RULE_SCOPE
    fields = ("id", "table", "title", "fields", "status", "create_time", "update_time")
    add_schema = SensitiveRuleIn
    edit_schema = SensitiveRuleEdit
    row_model = SensitiveRuleRow

    def values(self, body: Any) -> dict[str, Any]:
        values = super().values(body)
        values["fields"] = json.dumps(list(dict.fromkeys(body.fields)))
        return values


table = SensitiveRuleTable()
router = table.router()


@router.get("/tables", name="security_sensitiveData_tables", response_model=Envelope[list[TableInfo]])
def tables(ctx: Annotated[AdminContext, require("security/sensitiveData/index")]) -> dict[str, Any]:
    """The tables a rule can name (built-in and designed), with their titles and field names."""
    return success(known_tables(ctx, "edit"))
