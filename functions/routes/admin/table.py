"""The generic back-office table (DESIGN §3): one class that each resource configures.

A resource subclasses `Table`, sets `path` (its menu rule, e.g. "auth/admin"), the model, the
request schemas and the hooks it needs; `Table.router()` builds:

| route                              | permission            | answer                  |
|------------------------------------|-----------------------|-------------------------|
| GET    /admin/<path>/index          | `<path>/index`        | `{list, total, remark}` |
| GET    /admin/<path>/edit?id=       | `<path>/edit`         | `{row}`                 |
| POST   /admin/<path>/add            | `<path>/add`          | `{id}`                  |
| POST   /admin/<path>/edit           | `<path>/edit`         | `{id}`                  |
| DELETE /admin/<path>/del?ids[]=…    | `<path>/del`          | `{count}`               |
| POST   /admin/<path>/sortable       | `<path>/sortable`     | —                       |

`actions` picks which of these a resource offers. List parameters are those of
`functions.services.crud_table`. Tree tables (`tree = True`, rows with `pid`) answer the index with
the rows nested under `children` when nothing is filtered (and not paged: a tree is shown whole),
and sort only among siblings.

Shared by several resources (route modules never import each other): `Status`, the rule schema
`RuleFields`/`rule_values` (auth/rule and user/rule) and `AccountLogTable` (user/moneyLog and
user/scoreLog).

This module does not use `from __future__ import annotations`: the endpoint closures annotate their
body parameter with the resource's schema, which FastAPI must be able to evaluate.
"""

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from fastapi import APIRouter, Query, Request
from pydantic import Field

from functions.core.i18n import t
from functions.core.responses import (
    ApiError,
    CountData,
    Envelope,
    IdData,
    Shape,
    TableList,
    TableRow,
    success,
)
from functions.core.validators import INT_MAX, Account, Password, Required, Schema, Text, Url
from functions.models.listing import PART
from functions.models.user import User, cents_to_yuan
from functions.routes.admin.deps import AdminContext, require
from functions.services import crud_table
from functions.services.permissions import build_tree

Status = Literal["enable", "disable"]
RuleName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_./:\-]+$")]


class RuleFields(Schema):
    """What back-office rules and member rules share; each adds its own `type` and `name`."""

    pid: int = 0
    title: Required
    title_en: str = Field("", max_length=100)
    path: str = Field("", max_length=200)
    icon: str = Field("", max_length=100)
    menu_type: Literal["tab", "link", "iframe"] = "tab"
    url: Url = Field("", max_length=500)
    component: str = Field("", max_length=200)
    keepalive: bool = False
    remark: Text = Field("", max_length=255)
    weigh: int = 0
    status: Status = "enable"


class AccountFields(Schema):
    """What the back office's admin and member forms share; each adds its own group fields."""

    username: Account
    nickname: Required
    password: Password
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
    avatar: Url = Field("", max_length=500)
    motto: Text = Field("", max_length=255)
    status: Status = "enable"


class RuleRow(Shape):
    id: int | None = None
    pid: int | None = None
    type: str | None = None
    title: str | None = None
    title_en: str | None = None
    label: str | None = None
    name: str | None = None
    path: str | None = None
    icon: str | None = None
    menu_type: str | None = None
    url: str | None = None
    component: str | None = None
    keepalive: bool | None = None
    remark: str | None = None
    weigh: int | None = None
    status: str | None = None
    create_time: int | None = None
    update_time: int | None = None


def rule_values(body: Schema) -> dict[str, Any]:
    """A rule form's values for `functions.services.rules` (`type` stored as `rule_type`)."""
    values = body.model_dump(exclude={"id"})
    values["rule_type"] = values.pop("type")
    return values


class SortBody(Schema):
    id: int
    targetId: int  # noqa: N815 - the client's field name (SPEC §7)


def parse_ids(request: Request) -> list[int]:
    raw: list[str] = []
    for key in ("ids[]", "ids", "id"):
        for value in request.query_params.getlist(key):
            raw.extend(part for part in value.split(",") if part.strip())
    try:
        ids = sorted({int(v) for v in raw})
    except ValueError:
        raise ApiError("Incorrect parameter!") from None
    if any(not 0 <= i <= INT_MAX for i in ids):
        raise ApiError("Incorrect parameter!")
    return ids


