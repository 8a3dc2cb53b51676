"""Member groups: `/admin/user/group/index|add|edit|del` (permissions `user/group/<action>`); the
rules are `functions.services.member_groups`'s."""

from typing import Any

from functions.models.group import UserGroup
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import edit_form, row_shape
from functions.routes.admin.table.shared import GroupFields
from functions.services import member_groups


class MemberGroupIn(GroupFields):
    pass


MemberGroupRow = row_shape(
    "MemberGroupRow", UserGroup, "id name rules status remark create_time update_time", rules=list[int | str]
)


class MemberGroupTable(Table):
    path = "user/group"
    model = UserGroup
    fields = ("id", "name", "status", "create_time", "update_time")
    whole = True  # a handful of groups: listed whole, sorted by any column
    quick_search = ("name",)
    add_schema = MemberGroupIn
    edit_schema = edit_form(MemberGroupIn)
    row_model = MemberGroupRow

    def create(self, body: Any, ctx: AdminContext) -> Any:
        return member_groups.create_group(
            name=body.name, rules=body.rules, status=body.status, remark=body.remark
        )

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return member_groups.update_group(
            item, name=body.name, rules=body.rules, status=body.status, remark=body.remark
        )

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return member_groups.delete_groups(items)


table = MemberGroupTable()
router = table.router()
