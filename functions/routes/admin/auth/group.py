"""Admin group permissions: `/admin/auth/group/index|add|edit|del` (permissions
`auth/group/<action>`), a tree table. Who may see, change and grant what is decided by
`functions.services.admin_groups` (read its docstring); this module is the HTTP surface.
"""

import builtins
from dataclasses import fields
from typing import Annotated, Any, Literal

from pydantic import Field

from functions.core.responses import Envelope, Model, success
from functions.models.group import AdminGroup
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import edit_form, row_shape
from functions.routes.admin.table.shared import GroupFields
from functions.services import admin_groups, designs
from functions.services.records import words


class GroupIn(GroupFields):
    pid: int = 0
    data_scope: Literal["all", "group", "own"] | None = Field(
        None,
        description="The rows of designed tables its admins reach: every row, the rows created by the "
        "admins of this group, or only the rows each admin created. Left out: a new group's is every "
        "row (the caller's own scope when narrower), an edit keeps it",
    )


def _values(body: Any) -> admin_groups.GroupValues:
    values = admin_groups.GroupValues
    return values(**{f.name: getattr(body, f.name) for f in fields(values)})


GroupRow = row_shape(
    "GroupRow",
    AdminGroup,
    "id pid name rules status remark data_scope super editable create_time update_time",
    rules=list[int | str],
    super=bool,
    editable=bool,
)


class GroupTable(Table):
    path = "auth/group"
    model = AdminGroup
    fields = ("id", "pid", "name", "status", "create_time", "update_time")
    quick_search = ("name",)
    add_schema = GroupIn
    edit_schema = edit_form(GroupIn)
    tree = True
    row_model = GroupRow

    def source(self, ctx: AdminContext) -> list[Any]:
        groups = admin_groups.all_groups()
        if ctx.is_super:
            return groups
        visible = admin_groups.visible_group_ids(ctx, groups)
        return [g for g in groups if int(g.id) in visible]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.id) in admin_groups.visible_group_ids(ctx)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row = item.to_row()
        row["super"] = item.is_all
        row["editable"] = admin_groups.group_editable(item, ctx)
        return row

    def create(self, body: Any, ctx: AdminContext) -> Any:
        return admin_groups.create_group(ctx, _values(body))

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return admin_groups.update_group(item, ctx, _values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return admin_groups.delete_groups(items, ctx)


table = GroupTable()
router = table.router()


class TableRelation(Model):
    """A designed table whose rows refer to rows of other tables (`related`: their titles, in the
    request's language): granting `table` also shows the names of those rows, not the tables."""

    table: str
    related: builtins.list[str]


class TableRelations(Model):
    list: builtins.list[TableRelation]


@router.get("/relations", name="auth_group_relations", response_model=Envelope[TableRelations])
def relations(ctx: Annotated[AdminContext, require("auth/group/index")]) -> dict[str, Any]:
    """For the group editor: which tables a grant depends on for the names it shows (the relation
    fields of designed tables). Those names come with the grant of the table itself."""
    docs = {design.name: designs.load_doc(design) for design in designs.list_designs()}
    found = []
    for name, doc in sorted(docs.items()):
        related = [f.relation.design for f in doc.fields if f.relation is not None]
        titles = [words(docs[r].title) if r in docs else r for r in dict.fromkeys(related)]
        if titles:
            found.append({"table": name, "related": titles})
    return success({"list": found})