class Table:
    path: ClassVar[str]
    model: ClassVar[Any]
    fields: ClassVar[Sequence[str]] = ("id",)
    quick_search: ClassVar[Sequence[str]] = ("id",)
    actions: ClassVar[Sequence[str]] = ("index", "add", "edit", "del")
    add_schema: ClassVar[type[Schema] | None] = None
    edit_schema: ClassVar[type[Schema] | None] = None
    tree: ClassVar[bool] = False
    default_order: ClassVar[tuple[str, bool] | None] = None  # None: the source's order
    remark: ClassVar[str] = ""
    tag: ClassVar[str] = "admin"
    # The documented shape of a row (index and edit answers); keys it does not declare pass through.
    row_model: ClassVar[type[Shape]] = Shape

    # --- reading -----------------------------------------------------------------------------
    def source(self, ctx: AdminContext) -> list[Any]:
        """Every row this caller may list (one Query; newest first)."""
        return list(self.model.by_part.query(PART, scan_index_forward=False))

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_row()

    def get_item(self, item_id: int, ctx: AdminContext) -> Any:
        try:
            item = self.model.get(item_id, consistent_read=True)
        except self.model.DoesNotExist:
            raise ApiError("The record does not exist") from None
        if not self.can_access(item, ctx):
            raise ApiError("The record does not exist")
        return item

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return True

    # --- writing (resources override what they offer) ------------------------------------------
    def create(self, body: Any, ctx: AdminContext) -> Any:
        raise ApiError("Service not implemented!")

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        raise ApiError("Service not implemented!")

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        for item in items:
            item.delete()
        return len(items)

    def sort_siblings(self, item: Any, ctx: AdminContext) -> list[Any]:
        """The rows `item` is sorted among, in display order."""
        rows = self.source(ctx)
        if self.tree:
            rows = [r for r in rows if int(r.pid or 0) == int(item.pid or 0)]
        return sorted(rows, key=lambda r: (-int(r.weigh or 0), int(r.id)))

    # --- the routes ----------------------------------------------------------------------------
    def list_rows(self, request: Request, ctx: AdminContext) -> dict[str, Any]:
        params = crud_table.parse_params(request.query_params, self.fields)
        if params.order is None and self.default_order is not None:
            params.order = self.default_order
        rows = [self.to_row(item, ctx) for item in self.source(ctx)]
        rows, filtered = crud_table.apply(rows, params, self.quick_search)
        if self.tree and not filtered and not params.select:
            return {
                "list": build_tree(rows),
                "total": len(rows),
                "remark": t(self.remark) if self.remark else "",
            }
        return {
            "list": crud_table.page(rows, params),
            "total": len(rows),
            "remark": t(self.remark) if self.remark else "",
        }

    def name(self, action: str) -> str:
        return f"{self.path.replace('/', '_')}_{action}"

    def router(self) -> APIRouter:
        router = APIRouter(prefix=f"/{self.path}", tags=[self.tag])
        perm = self.path
        table = self
        generic: Any = (Envelope, TableList, TableRow)  # parametrised at run time with `row_model`
        list_answer = generic[0][generic[1][self.row_model]]
        row_answer = generic[0][generic[2][self.row_model]]

        if "index" in self.actions:

            @router.get(
                "/index",
                name=self.name("index"),
                response_model=list_answer,
                response_model_exclude_unset=True,
            )
            def index(
                request: Request, ctx: Annotated[AdminContext, require(f"{perm}/index")]
            ) -> dict[str, Any]:
                """List rows: page, limit, quick_search, search, order, select."""
                return success(table.list_rows(request, ctx))

        if "add" in self.actions and self.add_schema is not None:
            add_schema = self.add_schema

            @router.post("/add", name=self.name("add"), response_model=Envelope[IdData])
            def add(body: add_schema, ctx: Annotated[AdminContext, require(f"{perm}/add")]) -> dict[str, Any]:  # type: ignore[valid-type]
                """Add a row."""
                item = table.create(body, ctx)
                return success({"id": item.id}, "Added successfully")

        if "edit" in self.actions and self.edit_schema is not None:
            edit_schema = self.edit_schema

            @router.get(
                "/edit",
                name=self.name("edit_row"),
                response_model=row_answer,
                response_model_exclude_unset=True,
            )
            def edit_row(
                id: Annotated[int, Query(ge=0, le=INT_MAX)],  # noqa: A002
                ctx: Annotated[AdminContext, require(f"{perm}/edit")],
            ) -> dict[str, Any]:
                """One row for the edit form."""
                return success({"row": table.to_row(table.get_item(id, ctx), ctx)})

            @router.post("/edit", name=self.name("edit"), response_model=Envelope[IdData])
            def edit(
                body: edit_schema,  # type: ignore[valid-type]
                ctx: Annotated[AdminContext, require(f"{perm}/edit")],
            ) -> dict[str, Any]:
                """Save a row."""
                item = table.get_item(int(body.id), ctx)  # type: ignore[attr-defined]
                table.update(item, body, ctx)
                return success({"id": item.id}, "Updated successfully")

        if "del" in self.actions:

            @router.delete("/del", name=self.name("del"), response_model=Envelope[CountData])
            def delete(
                request: Request, ctx: Annotated[AdminContext, require(f"{perm}/del")]
            ) -> dict[str, Any]:
                """Delete rows: ids[]=1&ids[]=2 (or ids=1,2)."""
                ids = parse_ids(request)
                if not ids:
                    raise ApiError("Incorrect parameter!")
                items = []
                for item_id in ids:
                    try:
                        item = self.model.get(item_id, consistent_read=True)
                    except self.model.DoesNotExist:
                        continue
                    if table.can_access(item, ctx):
                        items.append(item)
                if not items:
                    raise ApiError("No rows were deleted")
                count = table.delete(items, ctx)
                return success({"count": count}, "Deleted successfully")

        if "sortable" in self.actions:

            @router.post("/sortable", name=self.name("sortable"), response_model=Envelope[None])
            def sortable(
                body: SortBody, ctx: Annotated[AdminContext, require(f"{perm}/sortable")]
            ) -> dict[str, Any]:
                """Drag sort: move row `id` to the place of row `targetId`."""
                moved = table.get_item(body.id, ctx)
                target = table.get_item(body.targetId, ctx)
                if table.tree and int(moved.pid or 0) != int(target.pid or 0):
                    raise ApiError("Only rows with the same parent can be sorted against each other")
                for row, weigh in crud_table.reorder(table.sort_siblings(moved, ctx), moved.id, target.id):
                    row.update(actions=[type(row).weigh.set(weigh)])
                return success(None, "Sorted successfully")

        return router


