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
`functions.services.crud_table`; how a list is read (the one planner, for built-in and designed
tables alike) is `functions.routes.admin.table.reading`'s. This module adds the writing half: add,
edit, delete and drag sort, and the hooks of the recycle bin and the sensitive-data log.

A table is found by its path in `functions.routes.admin.registry` (one explicit list).

This module does not use `from __future__ import annotations`: the endpoint closures annotate their
body parameter with the resource's schema, which FastAPI must be able to evaluate.
"""

from collections.abc import Callable, Sequence
from typing import Annotated, Any, ClassVar

from fastapi import Query, Request
from pydantic import ValidationError

from functions.core.client_ip import client_ip
from functions.core.errors import validation_messages
from functions.core.i18n import t
from functions.core.responses import ApiError, CountData, Envelope, IdData, TableList, TableRow, success
from functions.core.routing import APIRouter
from functions.core.validators import INT_MAX, Schema
from functions.models.base import WatchedTransaction, WatchedWriteError
from functions.models.unique import Unique
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.reading import ReadingTable
from functions.routes.admin.table.shapes import ListParameters, SortBody, parse_ids
from functions.services import crud_table, recycle, sensitive


def origin_of(ctx: AdminContext, request: Request) -> recycle.Origin:
    """Who is writing, from where (for the recycle bin and the sensitive-data log)."""
    return recycle.Origin(
        admin_id=ctx.id,
        username=ctx.admin.username,
        ip=client_ip(request),
        useragent=request.headers.get("user-agent", ""),
    )


class Table(ReadingTable):
    actions: ClassVar[Sequence[str]] = ("index", "add", "edit", "del")
    add_schema: ClassVar[type[Schema] | None] = None
    edit_schema: ClassVar[type[Schema] | None] = None
    tag: ClassVar[str] = "admin"
    designed: ClassVar[bool] = False  # a designed table (the recycle rule `*` covers it)
    # Whether the security screens may watch its rows (recycle bin, sensitive data): every table but
    # theirs (`functions.routes.admin.registry` lists those that are).
    watchable: ClassVar[bool] = True
    # Row fields that hold a secret (a password) -> the stored attribute telling that it changed: the
    # sensitive-data log never records their values.
    secret_fields: ClassVar[dict[str, str]] = {}

    # --- writing (resources override what they offer) ------------------------------------------
    def create(self, body: Any, ctx: AdminContext) -> Any:
        raise ApiError("Service not implemented!")

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        raise ApiError("Service not implemented!")

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        for item in items:
            item.delete()
        return len(items)

    def delete_ids(self, request: Request, ctx: AdminContext) -> int:
        """Delete the rows named by `ids[]` (or `ids`, `id`) that the caller may access; each one is
        kept in the recycle bin in the transaction that deletes it when a recycle rule says so."""
        ids = parse_ids(request)
        if not ids:
            raise ApiError("Incorrect parameter!")
        items = [item for item in map(self.find, ids) if item is not None and self.can_access(item, ctx)]
        if not items:
            raise ApiError("No rows were deleted")
        origin = origin_of(ctx, request)
        try:
            with recycle.watch_deletes(
                self.path, self.designed, origin, items, self.row_builder(ctx), self.kept, self.kept_context
            ):
                return self.delete(items, ctx)
        except WatchedWriteError:
            raise ApiError(recycle.NOT_KEPT) from None

    def edit_item(
        self,
        item: Any,
        body: Any,
        ctx: AdminContext,
        request: Request,
        rollback_of: Any = None,
    ) -> Any:
        """Save an edit of `item` (`update`); a change of a watched field is logged in the transaction
        that saves it (`rollback_of`: the sensitive-data log row this edit rolls back)."""
        items = self.edited_items(item, body)
        try:
            with sensitive.watch_edit(
                self.path,
                origin_of(ctx, request),
                items,
                self.row_builder(ctx),
                self.secret_value,
                self.secret_names(items),
                rollback_of,
            ):
                return self.update(item, body, ctx)
        except WatchedWriteError:
            raise ApiError(sensitive.NOT_LOGGED) from None

    def edit_body(self, values: dict[str, Any]) -> Any:
        """An edit request body from a row's values (a rollback), checked like the edit form's."""
        if self.edit_schema is None:
            raise ApiError("Service not implemented!")
        try:
            return self.edit_schema.model_validate(values)
        except ValidationError as exc:
            _, found = validation_messages([dict(error) for error in exc.errors()])
            first = found[0] if found else {"field": "body", "msg": t("Incorrect parameter!")}
            raise ApiError(
                "Parameter {field}: {reason}", params={"field": first["field"], "reason": first["msg"]}
            ) from None

    # --- the recycle bin and the sensitive-data log -------------------------------------------
    def field_names(self) -> list[str]:
        """The fields a sensitive-data rule can watch: the row's and the edit form's."""
        schema_fields = [n for n in (self.edit_schema.model_fields if self.edit_schema else {}) if n != "id"]
        return list(dict.fromkeys([*self.fields, *schema_fields, *self.secret_names()]))

    def secret_names(self, items: list[Any] | None = None) -> set[str]:
        """The fields (of `items`) that hold a secret: the sensitive-data log records only that they
        changed."""
        return set(self.secret_fields)

    def field_titles(self, names: set[str]) -> dict[str, str]:
        """Titles of these fields in the request's language, where the table has them (the logs show
        them next to the field's name)."""
        return {}

    def shown_rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Rows as answered, with their values as this table's list shows them (option labels,
        related rows' names…) for the logs; a table that shows its values as stored returns them."""
        return rows

    def edited_items(self, item: Any, body: Any) -> list[Any]:
        """The stored items an edit of `item` saves (one row; a config group: its items)."""
        return [item]

    def logged_item(self, log: Any) -> Any | None:
        """The item a sensitive-data log row changed, or None when it is gone."""
        return self.find(int(log.item_id))

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        """The unique values of a row a restore re-claims: (field, value, its `Unique` guard)."""
        return []

    def kept(self, tx: WatchedTransaction, item: Any) -> None:
        """Writes added to the delete of a row kept in the recycle bin (e.g. a file reference)."""

    def kept_context(self, item: Any) -> dict[str, Any]:
        """What else the delete of `item` takes with it, kept with the row for `restored`."""
        return {}

    def revived(self, item: Any, context: dict[str, Any]) -> Any:
        """A kept row as this table holds rows today, before it is restored (`context`: what
        `kept_context` kept; a designed table converts the values of fields retyped meanwhile)."""
        return item

    def restored(self, tx: WatchedTransaction, item: Any, context: dict[str, Any]) -> str:
        """Writes added to the restore of a row (`context`: what `kept_context` kept); returns a
        note for the admin ("" for none)."""
        return ""

    def purged(self, item: Any) -> None:
        """After a kept row was purged from the recycle bin (e.g. release its file)."""

    def secret_value(self, item: Any, name: str) -> Any:
        attr = self.secret_fields.get(name)
        return getattr(item, attr, None) if attr else None

    def move(self, body: SortBody, ctx: AdminContext) -> None:
        """Drag sort: move row `id` to the place of row `targetId` among its siblings."""
        moved = self.get_item(body.id, ctx)
        target = self.get_item(body.targetId, ctx)
        if self.tree and int(moved.pid or 0) != int(target.pid or 0):
            raise ApiError("Only rows with the same parent can be sorted against each other")
        for row, weigh in crud_table.reorder(self.sort_siblings(moved, ctx), moved.id, target.id):
            row.update(actions=[type(row).weigh.set(weigh)])

    def sort_siblings(self, item: Any, ctx: AdminContext) -> list[Any]:
        """The rows `item` is sorted among, in display order."""
        rows = self.source(ctx)
        if self.tree:
            rows = [r for r in rows if int(r.pid or 0) == int(item.pid or 0)]
        return sorted(rows, key=lambda r: (-int(r.weigh or 0), int(r.id)))

    # --- the routes ----------------------------------------------------------------------------
    def answers(self) -> tuple[Any, Any]:
        """The answer models of the index and of one row: `Envelope[TableList[row_model]]` and
        `Envelope[TableRow[row_model]]`."""
        generic: Any = (Envelope, TableList, TableRow)  # parametrised at run time with `row_model`
        return generic[0][generic[1][self.row_model]], generic[0][generic[2][self.row_model]]

    def name(self, action: str) -> str:
        return f"{self.path.replace('/', '_')}_{action}"

    def router(self) -> APIRouter:
        router = APIRouter(prefix=f"/{self.path}", tags=[self.tag])
        perm = self.path
        table = self
        list_answer, row_answer = self.answers()

        def get_shape(path: str, action: str, answer: Any) -> Callable[[Callable[..., Any]], Any]:
            """A GET route answering rows (`Shape`s): keys the route did not set stay absent."""
            return router.get(
                path, name=self.name(action), response_model=answer, response_model_exclude_unset=True
            )

        if "index" in self.actions:

            @get_shape("/index", "index", list_answer)
            def index(
                query: ListParameters, ctx: Annotated[AdminContext, require(f"{perm}/index")]
            ) -> dict[str, Any]:
                """List rows: page, limit, quick_search, search, order, select."""
                return success(table.list_rows(query, ctx))

        if "add" in self.actions and self.add_schema is not None:
            add_schema = self.add_schema

            @router.post("/add", name=self.name("add"), response_model=Envelope[IdData])
            def add(body: add_schema, ctx: Annotated[AdminContext, require(f"{perm}/add")]) -> dict[str, Any]:  # type: ignore[valid-type]
                """Add a row."""
                item = table.create(body, ctx)
                return success({"id": item.id}, "Added successfully")

        if "edit" in self.actions and self.edit_schema is not None:
            edit_schema = self.edit_schema

            @get_shape("/edit", "edit_row", row_answer)
            def edit_row(
                id: Annotated[int, Query(ge=0, le=INT_MAX)],  # noqa: A002
                ctx: Annotated[AdminContext, require(f"{perm}/edit")],
            ) -> dict[str, Any]:
                """One row for the edit form."""
                return success({"row": table.to_row(table.get_item(id, ctx), ctx)})

            @router.post("/edit", name=self.name("edit"), response_model=Envelope[IdData])
            def edit(
                body: edit_schema,  # type: ignore[valid-type]
                request: Request,
                ctx: Annotated[AdminContext, require(f"{perm}/edit")],
            ) -> dict[str, Any]:
                """Save a row."""
                item = table.get_item(int(body.id), ctx)  # type: ignore[attr-defined]
                table.edit_item(item, body, ctx, request)
                return success({"id": item.id}, "Updated successfully")

        if "del" in self.actions:

            @router.delete("/del", name=self.name("del"), response_model=Envelope[CountData])
            def delete(
                request: Request, ctx: Annotated[AdminContext, require(f"{perm}/del")]
            ) -> dict[str, Any]:
                """Delete rows: ids[]=1&ids[]=2 (or ids=1,2)."""
                return success({"count": table.delete_ids(request, ctx)}, "Deleted successfully")

        if "sortable" in self.actions:

            @router.post("/sortable", name=self.name("sortable"), response_model=Envelope[None])
            def sortable(
                body: SortBody, ctx: Annotated[AdminContext, require(f"{perm}/sortable")]
            ) -> dict[str, Any]:
                """Drag sort: move row `id` to the place of row `targetId`."""
                table.move(body, ctx)
                return success(None, "Sorted successfully")

        return router
