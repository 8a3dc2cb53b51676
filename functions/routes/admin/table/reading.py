"""The reading half of the generic table: what a table is (its configuration), how it finds its rows,
and the one list planner every table uses, built-in or designed.

A paged list (`plan`) is a `functions.services.listing.Plan`: the Queries to read and the conditions
left to test on each row read. The planner decides it from the list parameters and asks the table
only where its rows are stored (the hooks under "the paged list's storage"):

1. the order: only a column of `sortable` (an index orders by it), ascending or newest first;
2. what this caller may list (`scope`: other partitions, e.g. its own rows through an index, and/or a
   test on each row);
3. otherwise an `eq` filter an index answers (`key_partition`: a field of `key_filters`, a designed
   table's filter slot, a member's log by `user_id`), or a quick search a key answers
   (`quick_partition`: a member's exact username);
4. otherwise the whole table: its constant partition, or the months of a time series (only those of a
   `create_time` range), in the index of the order (`list_source`); the exact total then comes from
   the row counter (`count_scope`).

Tree tables (`tree = True`, rows with `pid`) and small tables (`whole = True`) are read whole (at most
`listing.MAX_READ` rows) and answer the index with the rows nested under `children` when nothing is
filtered (not paged: a tree is shown whole), and sort only among siblings.
"""

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from functions.core.i18n import t
from functions.core.responses import ApiError, Shape
from functions.core.validators import INT_MAX
from functions.models.listing import MONTHLY, PART, month_buckets, total_rows
from functions.routes.admin.deps import AdminContext
from functions.services import crud_table, listing
from functions.services.permissions import build_tree


def key_value(model: Any, field: str, value: Any) -> Any:
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


class ReadingTable:
    path: ClassVar[str]
    model: ClassVar[Any]
    fields: ClassVar[Sequence[str]] = ("id",)
    quick_search: ClassVar[Sequence[str]] = ("id",)
    # Fields of a row a list is never searched or sorted by (a designed table's passwords).
    unsearched: ClassVar[Sequence[str]] = ()
    tree: ClassVar[bool] = False
    whole: ClassVar[bool] = False  # a small table listed whole, like a tree (bounded by MAX_READ)
    # The orders an index gives (paged lists); `create_time` grows with `id`.
    sortable: ClassVar[Sequence[str]] = ("id", "create_time")
    # Filters (`eq`) a GSI answers: field -> the model's index attribute (hash: the field, range: id).
    key_filters: ClassVar[dict[str, str]] = {}
    default_order: ClassVar[tuple[str, bool] | None] = None  # None: the source's order
    remark: ClassVar[str] = ""
    # The documented shape of a row (index and edit answers); keys it does not declare pass through.
    row_model: ClassVar[type[Shape]] = Shape

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

    def item_keys(self, ids: list[int]) -> list[Any]:
        """The keys of the rows with these ids (a BatchGetItem's)."""
        return list(ids)

    # --- the paged list's storage (the planner asks these) -------------------------------------
    def count_scope(self) -> Any:
        """What the row counter counts (`functions.models.listing`): the model, or a scope's name."""
        return self.model

    def monthly(self) -> bool:
        """Whether the rows are partitioned by month (a time series)."""
        return bool(self.model.list_buckets == MONTHLY)

    def partition_value(self, month: str | None) -> Any:
        """The hash key of the whole table's partition (`month` None), or of one of its months."""
        return month if month is not None else PART

    def list_source(self, order: str | None) -> Any:
        """The table or index a list in this order (the column sorted by; None: the id) reads."""
        return self.model.by_part

    def key_partition(self, cond: crud_table.Condition) -> listing.Partition | None:
        """The one Query answering the `eq` condition `cond`, when an index does (`key_filters`)."""
        index = self.key_filters.get(cond.field)
        if index is None:
            return None
        return listing.Partition(getattr(self.model, index), key_value(self.model, cond.field, cond.val))

    def quick_partition(self, text: str) -> listing.Partition | None:
        """The one Query answering a quick search exactly, when a key does (it then replaces it)."""
        return None

    # --- the list ------------------------------------------------------------------------------
    def list_rows(self, query: crud_table.ListQuery, ctx: AdminContext) -> dict[str, Any]:
        params = crud_table.parse_params(query, [f for f in self.fields if f not in self.unsearched])
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
        found = self.model.batch_get(self.item_keys(ids)) if ids else []
        items = [i for i in found if self.can_access(i, ctx)]
        rows = [to_row(i) for i in sorted(items, key=lambda i: -int(i.id))]
        return {"list": rows, "total": len(rows), "sortable": list(self.sortable)}

    def plan(self, params: crud_table.ListParams, ctx: AdminContext) -> tuple[listing.Plan, list[Any]]:
        """The Queries of a paged list and the conditions they leave to test on each row (the steps
        in this module's docstring)."""
        forward, order = False, None
        if params.order is not None:
            order, descending = params.order
            if order not in self.sortable:
                raise ApiError("Sorting by this column is not supported")
            forward = not descending
        conditions = list(params.search or [])
        partitions, keep = self.scope(ctx)
        keyed = False
        if partitions is None:
            for cond in conditions:
                if cond.operator != "eq" or cond.val in (None, ""):
                    continue
                found = self.key_partition(cond)
                if found is not None:
                    partitions, keyed = [found], True
                    conditions.remove(cond)
                    break
        if partitions is None and params.quick_search:
            found = self.quick_partition(params.quick_search)
            if found is not None:
                partitions, keyed, params.quick_search = [found], True, ""
        if partitions is None:
            source = self.list_source(order)
            if self.monthly():
                since, until = time_range(conditions)
                months = month_buckets(self.count_scope(), newest_first=not forward, since=since, until=until)
                partitions = [listing.Partition(source, self.partition_value(month)) for month in months]
            else:
                partitions = [listing.Partition(source, self.partition_value(None))]
        plan = listing.Plan(model=self.model, partitions=partitions, forward=forward)
        if keep is None and not keyed:
            scope = self.count_scope()
            plan.total = lambda: total_rows(scope)
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
