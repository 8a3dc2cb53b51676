"""The request and answer shapes every table shares: a row's documented shape built from its model
(`row_shape`), an edit form built from its add form (`edit_form`), the list parameters of an index
(`ListParameters`), the drag-sort body, the ids of a delete (`parse_ids`) or of an action (`IdsBody`)."""

from collections.abc import Sequence
from types import GenericAlias
from typing import Annotated, Any, Literal

from fastapi import Query, Request
from pydantic import Field, create_model

from functions.core.responses import ApiError, Shape
from functions.core.validators import INT_MAX, Schema
from functions.services.crud_table import ListQuery

Status = Literal["enable", "disable"]

# The list parameters of every table's index (built-in and designed), declared once.
ListParameters = Annotated[ListQuery, Query()]


class RowId(Schema):
    """What an edit form adds to its add form: the row's `id`."""

    id: int


def edit_form(add: type[Schema]) -> type[Schema]:
    """The edit form of a table: its add form's fields, in their order, then those of the add form's
    `edit_adds` (default `RowId`, the row's `id`; `AccountEdit` for accounts). Named after the add
    form: `GroupIn` -> `GroupEdit`."""
    name = add.__name__.removesuffix("In") + "Edit"
    adds = getattr(add, "edit_adds", RowId)
    return create_model(name, __base__=(adds, add), __module__=add.__module__)


# The columns tables add to their rows (rule tables: the rule's `label` in the request's language; the
# security tables: the title of the row's table).
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


class SortBody(Schema):
    id: int
    targetId: int  # noqa: N815 - the client's field name (SPEC §7)


class IdsBody(Schema):
    """The rows an action applies to (restore, rollback)."""

    ids: list[Annotated[int, Field(ge=0, le=INT_MAX)]] = Field(min_length=1, max_length=100)


def parse_ids(request: Request) -> list[int]:
    """The ids of a delete: `ids[]=1&ids[]=2`, `ids=1,2` or `id=1` (sorted, each once)."""
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
