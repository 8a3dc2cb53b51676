"""Member groups: `/admin/user/group/index|add|edit|del` (permissions `user/group/<action>`); the
rules are `functions.services.member_groups`'s."""

from typing import Any

from pydantic import Field

from functions.core.responses import Shape
from functions.core.validators import Required, Schema, Text
from functions.models.group import UserGroup
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table import Status, Table
from functions.services import member_groups


class MemberGroupIn(Schema):
    name: Required
    rules: list[int | str] = Field(default_factory=list)
    status: Status = "enable"
    remark: Text = Field("", max_length=255)


class MemberGroupEdit(MemberGroupIn):
    id: int


class MemberGroupRow(Shape):
    id: int | None = None
    name: str | None = None
    rules: list[int | str] | None = None
    status: str | None = None
    remark: str | None = None
    create_time: int | None = None
    update_time: int | None = None


class MemberGroupTable(Table):
    path = "user/group"
    model = UserGroup
    fields = ("id", "name", "status", "create_time", "update_time")
    whole = True  # a handful of groups: listed whole, sorted by any column
    quick_search = ("name",)
    add_schema = MemberGroupIn
    edit_schema = MemberGroupEdit
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


router = MemberGroupTable().router()
