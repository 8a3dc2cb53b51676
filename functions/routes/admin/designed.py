"""Designed tables (DESIGN §6): `/admin/<rule path>/index|edit|add|del|sortable|design` for every
table made with the CRUD generator, served from its design at run time — a new design works at once,
on every Lambda instance, without code or a restart.

These routes come after every built-in route (`ROUTERS` in `functions.routes.admin` lists this module
last), so a built-in path always wins. Each request reads the design (one GetItem), builds a
`DesignTable` — the generic `Table` (`functions.routes.admin.table`) configured by the design — and
uses it like any built-in table: the same list parameters and answers (keyset listing), the same
permission names (`<rule path>/<action>`, checked by `require_designed`), the same admin log.
`GET …/design` answers the design itself (permission `<rule path>/index`), from which the web app
builds the page with its one table and form builder.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import Query, Request
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from functions.core.responses import (
    ApiError,
    CountData,
    Envelope,
    IdData,
    Model,
    TableList,
    TableRow,
    success,
)
from functions.core.routing import APIRouter
from functions.core.validators import INT_MAX
from functions.models.design import Record, filter_key, record_pk, record_scope
from functions.models.unique import Unique
from functions.routes.admin.deps import AdminContext, require_designed
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import ListParameters, SortBody
from functions.services import (
    crud_table,
    data_scope,
    designs,
    fields,
    listing,
    records,
    row_convert,
    row_order,
    row_text,
)
from functions.services.attachment_usage import files_of, write_refs
from functions.services.designs import DesignDoc, StoredDesign

router = APIRouter(tags=["designed"], responses={404: {"description": "No designed table at this path"}})


class DesignTable(Table):
    """The generic table of one design version."""

    model = Record
    designed = True

    def __init__(self, doc: DesignDoc, version: int) -> None:
        self.doc = doc
        self.version = version
        self.path = doc.name  # type: ignore[misc]
        names = [f.name for f in doc.fields]
        self.fields = ("id", *names, "create_time", "update_time")  # type: ignore[misc]
        self.quick_search = tuple(f.name for f in doc.fields if f.search) or ("id",)  # type: ignore[misc]
        self.passwords = {f.name for f in doc.fields if f.type in fields.SECRET_TYPES}
        self.unsearched = tuple(self.passwords)  # type: ignore[misc]
        slots = doc.slots()
        self.sort_field = slots.get("n1")
        self.sortable = ("id", "create_time", *([self.sort_field] if self.sort_field else []))  # type: ignore[misc]
        self.slot_of = {field: slot for slot, field in slots.items() if slot != "n1"}
        # The list's order until the admin sorts by a column (`Table.list_rows` applies it).
        self.default_order = (doc.order.field, doc.order.direction == "desc")  # type: ignore[misc]
        self.tree = doc.tree  # type: ignore[misc]
        self._creators: tuple[AdminContext, frozenset[int] | None] | None = None

    # --- the caller's data scope (`functions.services.data_scope`) --------------------------------
    def creators(self, ctx: AdminContext) -> frozenset[int] | None:
        """The admins whose rows `ctx` reaches (None: every row), read once per request (a table is
        built per request: `_table`)."""
        if self._creators is None or self._creators[0] is not ctx:
            self._creators = (ctx, data_scope.creators(ctx))
        return self._creators[1]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        """A row outside the caller's data scope is, for every read and write, a row that does not
        exist (`get_item`, `delete_ids`, a select's current value)."""
        return data_scope.reaches(self.creators(ctx), item)

    def scope(self, ctx: AdminContext) -> tuple[list[listing.Partition] | None, Callable[[Any], bool] | None]:
        """A limited caller's list keeps only the rows of its scope. The test runs on each row the
        list reads, inside the listing's bounded window (`listing.read_page`: at most `MAX_READ` rows
        a request, the total then "N+"), not as a DynamoDB FilterExpression: a FilterExpression is
        applied after the read and bills every item read all the same (the Query's `Limit` counts
        items before the filter), so it would save nothing while splitting the row tests between two
        places and making the window's "rows read" unknowable for the cursor and the total."""
        allowed = self.creators(ctx)
        if allowed is None:
            return None, None
        return None, lambda item: data_scope.reaches(allowed, item)

    # --- reading -----------------------------------------------------------------------------
    def find(self, item_id: int) -> Any | None:
        pk = record_pk(self.doc.name, self.doc.time_series, item_id)
        try:
            return Record.get(pk, item_id, consistent_read=True)
        except Record.DoesNotExist:
            return None

    def source(self, ctx: AdminContext) -> list[Any]:
        """A tree design's rows the caller reaches (its data scope; a row whose parent it does not
        reach is shown at the top)."""
        return [row for row in self.whole_tree() if self.can_access(row, ctx)]

    def whole_tree(self) -> list[Any]:
        """A tree design's rows, read whole (one bounded Query), by place in the weigh order when the
        weigh is the sort field (`row_order.sort_key`: the list sorts by weigh and keeps this order
        among equal weighs), else newest first."""
        rows = list(Record.query(self.doc.name, scan_index_forward=False, limit=listing.MAX_READ))
        field = row_order.weigh_field(self.doc)
        if field is not None and self.sort_field == field:
            rows.sort(key=lambda r: -(r.n1 if r.n1 is not None else row_order.sort_key(0, int(r.id))))
        return rows

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row = records.answer(self.doc, item)
        if self.tree:
            row["pid"] = int(row.get("pid") or 0)
        return row

    def list_rows(self, query: crud_table.ListQuery, ctx: AdminContext) -> dict[str, Any]:
        """The generic list, with `labels`: the names its rows refer to (related rows' labels by
        field and id, city names by code), read with this table's permission (`row_text.labels`)."""
        result = super().list_rows(query, ctx)
        rows = list(_flat(result["list"]))
        result["labels"] = row_text.labels(self.doc, rows)
        return result

    def field_titles(self, names: set[str]) -> dict[str, str]:
        return {f.name: records.words(f.title) for f in self.doc.fields if f.name in names}

    def shown_rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Rows (as answered) with their values as the list shows them (the logs)."""
        names = row_text.labels(self.doc, rows)
        return [row_text.shown(self.doc, row, names) for row in rows]

    # --- where the list reads (the hooks of the one planner, `functions.routes.admin.table.reading`) ---
    def item_keys(self, ids: list[int]) -> list[Any]:
        return [(record_pk(self.doc.name, self.doc.time_series, i), i) for i in ids]

    def count_scope(self) -> Any:
        return record_scope(self.doc.name)

    def monthly(self) -> bool:
        return self.doc.time_series

    def partition_value(self, month: str | None) -> Any:
        """The design's partition, or one of its months (`<name>#<yyyy-mm>`)."""
        return f"{self.doc.name}#{month}" if month is not None else self.doc.name

    def list_source(self, order: str | None) -> Any:
        """The sort index for the design's sort field (slot `n1`), else the table (ordered by id)."""
        return Record.by_n1 if order is not None and order == self.sort_field else Record

    def key_partition(self, cond: crud_table.Condition) -> listing.Partition | None:
        """A filter on a field with a filter slot (`f1`, `f2`): its index."""
        slot = self.slot_of.get(cond.field)
        if not slot:
            return None
        value = filter_key(self.doc.name, cond.field, self._slot_value(cond.field, cond.val))
        return listing.Partition(Record.by_f1 if slot == "f1" else Record.by_f2, value)

    def _slot_value(self, field: str, value: Any) -> Any:
        """A filter value in the form the slot stores (`functions.services.records`)."""
        kind = next(f.type for f in self.doc.fields if f.name == field)
        if kind == "switch":
            return value in (True, 1, "1", "true")
        if kind in ("integer", "remoteselect", "year"):
            try:
                return int(str(value))
            except ValueError:
                raise ApiError("The search condition is invalid") from None
        return str(value)[:200]

    # --- writing -----------------------------------------------------------------------------
    def validate(self, data: Any, editing: bool = False) -> Any:
        """The request body checked by the design's request model; a clear message naming the field
        (`editing`: an edit's, where a password left empty is kept)."""
        return records.validate_row(self.doc, self.version, data, editing)

    def edit_body(self, values: dict[str, Any]) -> Any:
        return self.validate({k: v for k, v in values.items() if k not in self.passwords}, editing=True)

    def secret_names(self, items: list[Any] | None = None) -> set[str]:
        """Password fields: the sensitive-data log says only that they changed (never a hash)."""
        return set(self.passwords)

    def secret_value(self, item: Any, name: str) -> Any:
        return item.values().get(name) if name in self.passwords else None

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        titles = {f.name: records.words(f.title) for f in self.doc.fields}
        values = item.values()
        return [
            (titles.get(name, name), str(values.get(name, "")), guard)
            for name, guard in records.unique_guards(item, self.doc)
        ]

    def create(self, body: Any, ctx: AdminContext) -> Any:
        self._check_parent(body, None, ctx)
        return records.create_row(self.doc, body, admin_id=ctx.id, on_top=True)

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        self._check_parent(body, int(item.id), ctx, int(item.values().get("pid") or 0) if self.tree else 0)
        return records.update_row(self.doc, item, body)

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        if self.tree:  # every child counts, those outside the caller's data scope too
            ids = {int(i.id) for i in items}
            rows = self.whole_tree()
            if any(int(r.values().get("pid") or 0) in ids and int(r.id) not in ids for r in rows):
                raise ApiError("Delete or move its child rows first")
        return records.delete_rows(self.doc, items)

    def kept_context(self, item: Any) -> dict[str, Any]:
        return {"types": row_convert.field_types(self.doc)}

    def revived(self, item: Any, context: dict[str, Any]) -> Any:
        return row_convert.revived(self.doc, item, context.get("types"))

    def restored(self, tx: Any, item: Any, context: dict[str, Any]) -> str:
        """A tree row comes back only under a parent that exists (deleted together, the parent is
        restored first): never a row hanging under a deleted one."""
        pid = int(item.values().get("pid") or 0) if self.tree else 0
        if pid and self.find(pid) is None:
            raise ApiError("Restore its parent row first")
        write_refs(tx, self.doc.name, int(item.id), {}, files_of(self.doc, item.values()))
        return ""

    def _check_parent(self, body: Any, item_id: int | None, ctx: AdminContext, kept: int = 0) -> None:
        """A tree row's parent exists, and is neither the row itself nor one of its descendants; a new
        parent (not `kept`, the row's parent before an edit) must be within the caller's data scope."""
        pid = int(getattr(body, "pid", 0) or 0) if self.tree else 0
        seen: set[int] = set()
        while pid:
            if pid == item_id or pid in seen:
                raise ApiError("A row cannot be placed under itself or one of its own children")
            parent = self.find(pid)
            if parent is None or (not seen and pid != kept and not self.can_access(parent, ctx)):
                raise ApiError("The parent row does not exist")
            seen.add(pid)
            pid = int(parent.values().get("pid") or 0)

    def move(self, body: SortBody, ctx: AdminContext) -> None:
        """Drag sort on a design with a `weigh` field: row `id` goes to the place of row `targetId` in
        the weigh order (a tree: among its siblings); only the moved row's weigh and place are written
        (rarely a bounded window of rows around it: `row_order.new_places`), found through the sort
        index whatever the table's size. A tree (read whole, like its list) or a weigh field that is
        not indexed moves among the rows read."""
        field = row_order.weigh_field(self.doc)
        if field is None:
            raise ApiError("This table has no sort field")
        moved, target = self.get_item(body.id, ctx), self.get_item(body.targetId, ctx)
        siblings = None
        if self.tree or self.doc.slots().get("n1") != field:
            siblings = records.rows_of(self.doc, listing.MAX_READ)
        if self.tree:
            pid = int(moved.values().get("pid") or 0)
            if int(target.values().get("pid") or 0) != pid:
                raise ApiError("Only rows with the same parent can be sorted against each other")
            siblings = [r for r in siblings or [] if int(r.values().get("pid") or 0) == pid]
        records.move_row(self.doc, moved, target, siblings)


def _flat(rows: list[dict[str, Any]]) -> Any:
    for row in rows:
        yield row
        yield from _flat(row.get("children") or [])


def _table(path: str) -> DesignTable:
    table = find_table(path)
    if table is None:
        raise HTTPException(status_code=404)
    return table


def find_table(path: str) -> DesignTable | None:
    """The designed table at a rule path, as its design is now (None: no design there)."""
    design = designs.get_design(path)
    return DesignTable(designs.load_doc(design), int(design.version)) if design is not None else None


async def _run(function: Callable[..., Any], *args: Any) -> dict[str, Any]:
    return await run_in_threadpool(function, *args)


async def _body(request: Request) -> Any:
    try:
        return json.loads(await request.body() or b"{}")
    except ValueError:
        raise ApiError("The request body is not valid JSON", http_status=400) from None


async def _run_with_body(
    request: Request, path: str, work: Callable[[DesignTable, Any], dict[str, Any]]
) -> dict[str, Any]:
    """Read the request's JSON body, then run `work(table, body)` in the thread pool."""
    data = await _body(request)
    return await _run(lambda: work(_table(path), data))


class ColumnTitle(Model):
    zh: str
    en: str


class DesignedDesign(Model):
    """A designed table's design (its `DesignDoc` as saved), version, the orders its list offers and
    the titles of its relations' extra columns (`<field>.<column>`: the related table's field title)."""

    design: StoredDesign
    version: int
    sortable: list[str]
    columns: dict[str, ColumnTitle] = {}
    site: bool = False  # its rows are shown on the public site: the edit form can preview them


class DesignedList(TableList[dict[str, Any]]):
    """A designed table's index; `labels`: the names its rows refer to — `{field: {id: label}}` for
    fields relating to another table, `{<field>.<column>: {id: text}}` for the related rows' extra
    columns, `{field: {code: name}}` for cities."""

    labels: dict[str, dict[str, str]] = {}


class RelatedRow(Model):
    id: int
    label: str


class RelatedList(Model):
    """Rows of a relation field's related table: only their id and label."""

    list: list[RelatedRow]


# A designed table's rows have the fields of its design: known at run time only.
DesignedRows = Envelope[DesignedList]
DesignedRow = Envelope[TableRow[dict[str, Any]]]


@router.get(
    "/{path:path}/index",
    name="designed_index",
    response_model=DesignedRows,
    response_model_exclude_unset=True,
)
async def index(
    query: ListParameters, path: str, ctx: Annotated[AdminContext, require_designed("index")]
) -> Any:
    """List rows of a designed table: the generic list parameters and answer."""

    def run() -> dict[str, Any]:
        return success(_table(path).list_rows(query, ctx))

    return await _run(run)


@router.get("/{path:path}/design", name="designed_design", response_model=Envelope[DesignedDesign])
async def design(path: str, ctx: Annotated[AdminContext, require_designed("index")]) -> Any:
    """The design of a designed table (fields, list settings) for its page."""

    from functions.publish.site_records import export_of  # deferred: the publish's code, for one flag

    def run() -> dict[str, Any]:
        table = _table(path)
        return success(
            {
                "design": table.doc.model_dump(),
                "version": table.version,
                "sortable": list(table.sortable),
                "columns": row_text.column_titles(table.doc),
                "site": export_of(table.doc.name) is not None,
            }
        )

    return await _run(run)


@router.get("/{path:path}/related", name="designed_related", response_model=Envelope[RelatedList])
async def related(
    path: str,
    ctx: Annotated[AdminContext, require_designed("index")],
    field: Annotated[str, Query(max_length=40)],
    quick_search: Annotated[str, Query(max_length=100)] = "",
    ids: Annotated[str, Query(max_length=1200, description="ids, comma separated (at most 100)")] = "",
) -> Any:
    """The rows a relation field of this table may hold, for its picker and its labels: a quick search
    of the related table (20 rows) or the rows of `ids` — only `{id, label}`, with this table's
    permission (an admin granted this table needs no permission on the related one)."""

    def run() -> dict[str, Any]:
        wanted = row_text.ids_of(ids)[:100]

        def page_of(target: DesignDoc, search: str) -> list[dict[str, Any]]:
            params = crud_table.ListParams(page=1, limit=20, quick_search=search, select=True)
            return DesignTable(target, 0)._list_paged(params, ctx)["list"]

        return success({"list": row_text.related(_table(path).doc, field, quick_search, wanted, page_of)})

    return await _run(run)


@router.get(
    "/{path:path}/edit",
    name="designed_edit_row",
    response_model=DesignedRow,
    response_model_exclude_unset=True,
)
async def edit_row(
    path: str,
    id: Annotated[int, Query(ge=0, le=INT_MAX)],  # noqa: A002
    ctx: Annotated[AdminContext, require_designed("edit")],
) -> Any:
    """One row for the edit form."""

    def run() -> dict[str, Any]:
        table = _table(path)
        return success({"row": table.to_row(table.get_item(id, ctx), ctx)})

    return await _run(run)


@router.post("/{path:path}/add", name="designed_add", response_model=Envelope[IdData])
async def add(request: Request, path: str, ctx: Annotated[AdminContext, require_designed("add")]) -> Any:
    """Add a row (fields of the design)."""

    def run(table: DesignTable, data: Any) -> dict[str, Any]:
        item = table.create(table.validate(data), ctx)
        return success({"id": int(item.id)}, "Added successfully")

    return await _run_with_body(request, path, run)


@router.post("/{path:path}/edit", name="designed_edit", response_model=Envelope[IdData])
async def edit(request: Request, path: str, ctx: Annotated[AdminContext, require_designed("edit")]) -> Any:
    """Save a row: `id` and the fields of the design."""

    def run(table: DesignTable, data: Any) -> dict[str, Any]:
        try:
            item_id = int(data["id"]) if isinstance(data, dict) else -1
        except (KeyError, TypeError, ValueError):
            item_id = -1
        item = table.get_item(item_id, ctx)
        table.edit_item(item, table.validate(data, editing=True), ctx, request)
        return success({"id": int(item.id)}, "Updated successfully")

    return await _run_with_body(request, path, run)


@router.delete("/{path:path}/del", name="designed_del", response_model=Envelope[CountData])
async def delete(request: Request, path: str, ctx: Annotated[AdminContext, require_designed("del")]) -> Any:
    """Delete rows: ids[]=1&ids[]=2."""

    def run() -> dict[str, Any]:
        return success({"count": _table(path).delete_ids(request, ctx)}, "Deleted successfully")

    return await _run(run)


@router.post("/{path:path}/sortable", name="designed_sortable", response_model=Envelope[None])
async def sortable(
    request: Request, path: str, ctx: Annotated[AdminContext, require_designed("sortable")]
) -> Any:
    """Drag sort: row `id` goes to the place of row `targetId`; only weighs are written."""
    data = await _body(request)

    def run() -> dict[str, Any]:
        try:
            body = SortBody.model_validate(data)
        except ValidationError:
            raise ApiError("Incorrect parameter!", http_status=400) from None
        _table(path).move(body, ctx)
        return success(None, "Sorted successfully")

    return await _run(run)


class PreviewPage(Model):
    """A row's public page before it is published: its HTML (shown in a sandboxed frame), its address
    on the site in that language (an anchor on it for a record without a page of its own) and the
    language."""

    html: str
    path: str
    lang: Literal["zh-cn", "en"]


PreviewLang = Annotated[Literal["zh-cn", "en"], Query(description="the page's language")]


def _preview(table: DesignTable, item_id: int, values: dict[str, Any], lang: str) -> dict[str, Any]:
    from functions.publish import export, preview  # deferred: the publish's code (Pillow) for previews only

    return success(preview.preview_page(table.doc.name, export.Draft(table.doc.name, item_id, values), lang))


@router.post("/{path:path}/preview", name="designed_preview", response_model=Envelope[PreviewPage])
async def preview_unsaved(
    request: Request, path: str, lang: PreviewLang, ctx: Annotated[AdminContext, require_designed("edit")]
) -> Any:
    """The public page a row would have, from the values of its form (the body of an add, or of an
    edit with its `id`), checked as a save checks them; nothing is stored or published."""

    def run(table: DesignTable, data: Any) -> dict[str, Any]:
        raw_id = data.get("id") if isinstance(data, dict) else None
        old = table.get_item(_row_id(raw_id), ctx).values() if raw_id not in (None, "", 0) else None
        body = table.validate(data, editing=old is not None)
        values = records.stored_values(table.doc, body, old)
        return _preview(table, _row_id(raw_id) if old is not None else 0, values, lang)

    return await _run_with_body(request, path, run)


@router.get("/{path:path}/preview", name="designed_preview_row", response_model=Envelope[PreviewPage])
async def preview_saved(
    path: str,
    id: Annotated[int, Query(ge=0, le=INT_MAX)],  # noqa: A002
    lang: PreviewLang,
    ctx: Annotated[AdminContext, require_designed("edit")],
) -> Any:
    """The public page a saved row (a draft too) would have: the page of a preview link
    (`/admin/<rule path>?preview=<id>`), shown only to an admin who may edit the table."""

    def run() -> dict[str, Any]:
        table = _table(path)
        return _preview(table, id, table.get_item(id, ctx).values(), lang)

    return await _run(run)


def _row_id(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1
