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
`functions.services.crud_table`. The index reads a page at a time (`functions.services.listing`):
the model's `part-id-index` (its months for a time-series table), or a GSI when a filter names a
field of `key_filters` (`eq`), newest first or by `id` ascending; `sortable` lists the orders an
index gives (`id`, and `create_time`, which grows with it); the total comes from the row counter
when nothing filters. Tree tables (`tree = True`, rows with `pid`) and small tables (`whole =
True`) are read whole (at most `listing.MAX_READ` rows) and answer the index with the rows nested
under `children` when nothing is filtered (not paged: a tree is shown whole), and sort only among
siblings.

Shared by several resources (route modules never import each other): `Status`, the rule schema
`RuleFields`/`rule_values` (auth/rule and user/rule) and `AccountLogTable` (user/moneyLog and
user/scoreLog, with their `POST add` that changes a member's balance or points).

This module does not use `from __future__ import annotations`: the endpoint closures annotate their
body parameter with the resource's schema, which FastAPI must be able to evaluate.
"""

from collections.abc import Callable, Sequence
from types import GenericAlias
from typing import Annotated, Any, ClassVar, Literal

from fastapi import Query, Request
from pydantic import Field, ValidationError, create_model

from functions.core.client_ip import client_ip
from functions.core.errors import validation_messages
from functions.core.i18n import get_lang, t
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
from functions.core.routing import APIRouter
from functions.core.validators import (
    INT_MAX,
    Account,
    AvatarUrl,
    Motto,
    OptionalEmail,
    OptionalMobile,
    Password,
    Required,
    Schema,
    Text,
    Url,
)
from functions.models.account_log import MoneyLog
from functions.models.base import WatchedTransaction, WatchedWriteError
from functions.models.listing import MONTHLY, PART, month_buckets, total_rows
from functions.models.rule import AdminRule
from functions.models.unique import Unique, owner_of, unique_key
from functions.models.user import USERNAME_SCOPE, User, cents_to_yuan
from functions.routes.admin.deps import AdminContext, require
from functions.services import crud_table, data_rules, listing, recycle, sensitive, wallet
from functions.services import rules as rules_service
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


class RowId(Schema):
    """What an edit form adds to its add form: the row's `id`."""

    id: int


class AccountEdit(RowId):
    """What the admin and member edit forms add: the row's `id`, and a password that may stay empty
    (unchanged; checked by the rule when given)."""

    password: str = ""


class AccountFields(Schema):
    """What the back office's admin and member forms share; each adds its own group fields. Their edit
    forms add `AccountEdit`'s fields (`edit_form`)."""

    edit_adds: ClassVar[type[Schema]] = AccountEdit

    username: Account
    nickname: Required
    password: Password
    email: OptionalEmail = ""
    mobile: OptionalMobile = ""
    avatar: AvatarUrl = ""
    motto: Motto = ""
    status: Status = "enable"


class GroupFields(Schema):
    """What the admin and member group forms share; the admin's adds its parent (`pid`)."""

    name: Required
    rules: list[int | str] = Field(default_factory=list)
    status: Status = "enable"
    remark: Text = Field("", max_length=255)


def edit_form(add: type[Schema]) -> type[Schema]:
    """The edit form of a table: its add form's fields, in their order, then those of the add form's
    `edit_adds` (default `RowId`, the row's `id`; `AccountEdit` for accounts). Named after the add
    form: `GroupIn` -> `GroupEdit`."""
    name = add.__name__.removesuffix("In") + "Edit"
    adds = getattr(add, "edit_adds", RowId)
    return create_model(name, __base__=(adds, add), __module__=add.__module__)


# The columns the admin and member lists open with, in this order.
ACCOUNT_COLUMNS = ("id", "username", "nickname", "email", "mobile")


# The columns the tables of this module add to their rows (`RuleTableBase`: the rule's `label` in the
# request's language; `DataRuleTable`, `DataLogTable`: the title of the row's table).
ADDED_COLUMNS: dict[str, Any] = {"label": str, "table_title": str}
# The Python type of a stored attribute by its DynamoDB type (a list: of its elements' type).
ATTRIBUTE_TYPES: dict[str, Any] = {"S": str, "N": int, "BOOL": bool, "L": list, "M": dict[str, Any]}


def attribute_type(attribute: Any) -> Any:
    """The Python type of a PynamoDB attribute's values (`list[int]` for a list of numbers)."""
    kind = ATTRIBUTE_TYPES[attribute.attr_type]
    element = getattr(attribute, "element_type", None)
    if kind is list:
        return GenericAlias(list, (attribute_type(element) if element is not None else Any,))
    return kind


def row_shape(
    name: str, model: Any, columns: str | Sequence[str], doc: str | None = None, **types: Any
) -> type[Shape]:
    """The documented shape of a table's row (`Table.row_model`): `columns` in order (a sequence, or
    names separated by spaces), each optional (`None` by default) and typed like the model's attribute
    of that name (its Python name or its stored name) or like `ADDED_COLUMNS`; `types` gives the type
    of a column the model does not store, or shows otherwise (e.g. money in yuan strings)."""
    attributes = model.get_attributes()
    by_name = {**{attr.attr_name: attr for attr in attributes.values()}, **attributes}
    types = {**ADDED_COLUMNS, **types}
    definitions: dict[str, Any] = {}
    for column in columns.split() if isinstance(columns, str) else columns:
        kind = types[column] if column in types else attribute_type(by_name[column])
        definitions[column] = (kind if kind is Any else kind | None, None)
    shape: type[Shape] = create_model(name, __base__=Shape, __doc__=doc, **definitions)
    return shape


RULE_COLUMNS = (
    "id pid type title title_en label name path icon menu_type url component keepalive remark weigh status"
    " create_time update_time"
)
RuleRow = row_shape("RuleRow", AdminRule, RULE_COLUMNS)


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


def _key_value(model: Any, field: str, value: Any) -> Any:
    """A filter value as the type of the index's hash key (a number for `admin_id`)."""
    if model.get_attributes()[field].attr_type == "N":
        try:
            number = int(str(value))
        except ValueError:
            raise ApiError("The search condition is invalid") from None
        if not -INT_MAX <= number <= INT_MAX:
            raise ApiError("The search condition is invalid")
        return number
    return str(value)[:200]


def time_range(conditions: Sequence[Any]) -> tuple[int | None, int | None]:
    """The `create_time` range of the conditions (to pick the months to read; the condition itself
    still tests each row)."""
    since = until = None
    for cond in conditions:
        if cond.field != "create_time" or cond.operator not in ("range", "gt", "gte", "lt", "lte"):
            continue
        bounds = cond.val if isinstance(cond.val, list) else str(cond.val or "").split(",")
        low = bounds[0] if cond.operator in ("range", "gt", "gte") else None
        high = bounds[-1] if cond.operator in ("lt", "lte") else (bounds[1] if len(bounds) > 1 else None)
        try:
            since = int(float(low)) if low not in (None, "") else since
            until = int(float(high)) if high not in (None, "") else until
        except (TypeError, ValueError):
            raise ApiError("The search condition is invalid") from None
    return since, until


def origin_of(ctx: AdminContext, request: Request) -> recycle.Origin:
    """Who is writing, from where (for the recycle bin and the sensitive-data log)."""
    return recycle.Origin(
        admin_id=ctx.id,
        username=ctx.admin.username,
        ip=client_ip(request),
        useragent=request.headers.get("user-agent", ""),
    )


# Every table by its rule path (filled by `Table.router()`), and the functions finding the tables
# that are data (designed tables): the recycle bin and the sensitive-data log find a row's table here.
TABLES: dict[str, "Table"] = {}
RESOLVERS: list[Callable[[str], "Table | None"]] = []


def table_for(path: str) -> "Table | None":
    """The table at a rule path, built-in or designed (None: no such table now)."""
    found = TABLES.get(path)
    for resolve in RESOLVERS:
        if found is not None:
            break
        found = resolve(path)
    return found


class Table:
    path: ClassVar[str]
    model: ClassVar[Any]
    fields: ClassVar[Sequence[str]] = ("id",)
    quick_search: ClassVar[Sequence[str]] = ("id",)
    actions: ClassVar[Sequence[str]] = ("index", "add", "edit", "del")
    add_schema: ClassVar[type[Schema] | None] = None
    edit_schema: ClassVar[type[Schema] | None] = None
    tree: ClassVar[bool] = False
    whole: ClassVar[bool] = False  # a small table listed whole, like a tree (bounded by MAX_READ)
    # The orders an index gives (paged lists); `create_time` grows with `id`.
    sortable: ClassVar[Sequence[str]] = ("id", "create_time")
    # Filters (`eq`) a GSI answers: field -> the model's index attribute (hash: the field, range: id).
    key_filters: ClassVar[dict[str, str]] = {}
    default_order: ClassVar[tuple[str, bool] | None] = None  # None: the source's order
    remark: ClassVar[str] = ""
    tag: ClassVar[str] = "admin"
    # The documented shape of a row (index and edit answers); keys it does not declare pass through.
    row_model: ClassVar[type[Shape]] = Shape
    designed: ClassVar[bool] = False  # a designed table (the recycle rule `*` covers it)
    # Row fields that hold a secret (a password) -> the stored attribute telling that it changed: the
    # sensitive-data log never records their values.
    secret_fields: ClassVar[dict[str, str]] = {}

    # --- reading -----------------------------------------------------------------------------
    def source(self, ctx: AdminContext) -> list[Any]:
        """Every row of a tree or whole table this caller may list (one bounded Query; newest first)."""
        return list(self.model.by_part.query(PART, scan_index_forward=False, limit=listing.MAX_READ))

    def scope(self, ctx: AdminContext) -> tuple[list[listing.Partition] | None, Callable[[Any], bool] | None]:
        """What of a paged table this caller may list: other partitions to read (e.g. only their
        own rows through an index) and/or a test on each item; (None, None): everything."""
        return None, None

    def row_builder(self, ctx: AdminContext) -> Callable[[Any], dict[str, Any]]:
        """The function turning an item into its row for one request (load per-request lookups
        here, never on the shared table object)."""
        return lambda item: self.to_row(item, ctx)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_row()

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        """Complete the rows of one page in place (e.g. names looked up in one batch)."""

    def find(self, item_id: int) -> Any | None:
        """The row with this id, or None."""
        try:
            return self.model.get(item_id, consistent_read=True)
        except self.model.DoesNotExist:
            return None

    def get_item(self, item_id: int, ctx: AdminContext) -> Any:
        item = self.find(item_id)
        if item is None or not self.can_access(item, ctx):
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

    def move(self, body: "SortBody", ctx: AdminContext) -> None:
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
    def list_rows(self, request: Request, ctx: AdminContext) -> dict[str, Any]:
        params = crud_table.parse_params(request.query_params, self.fields)
        if params.order is None and self.default_order is not None:
            params.order = self.default_order
        remark = t(self.remark) if self.remark else ""
        if self.tree or self.whole:
            result = self._list_whole(params, ctx)
        elif params.init_key == "id" and params.init_value is not None:
            result = self._list_ids(params, ctx)
        else:
            result = self._list_paged(params, ctx)
        if not result.pop("nested", False):
            self.decorate(result["list"], ctx)
        return {"remark": remark, **result}

    def _list_whole(self, params: crud_table.ListParams, ctx: AdminContext) -> dict[str, Any]:
        rows = [self.to_row(item, ctx) for item in self.source(ctx)]
        rows, filtered = crud_table.apply(rows, params, self.quick_search)
        answer: dict[str, Any] = {"total": len(rows), "sortable": list(self.fields)}
        if self.tree and not filtered and not params.select:
            return {**answer, "list": build_tree(rows), "nested": True}
        return {**answer, "list": crud_table.page(rows, params)}

    def _list_ids(self, params: crud_table.ListParams, ctx: AdminContext) -> dict[str, Any]:
        """A select's current value: the rows with these ids (one BatchGetItem, at most 100)."""
        try:
            ids = sorted({int(v) for v in params.init_value or []})[:100]
        except ValueError:
            raise ApiError("The search condition is invalid") from None
        to_row = self.row_builder(ctx)
        items = [i for i in self.model.batch_get(ids) if self.can_access(i, ctx)] if ids else []
        rows = [to_row(i) for i in sorted(items, key=lambda i: -int(i.id))]
        return {"list": rows, "total": len(rows), "sortable": list(self.sortable)}

    def plan(self, params: crud_table.ListParams, ctx: AdminContext) -> tuple[listing.Plan, list[Any]]:
        """The Queries of a paged list and the conditions they leave to test on each row."""
        model = self.model
        forward = False
        if params.order is not None:
            field, descending = params.order
            if field not in self.sortable:
                raise ApiError("Sorting by this column is not supported")
            forward = not descending
        conditions = list(params.search or [])
        partitions, keep = self.scope(ctx)
        keyed = False
        if partitions is None:
            for cond in conditions:
                if cond.field in self.key_filters and cond.operator == "eq" and cond.val not in (None, ""):
                    index = getattr(model, self.key_filters[cond.field])
                    partitions = [listing.Partition(index, _key_value(model, cond.field, cond.val))]
                    conditions.remove(cond)
                    keyed = True
                    break
        if partitions is None and model.list_buckets == MONTHLY:
            since, until = time_range(conditions)
            buckets = month_buckets(model, newest_first=not forward, since=since, until=until)
            partitions = [listing.Partition(model.by_part, bucket) for bucket in buckets]
        elif partitions is None:
            partitions = [listing.Partition(model.by_part, PART)]
        plan = listing.Plan(model=model, partitions=partitions, forward=forward)
        if keep is None and not keyed:
            plan.total = lambda: total_rows(model)
        if keep is not None:
            plan.matches = keep
        return plan, conditions

    def _list_paged(self, params: crud_table.ListParams, ctx: AdminContext) -> dict[str, Any]:
        plan, conditions = self.plan(params, ctx)
        to_row = self.row_builder(ctx)
        rows: dict[int, dict[str, Any]] = {}

        def row_of(item: Any) -> dict[str, Any]:
            key = id(item)
            if key not in rows:
                rows[key] = to_row(item)
            return rows[key]

        test = crud_table.row_filter(params, self.quick_search, conditions)
        if test is not None:
            keep = plan.matches
            plan.matches = lambda item: (keep is None or keep(item)) and test(row_of(item))
        page = listing.read_page(plan, page=params.page, limit=params.limit, cursor=params.cursor)
        return {
            "list": [row_of(item) for item in page.items],
            "total": page.total,
            "cursor": page.cursor,
            "more": page.more,
            "pager": page.pager,
            "sortable": list(self.sortable),
        }

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
        TABLES[self.path] = self
        list_answer, row_answer = self.answers()

        def get_shape(path: str, action: str, answer: Any) -> Callable[[Callable[..., Any]], Any]:
            """A GET route answering rows (`Shape`s): keys the route did not set stay absent."""
            return router.get(
                path, name=self.name(action), response_model=answer, response_model_exclude_unset=True
            )

        if "index" in self.actions:

            @get_shape("/index", "index", list_answer)
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


AccountLogRow = row_shape(
    "AccountLogRow",
    MoneyLog,
    "id seq user_id username nickname change before after memo admin_id create_time",
    "A balance (amounts in yuan strings) or points (integers) log row.",
    username=str,
    nickname=str,
    change=str | int,
    before=str | int,
    after=str | int,
)


class AccountAdjust(Schema):
    """The body of an account log's `POST add`; a subclass adds the amount field (`money`, `score`)."""

    user_id: int
    memo: Text = Field("", max_length=255)

    def amount(self) -> int:
        """The change asked for, in cents or points."""
        raise NotImplementedError


class AccountLogTable(Table):
    """A member's balance or points log (read-only), rows with the member's username and nickname;
    money amounts in yuan strings. A filter on `user_id`, or a quick search that is a member's exact
    username, reads that member's rows only (the table's own key: `user_id`, `seq`).

    Besides the index, `POST add` (permission `<path>/add`, body `adjust_schema`) adds to or, negative,
    deducts from the member's balance or points through `functions.services.wallet` (member and log
    row in one transaction) and answers the log row (`after` in yuan for money)."""

    adjust_schema: ClassVar[type[AccountAdjust]] = AccountAdjust

    @property
    def kind(self) -> str:
        """ "money" or "score": the model's (`functions.services.wallet`'s name for it)."""
        return str(self.model.kind)

    def router(self) -> APIRouter:
        router = super().router()
        table, perm, adjust_schema = self, f"{self.path}/add", self.adjust_schema

        @router.post(
            "/add",
            name=self.name("add"),
            response_model=self.answers()[1],
            response_model_exclude_unset=True,
        )
        def adjust(body: adjust_schema, ctx: Annotated[AdminContext, require(perm)]) -> dict[str, Any]:  # type: ignore[valid-type]
            """Add to (or, negative, deduct from) a member's balance (in yuan) or points."""
            amount = body.amount()  # type: ignore[attr-defined]
            if amount == 0:
                raise ApiError("The amount must not be zero")
            row = wallet.change(table.kind, body.user_id, amount, body.memo, admin_id=ctx.id)  # type: ignore[attr-defined]
            if table.kind == "money":
                row["after"] = cents_to_yuan(row["after"])
            return success({"row": row}, "Operation successful")

        return router

    fields = ("id", "user_id", "username", "change", "memo", "admin_id", "create_time")
    quick_search = ("memo", "user_id")
    actions = ("index",)
    row_model = AccountLogRow

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_dict()

    def plan(self, params: crud_table.ListParams, ctx: AdminContext) -> tuple[listing.Plan, list[Any]]:
        plan, conditions = super().plan(params, ctx)
        member = next(
            (
                c
                for c in conditions
                if c.field == "user_id" and c.operator == "eq" and c.val not in (None, "")
            ),
            None,
        )
        user_id: int | None = None
        if member is not None:
            user_id = _key_value(self.model, "user_id", member.val)
            conditions.remove(member)
        elif params.quick_search:
            owner = owner_of(USERNAME_SCOPE, params.quick_search)
            if owner is not None:
                user_id, params.quick_search = int(owner), ""
        if user_id is not None:
            plan = listing.Plan(
                model=self.model, partitions=[listing.Partition(self.model, user_id)], forward=plan.forward
            )
        return plan, conditions

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        ids = sorted({int(r["user_id"]) for r in rows})
        users = {int(u.id): u for u in User.batch_get(ids)} if ids else {}
        for row in rows:
            user = users.get(int(row["user_id"]))
            row["username"] = user.username if user else ""
            row["nickname"] = user.nickname if user else ""
            if self.kind == "money":
                for key in ("change", "before", "after"):
                    row[key] = cents_to_yuan(int(row[key]))


class RuleTableBase(Table):
    """A menu-rule tree (back-office rules, member rules): the list columns, search and actions they share."""

    fields = ("id", "pid", "type", "title", "title_en", "name", "path", "menu_type", "status", "weigh")
    quick_search = ("title", "title_en", "name")
    actions = ("index", "add", "edit", "del", "sortable")
    tree = True
    row_model = RuleRow

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return {**item.to_row(), "label": item.label(get_lang())}

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        scope = rules_service.scope_of(self.model)
        return [(t("Rule name"), item.name, Unique(unique_key(scope, item.name), owner=""))]

    def kept_context(self, item: Any) -> dict[str, Any]:
        """The groups holding the rule: a restore grants it to them again."""
        return {"groups": rules_service.holding_groups(self.model, int(item.id))}

    def restored(self, tx: WatchedTransaction, item: Any, context: dict[str, Any]) -> str:
        gone = rules_service.regrant(tx, self.model, int(item.id), list(context.get("groups") or []))
        if not gone:
            return ""
        names = ", ".join(f"{entry.get('name', '')} (#{entry['id']})" for entry in gone)
        return t("not granted again to the groups deleted since: {groups}", groups=names)


class TableInfo(Shape):
    """A back-office table the recycle bin and the sensitive-data log can watch."""

    path: str
    title: str
    designed: bool
    fields: list[str]
    field_titles: dict[str, str] = {}  # where the table has titles for its fields (config items)


def known_tables(ctx: AdminContext, action: str) -> list[dict[str, Any]]:
    """The tables whose deletes (`action` "del") or edits ("edit") can be watched (built-in tables
    that offer it, and every designed table) with their titles in the request's language and their
    field names."""
    from functions.core.i18n import get_lang
    from functions.services import designs

    lang = get_lang()
    titles = {rule.name: rule.label(lang) for rule in ctx.rules}
    found: list[dict[str, Any]] = []
    for path, table in sorted(TABLES.items()):
        if path.startswith("security/") or action not in table.actions:
            continue
        names = table.field_names()
        found.append(
            {
                "path": path,
                "title": titles.get(path, path),
                "designed": False,
                "fields": names,
                "field_titles": table.field_titles(set(names)),
            }
        )
    for design in designs.list_designs():
        doc = designs.load_doc(design)
        title = doc.title.en if lang == "en" and doc.title.en else doc.title.zh
        found.append(
            {
                "path": doc.name,
                "title": titles.get(doc.name, title or doc.name),
                "designed": True,
                "fields": [f.name for f in doc.fields],
            }
        )
    return found


def table_title(path: str, ctx: AdminContext) -> str:
    """The title of a table's menu in the request's language (`*`: every designed table)."""
    from functions.core.i18n import get_lang

    if path == "*":
        return t("Every designed table")
    lang = get_lang()
    return next((rule.label(lang) for rule in ctx.rules if rule.name == path), path)


class DataRuleTable(Table):
    """A table of recycle or sensitive-data rules (`functions.services.data_rules`): small, listed
    whole; a rule names a table that exists (its path cannot change once the rule exists)."""

    scope_name: ClassVar[str]
    watched_action: ClassVar[str]  # what the rules watch: "del" (recycle) or "edit" (sensitive data)
    quick_search = ("table", "title")
    whole = True

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row: dict[str, Any] = item.to_row()
        row["table_title"] = table_title(item.table, ctx)
        return row

    def values(self, body: Any) -> dict[str, Any]:
        return dict(body.model_dump(exclude={"id"}))

    def check(self, table: str, fields: list[str], ctx: AdminContext) -> None:
        """The table exists (or is `*`) and has these fields."""
        if table == "*":
            return
        info = next((info for info in known_tables(ctx, self.watched_action) if info["path"] == table), None)
        if info is None:
            raise ApiError("There is no table at this path")
        unknown = [name for name in fields if name not in info["fields"]]
        if unknown:
            raise ApiError("The table has no field {field}", params={"field": unknown[0]})

    def create(self, body: Any, ctx: AdminContext) -> Any:
        values = self.values(body)
        self.check(values["table"], list(getattr(body, "fields", [])), ctx)
        return data_rules.create_rule(self.model, self.scope_name, values)

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        self.check(item.table, list(getattr(body, "fields", [])), ctx)
        return data_rules.update_rule(item, self.values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return data_rules.delete_rules(self.scope_name, items)


class IdsBody(Schema):
    """The rows an action applies to (restore, rollback)."""

    ids: list[Annotated[int, Field(ge=0, le=INT_MAX)]] = Field(min_length=1, max_length=100)


class DataLogTable(Table):
    """The recycle bin or the sensitive-data log: a time series listed newest first (filters on `table`
    and `admin_id` read their index, a `create_time` range only its months); `del` purges rows."""

    actions = ("index", "del")
    key_filters = {"table": "by_table", "admin_id": "by_admin"}

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return dict(item.to_row())

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        for row in rows:
            row["table_title"] = table_title(row["table"], ctx)
