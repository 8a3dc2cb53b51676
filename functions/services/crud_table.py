"""The list logic of the generic back-office table API (DESIGN §3), independent of any resource.

`GET …/index` parameters (all optional):
- `page` (1…), `limit` (1…1000, default 10); `cursor`: the `cursor` of the previous answer, for the
  next page (lists that are not trees: `functions.services.listing`, which also says how far page
  jumps go and what the answer's `total`, `more`, `pager` and `sortable` mean);
- `quick_search`: case-insensitive substring over the resource's quick-search fields;
- `search`: a JSON list (at most `MAX_CONDITIONS`; nested deeper than `MAX_SEARCH_DEPTH` or with
  invalid characters it is an HTTP 400) of conditions `{"field", "operator", "val"}`; operators
  `eq`, `ne`, `gt`, `gte`, `lt`, `lte` (val: one value), `like` / `notlike` (contains / does not
  contain, case-insensitive), `in` / `notin` (val: a list or comma-separated, at most `MAX_IN_VALUES`),
  `range` / `notrange` (between / not between, bounds included; val: [from, to] or "from,to", either
  side may be empty, from not after to), `null` / `notnull` (empty: no value, "" or an empty list; val
  not read). Each negated operator keeps exactly the rows its positive one leaves out (rows without a
  value included). A condition whose value does not fit its operator is an HTTP 400 naming the field;
  an empty value filters nothing;
- `order`: `field,asc` or `field,desc` (default: the resource's; only a field of the table's
  `sortable` — those an index orders by — anything else is refused with a message);
- `select=true`: a quick-search select asks for options; `initKey`/`initValue` pick the rows whose
  `initKey` is one of `initValue` (comma-separated) — the select's current value.

The parameters are declared once, `ListQuery` (every index takes it as `Annotated[ListQuery,
Query()]`, so the OpenAPI declares them for each list); it reads them as leniently as the lists always
have (a number out of range is brought into it, an unreadable one is the default, a long text is cut).
This module parses the parameters and holds the row tests (`row_filter`, `matches`); the generic
table (`functions.routes.admin.table.reading`) reads pages with `functions.services.listing` and applies the
tests to the rows read there. Tree tables (rules, groups: small, shown whole) are read whole, at
most `listing.MAX_READ` rows, and filtered and sorted in memory with `apply`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from functions.core.responses import ApiError
from functions.core.validators import parse_json_checked

OPERATORS = (
    "eq",
    "ne",
    "gt",
    "gte",
    "lt",
    "lte",
    "like",
    "notlike",
    "in",
    "notin",
    "range",
    "notrange",
    "null",
    "notnull",
)
# The negated operators: each keeps the rows its positive one does not.
NEGATED = {"ne": "eq", "notlike": "like", "notin": "in", "notrange": "range", "notnull": "null"}
MAX_LIMIT = 1000
MAX_IN_VALUES = 100
MAX_CONDITIONS = 50
MAX_SEARCH_DEPTH = 4  # [ {"val": [ … ] } ]: a list of objects whose val may be a list


@dataclass(frozen=True)
class Condition:
    field: str
    operator: str
    val: Any


@dataclass
class ListParams:
    page: int = 1
    limit: int = 10
    quick_search: str = ""
    search: list[Condition] | None = None
    order: tuple[str, bool] | None = None  # (field, descending)
    select: bool = False
    cursor: str = ""
    init_key: str = ""
    init_value: list[str] | None = None


def _clamped(default: int, low: int, high: int) -> BeforeValidator:
    """A number brought into [low, high]; missing or unreadable: `default`."""

    def read(raw: Any) -> int:
        try:
            value = int(raw) if raw not in (None, "") else default
        except (TypeError, ValueError):
            return default
        return max(low, min(high, value))

    return BeforeValidator(read)


def _cut(length: int, strip: bool = False) -> BeforeValidator:
    """A text cut to `length` characters (stripped first when `strip`)."""
    return BeforeValidator(lambda raw: (str(raw or "").strip() if strip else str(raw or ""))[:length])


# The shape of `search` (a JSON text), for the OpenAPI.
SEARCH_SCHEMA: dict[str, Any] = {
    "type": "array",
    "maxItems": MAX_CONDITIONS,
    "items": {
        "type": "object",
        "required": ["field"],
        "properties": {
            "field": {"type": "string"},
            "operator": {"enum": list(OPERATORS), "default": "eq"},
            "val": {},
        },
    },
}


SEARCH_TEXT = f'JSON list of conditions `{{"field", "operator", "val"}}`; operators: {", ".join(OPERATORS)}'


class ListQuery(BaseModel):
    """The list parameters of a table's index (this module's docstring says what each one does)."""

    model_config = ConfigDict(populate_by_name=True)

    # Constraints first: the lenient reading (`_clamped`, `_cut`) runs before them.
    page: Annotated[int, Field(ge=1, le=1_000_000), _clamped(1, 1, 1_000_000)] = 1
    limit: Annotated[int, Field(ge=1, le=MAX_LIMIT), _clamped(10, 1, MAX_LIMIT)] = 10
    cursor: Annotated[
        str,
        Field(max_length=4096, description="The `cursor` of the previous answer, for the page after it"),
        _cut(4096),
    ] = ""
    quick_search: Annotated[
        str, Field(max_length=100, description="Substring of the quick-search fields"), _cut(100, strip=True)
    ] = ""
    search: Annotated[
        str,
        Field(
            description=SEARCH_TEXT,
            json_schema_extra={"contentMediaType": "application/json", "contentSchema": SEARCH_SCHEMA},
        ),
    ] = ""
    order: Annotated[
        str, Field(description="`field,asc` or `field,desc`: a field of the answer's `sortable`")
    ] = ""
    select: Annotated[
        bool,
        Field(description="A select asks for options"),
        BeforeValidator(lambda raw: str(raw).lower() in {"1", "true", "yes"}),
    ] = False
    init_key: Annotated[str, Field(alias="initKey", description="`initValue` are values of this field")] = ""
    init_value: Annotated[
        str, Field(alias="initValue", description="The select's current value: values, comma separated")
    ] = ""


def parse_params(query: ListQuery, fields: Iterable[str]) -> ListParams:
    """The list parameters checked against a table's fields (`fields`: unknown ones are refused)."""
    allowed = set(fields)
    params = ListParams(
        page=query.page,
        limit=query.limit,
        quick_search=query.quick_search,
        select=query.select,
        init_key=query.init_key,
        cursor=query.cursor,
    )
    if params.init_key:
        if params.init_key not in allowed:
            raise ApiError("The search condition is invalid")
        params.init_value = [v for v in query.init_value.split(",") if v != ""]
    raw_search = query.search
    if raw_search:
        try:
            items = parse_json_checked(raw_search, MAX_SEARCH_DEPTH)
        except json.JSONDecodeError:
            raise ApiError("The search condition is invalid") from None
        except ValueError as exc:  # nested too deeply, invalid characters: a malformed request
            raise ApiError(str(exc), http_status=400) from None
        if not isinstance(items, list) or len(items) > MAX_CONDITIONS:
            raise ApiError("The search condition is invalid")
        conditions = []
        for item in items:
            if not isinstance(item, dict):
                raise ApiError("The search condition is invalid")
            field = str(item.get("field", ""))
            operator = str(item.get("operator", "eq")).lower()
            if field not in allowed:
                raise ApiError("The search condition is invalid")
            conditions.append(checked_condition(field, operator, item.get("val")))
        params.search = conditions
    raw_order = query.order
    if raw_order:
        field, _, direction = raw_order.partition(",")
        if field not in allowed or direction.lower() not in {"", "asc", "desc"}:
            raise ApiError("The search condition is invalid")
        params.order = (field, direction.lower() == "desc")
    return params


