"""The design document: what a designed table is (`DesignDoc`, its fields `FieldDoc`), as validated
on save and stored in `functions.models.design.Design`, and how it is read back (`get_design`,
`load_doc`, `list_designs`).

A leaf of the services: it imports only core, models and the field types (`functions.services.fields`),
so the services that save designs (`designs`), write their rows (`rows`), publish them (`publish`,
`functions.publish.export`) or find their files (`attachment_usage`) all import it at the top.
"""

from __future__ import annotations

import builtins
import re
from typing import Annotated, Any, Literal

from pydantic import Field, GetJsonSchemaHandler, field_validator, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from functions.core.i18n import get_lang
from functions.core.validators import Line, Schema, Text
from functions.models.design import Design
from functions.models.listing import PART
from functions.services import presets
from functions.services.fields import ICON_MAX, ICON_PATTERN, TYPES
from functions.services.listing import MAX_READ

RESERVED = frozenset(
    {"id", "pk", "design", "data", "create_time", "update_time", "admin_id", "f1", "f2", "n1"}
)
FILTER_SLOTS = ("f1", "f2")
INDEXABLE = frozenset(
    {"string", "select", "radio", "status", "switch", "integer", "remoteselect", "year", "date", "token"}
)
FieldName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
NAME_PATTERN = r"[a-z][A-Za-z0-9_]{0,29}(/[a-z][A-Za-z0-9_]{0,29}){1,2}"  # a rule path: business/news
NAME_RE = re.compile(NAME_PATTERN)
DesignName = Annotated[str, Field(pattern=f"^{NAME_PATTERN}$")]


class Words(Schema):
    """A text in both languages."""

    zh: Line = Field("", max_length=100)
    en: Line = Field("", max_length=100)


class LongWords(Schema):
    zh: Text = Field("", max_length=1000)
    en: Text = Field("", max_length=1000)


class OptionDoc(Schema):
    value: str = Field(min_length=1, max_length=50)
    label: Words


class RelationDoc(Schema):
    """The related design, the field naming its rows (`label`) and the fields of the related row the
    list shows as extra columns (`columns`, at most `MAX_RELATION_COLUMNS`)."""

    design: DesignName
    label: FieldName = "name"
    columns: list[FieldName] = Field(default_factory=list, max_length=3)


class OrderDoc(Schema):
    """How the list is sorted when the admin has not chosen a column: by id (the order rows were added)
    or by the field sorted through an index, newest/highest first (`desc`) or oldest/lowest first."""

    field: FieldName = "id"
    direction: Literal["asc", "desc"] = "desc"


class PresetDoc(Schema):
    """A validation preset of a text field (`functions.services.presets`) and the designer's message
    when a value fails it (empty: the preset's own)."""

    name: Literal[presets.NAMES]  # type: ignore[valid-type]
    message: Words = Field(default_factory=Words)


class FieldDoc(Schema):
    name: FieldName
    title: Words
    type: Literal[tuple(TYPES)]  # type: ignore[valid-type]
    required: bool = False
    unique: bool = False
    min: float | None = None
    max: float | None = None
    pattern: str = Field("", max_length=200)
    presets: builtins.list[PresetDoc] = Field(default_factory=builtins.list, max_length=len(presets.NAMES))
    default: str | int | float | bool | builtins.list[str] | None = None
    options: builtins.list[OptionDoc] = Field(default_factory=builtins.list, max_length=100)
    relation: RelationDoc | None = None
    help: Words = Field(default_factory=Words)
    list: bool = True  # a column of the list
    search: bool = False  # part of the quick search
    filter: bool = True  # offered in the common search
    index: bool = False  # filtered through an index (at most two fields)
    sort: bool = False  # sorted through an index (at most one numeric field)

    @field_validator("name")
    @classmethod
    def _not_reserved(cls, value: str) -> str:
        if value in RESERVED:
            raise ValueError("This field name is reserved")
        return value

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            re.compile(value)
        except re.error:
            raise ValueError("The value does not have the required format") from None
        return value

    @model_validator(mode="after")
    def _consistent(self) -> FieldDoc:
        kind = TYPES[self.type]
        if kind.options and not self.options:
            raise ValueError("Options are required for this field type")
        if self.type in ("remoteselect", "remoteselects") and self.relation is None:
            raise ValueError("A related table is required for this field type")
        if self.index and self.type not in INDEXABLE:
            raise ValueError("This field type cannot be indexed")
        if self.sort and not kind.numeric:
            raise ValueError("Only number and time fields can be sorted through an index")
        values = [option.value for option in self.options]
        if len(set(values)) != len(values):
            raise ValueError("Option values must be unique")
        if kind.options and self.default not in (None, "", []):
            chosen = self.default if isinstance(self.default, builtins.list) else [str(self.default)]
            if any(str(value) not in values for value in chosen):
                raise ValueError("The default value is not one of the options")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("The minimum cannot be greater than the maximum")
        if self.presets and self.type not in ("string", "textarea"):
            raise ValueError("Validation presets apply to text fields")
        chosen = [preset.name for preset in self.presets]
        if len(set(chosen)) != len(chosen):
            raise ValueError("Validation presets must be unique")
        if self.type == "password":
            # Never looked for, never shown: only whether one is set (`functions.services.fields`).
            if self.unique or self.index or self.sort or self.search or self.pattern or self.default:
                raise ValueError("A password field cannot be unique, searched, sorted or given a default")
            self.filter = False
        if self.type == "token":
            # Given by the server when a row is added: unique, found by equality.
            if self.required or self.default or self.pattern:
                raise ValueError("A token is given by the server: it has no default and is never required")
            self.unique = True
        return self