class AccountLogRow(Shape):
    """A balance (amounts in yuan strings) or points (integers) log row."""

    id: int | None = None
    seq: int | None = None
    user_id: int | None = None
    username: str | None = None
    nickname: str | None = None
    change: str | int | None = None
    before: str | int | None = None
    after: str | int | None = None
    memo: str | None = None
    admin_id: int | None = None
    create_time: int | None = None


class AccountLogTable(Table):
    """A member's balance or points log (read-only), rows with the member's username and nickname;
    money amounts in yuan strings."""

    kind: ClassVar[str] = "money"
    fields = ("id", "user_id", "username", "change", "memo", "admin_id", "create_time")
    quick_search = ("username", "nickname", "memo", "user_id")
    actions = ("index",)
    row_model = AccountLogRow

    def source(self, ctx: AdminContext) -> list[Any]:
        return list(self.model.by_part.query(PART, scan_index_forward=False))

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_dict()

    def list_rows(self, request: Any, ctx: AdminContext) -> dict[str, Any]:
        result = super().list_rows(request, ctx)
        ids = sorted({int(r["user_id"]) for r in result["list"]})
        users = {int(u.id): u for u in User.batch_get(ids)} if ids else {}
        for row in result["list"]:
            user = users.get(int(row["user_id"]))
            row["username"] = user.username if user else ""
            row["nickname"] = user.nickname if user else ""
            if self.kind == "money":
                for key in ("change", "before", "after"):
                    row[key] = cents_to_yuan(int(row[key]))
        return result


class RuleTableBase(Table):
    """A menu-rule tree (back-office rules, member rules): the list columns, search and actions they share."""

    fields = ("id", "pid", "type", "title", "title_en", "name", "path", "menu_type", "status", "weigh")
    quick_search = ("title", "title_en", "name")
    actions = ("index", "add", "edit", "del", "sortable")
    tree = True