def _refused(msg: str, **params: Any) -> ApiError:
    """A search the server cannot read as asked: a malformed request (HTTP 400), said in the caller's
    language."""
    return ApiError(msg, http_status=400, params=params)


def _scalar(val: Any) -> bool:
    return val is None or isinstance(val, str | int | float | bool)


def checked_condition(field: str, operator: str, val: Any) -> Condition:
    """A condition whose value fits its operator (this module's docstring), else an HTTP 400."""
    if operator not in OPERATORS:
        raise _refused("Unknown search operator {operator}", operator=operator[:20])
    if operator in ("null", "notnull"):
        return Condition(field, operator, None)
    if operator in ("in", "notin"):
        values = [v for v in _as_list(val) if v not in (None, "")]
        if not all(_scalar(v) for v in values):
            raise _refused("The search on {field} takes a list of values", field=field)
        if len(values) > MAX_IN_VALUES:
            raise _refused("The search on {field} takes at most {max} values", field=field, max=MAX_IN_VALUES)
        return Condition(field, operator, values)
    if operator in ("range", "notrange"):
        bounds = val if isinstance(val, list) else str(val).split(",") if isinstance(val, str) else None
        if bounds is None and val is not None:
            raise _refused("The range searched on {field} takes a start and an end", field=field)
        bounds = bounds or []
        if len(bounds) > 2 or not all(_scalar(b) and not isinstance(b, bool) for b in bounds):
            raise _refused("The range searched on {field} takes a start and an end", field=field)
        bounds = [None if b in (None, "") else b for b in bounds]
        if len(bounds) == 2 and None not in bounds and (_compare(bounds[0], bounds[1]) or 0) > 0:
            raise _refused("The range searched on {field} starts after its end", field=field)
        return Condition(field, operator, bounds if any(b is not None for b in bounds) else None)
    if not _scalar(val):
        raise _refused("The search on {field} takes one value", field=field)
    return Condition(field, operator, val)


def _empty(value: Any) -> bool:
    return value in (None, "") or value == []