class DesignDoc(Schema):
    name: DesignName
    title: Words
    description: LongWords = Field(default_factory=LongWords)
    icon: str = Field("TableOutlined", max_length=ICON_MAX, pattern=f"^{ICON_PATTERN}$")
    parent: Literal["business", "crud"] = "business"
    # Rows partitioned by month (attendance punches, inspections): a time range reads only its months.
    time_series: bool = False
    # Rows under a parent row (an integer field `pid`, 0 = top): listed as a tree, read whole (at most
    # `listing.MAX_READ` rows, like the menu rules).
    tree: bool = False
    version: int = Field(1, ge=1, le=1_000_000)  # of a design file: the seed upgrades to a higher one
    fields: list[FieldDoc] = Field(min_length=1, max_length=60)
    weigh: int = Field(0, ge=-10_000, le=10_000)
    publish: str = Field("", max_length=60)  # which public page the rows feed (the publish issue)
    recycle: bool = True
    sensitive: list[FieldName] = Field(default_factory=list, max_length=60)
    # The list's default order (not given: by the weigh field when it is the sorted one, else by id).
    order: OrderDoc = Field(default_factory=OrderDoc)
    form_columns: Literal[1, 2] = 1  # the add/edit form's layout: long fields span both columns

    @model_validator(mode="after")
    def _consistent(self) -> DesignDoc:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError("Field names must be unique")
        if sum(1 for f in self.fields if f.index) > len(FILTER_SLOTS):
            raise ValueError("At most two fields can be indexed")
        if sum(1 for f in self.fields if f.sort) > 1:
            raise ValueError("At most one field can be sorted through an index")
        if not self.title.zh and not self.title.en:
            raise ValueError("Required")
        if set(self.sensitive) - set(names):
            raise ValueError("A sensitive field is not a field of the table")
        if self.tree and (
            self.time_series or not any(f.name == "pid" and f.type == "integer" for f in self.fields)
        ):
            raise ValueError("A tree table needs an integer field named pid and cannot be a time series")
        weigh = next((f.name for f in self.fields if f.type == "weigh" and f.sort), None)
        if weigh is not None and "order" not in self.model_fields_set:
            # Like BuildAdmin: a table sorted by drag lists by its weigh, highest first (ties newest first).
            self.order = OrderDoc(field=weigh, direction="desc")
        if self.order.field not in ("id", "create_time", self.slots().get("n1")):
            raise ValueError("The default order can only use the id, the creation time or the sorted field")
        return self

    def slots(self) -> dict[str, str]:
        """Which index slot holds which field: {"f1": "status", "n1": "publish_time"}."""
        slots = dict(zip(FILTER_SLOTS, [f.name for f in self.fields if f.index], strict=False))
        sort = next((f.name for f in self.fields if f.sort), None)
        if sort:
            slots["n1"] = sort
        return slots


# A design as answered (`Design.doc()`, a CRUD log's body): a `DesignDoc` as it was saved, passed
# through unchecked (an answer never fails on a doc that a later rule would refuse), documented in the
# OpenAPI as a `DesignDoc`.
class _DocumentedAsDesignDoc:
    @classmethod
    def __get_pydantic_json_schema__(
        cls, _schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(DesignDoc.__pydantic_core_schema__)


StoredDesign = Annotated[dict[str, Any], _DocumentedAsDesignDoc]


def words(text: Any) -> str:
    """A `Words` text in the request's language (the other one when it is empty)."""
    first, second = (text.en, text.zh) if get_lang() == "en" else (text.zh, text.en)
    return str(first or second)


def get_design(name: str) -> Design | None:
    if not NAME_RE.fullmatch(name or ""):
        return None  # not a design's name (and never an empty key for DynamoDB)
    try:
        return Design.get(name, consistent_read=True)
    except Design.DoesNotExist:
        return None


def load_doc(design: Design) -> DesignDoc:
    return DesignDoc.model_validate(design.doc())


def list_designs() -> list[Design]:
    return list(Design.by_part.query(PART, scan_index_forward=False, limit=MAX_READ))