def _comparable(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value.lower()
    return str(value).lower()


def _compare(left: Any, right: Any) -> int | None:
    a, b = _comparable(left), _comparable(right)
    if type(a) is not type(b) and not (isinstance(a, int | float) and isinstance(b, int | float)):
        a, b = str(a), str(b)
    try:
        return (a > b) - (a < b)
    except TypeError:
        return None


def _as_list(val: Any) -> list[Any]:
    if isinstance(val, list):
        return val
    if isinstance(val, str):
        return [v.strip() for v in val.split(",") if v.strip() != ""]
    return [val]


def matches(row: dict[str, Any], cond: Condition) -> bool:
    """Whether `row` passes `cond` (read by `checked_condition`)."""
    positive = NEGATED.get(cond.operator)
    if positive is not None:
        return not matches(row, Condition(cond.field, positive, cond.val))
    value = row.get(cond.field)
    op, val = cond.operator, cond.val
    if op == "null":
        return _empty(value)
    if op == "like":
        needle = str(val or "").lower()
        if isinstance(value, list):
            return any(needle in str(v).lower() for v in value)
        return needle in str(value if value is not None else "").lower()
    if op == "in":
        wanted = {str(v) for v in _as_list(val)}
        if isinstance(value, list):
            return bool(wanted & {str(v) for v in value})
        return str(value) in wanted
    if op == "range":
        bounds = val if isinstance(val, list) else _as_list(val)
        low = bounds[0] if len(bounds) > 0 else None
        high = bounds[1] if len(bounds) > 1 else None
        if value is None:
            return False
        if low not in (None, "") and (_compare(value, low) or 0) < 0:
            return False
        return not (high not in (None, "") and (_compare(value, high) or 0) > 0)
    if val is None or val == "":
        return True  # an empty condition does not filter
    if isinstance(value, list):
        return str(val) in {str(v) for v in value} if op == "eq" else False
    result = _compare(value, val)
    if result is None:
        return False
    return {
        "eq": result == 0,
        "gt": result > 0,
        "gte": result >= 0,
        "lt": result < 0,
        "lte": result <= 0,
    }[op]


def quick_matches(row: dict[str, Any], needle: str, fields: Sequence[str]) -> bool:
    lowered = needle.lower()
    for field in fields:
        value = row.get(field)
        if value is None:
            continue
        if lowered in str(value).lower():
            return True
    return False


def row_filter(
    params: ListParams, quick_fields: Sequence[str], conditions: Sequence[Condition] | None = None
) -> Callable[[dict[str, Any]], bool] | None:
    """The test a row must pass (initKey/initValue, quick search and the `conditions`, default all of
    `params.search`); None when nothing filters. An empty condition value filters nothing."""
    conditions = [
        c
        for c in (params.search or [] if conditions is None else conditions)
        if c.val not in (None, "", []) or c.operator in ("null", "notnull")
    ]
    wanted = set(params.init_value) if params.init_key and params.init_value is not None else None
    if wanted is None and not params.quick_search and not conditions:
        return None

    def test(row: dict[str, Any]) -> bool:
        if wanted is not None and str(row.get(params.init_key)) not in wanted:
            return False
        if params.quick_search and not quick_matches(row, params.quick_search, quick_fields):
            return False
        return all(matches(row, cond) for cond in conditions)

    return test


def apply(
    rows: list[dict[str, Any]], params: ListParams, quick_fields: Sequence[str]
) -> tuple[list[dict[str, Any]], bool]:
    """Filter and sort `rows` (a tree table's, read whole); returns (rows, filtered?)."""
    test = row_filter(params, quick_fields)
    filtered = test is not None
    if test is not None:
        rows = [r for r in rows if test(r)]
    if params.order:
        field, descending = params.order

        def key(row: dict[str, Any]) -> tuple[int, Any]:
            value = _comparable(row.get(field))
            return (0, value) if isinstance(value, int | float) else (1, str(value))

        rows = sorted(rows, key=key, reverse=descending)
    return rows, filtered


def page(rows: list[dict[str, Any]], params: ListParams) -> list[dict[str, Any]]:
    start = (params.page - 1) * params.limit
    return rows[start : start + params.limit]


def reorder(siblings: list[Any], moved_id: int, target_id: int) -> list[tuple[Any, int]]:
    """Move `moved_id` to the place of `target_id` among `siblings` (already in display order, each
    with `id` and `weigh`); returns the (row, new weigh) pairs that change. Weigh is descending."""
    ids = [int(s.id) for s in siblings]
    if moved_id not in ids or target_id not in ids or moved_id == target_id:
        return []
    order = list(siblings)
    moved = order.pop(ids.index(moved_id))
    target_index = [int(s.id) for s in order].index(target_id)
    if ids.index(moved_id) < ids.index(target_id):
        target_index += 1  # moving down: land after the target
    order.insert(target_index, moved)
    count = len(order)
    changes = []
    for position, row in enumerate(order):
        weigh = count - position
        if int(row.weigh or 0) != weigh:
            changes.append((row, weigh))
    return changes
