"""Table designs: the CRUD generator on Lambda (DESIGN §6). A table is data, never generated code.

A design (`DesignDoc`) is validated, stored in `Design` (version + 1 on every save) and logged in
`DesignLog` (the CRUD log). Saving a new design creates its menu rule under its `parent` menu
(`business` by default) with the buttons index/add/edit/del/sortable; the super group holds every
rule ("*"), other groups are granted it like any rule. Saving a design whose table has rows refuses
changes that lose data (a field removed, a type changed, an index moved) unless `confirm` is set,
and says what would happen. Deleting a design deletes its rows (at most `MAX_DELETE_ROWS` in one
request, else it refuses and says so), its rules and the design, and logs it.

Design files in `functions/data/designs/*.json` (the 17 business tables of SPEC §3, plus the public
site's awards, qualifications, services and page texts) are loaded by the seed through
`save_design`, the same path the generator uses, and upgraded when the file's `version` is higher
than the stored one; `functions/data/demo/<table>.json` rows fill a business table that has no rows
yet.
"""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, GetJsonSchemaHandler, field_validator, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from functions.core.log import logger
from functions.core.responses import ApiError
from functions.core.validators import Line, Schema, Text
from functions.models.base import now
from functions.models.counter import next_id
from functions.models.design import Design, DesignLog, Record, record_scope
from functions.models.listing import month_buckets, total_rows
from functions.services.fields import ICON_MAX, ICON_PATTERN, TYPES
from functions.services.recycle import Origin

DESIGNS_DIR = Path(__file__).resolve().parents[1] / "data" / "designs"
DEMO_DIR = Path(__file__).resolve().parents[1] / "data" / "demo"
MAX_DELETE_ROWS = 10_000
RESERVED = frozenset(
    {"id", "pk", "design", "data", "create_time", "update_time", "admin_id", "f1", "f2", "n1"}
)
FILTER_SLOTS = ("f1", "f2")
INDEXABLE = frozenset(
    {"string", "select", "radio", "status", "switch", "integer", "remoteselect", "year", "date"}
)
FieldName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
NAME_PATTERN = r"[a-z][A-Za-z0-9_]{0,29}(/[a-z][A-Za-z0-9_]{0,29}){1,2}"  # a rule path: business/news
NAME_RE = re.compile(NAME_PATTERN)
DesignName = Annotated[str, Field(pattern=f"^{NAME_PATTERN}$")]
ACTIONS = (
    ("index", "查看", "View"),
    ("add", "添加", "Add"),
    ("edit", "编辑", "Edit"),
    ("del", "删除", "Delete"),
    ("sortable", "快速排序", "Sort"),
)


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
    design: DesignName
    label: FieldName = "name"


class OrderDoc(Schema):
    """How the list is sorted when the admin has not chosen a column: by id (the order rows were added)
    or by the field sorted through an index, newest/highest first (`desc`) or oldest/lowest first."""

    field: FieldName = "id"
    direction: Literal["asc", "desc"] = "desc"


class FieldDoc(Schema):
    name: FieldName
    title: Words
    type: Literal[tuple(TYPES)]  # type: ignore[valid-type]
    required: bool = False
    unique: bool = False
    min: float | None = None
    max: float | None = None
    pattern: str = Field("", max_length=200)
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
    order: OrderDoc = Field(default_factory=OrderDoc)  # the list's default order
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
    from functions.models.listing import PART
    from functions.services.listing import MAX_READ

    return list(Design.by_part.query(PART, scan_index_forward=False, limit=MAX_READ))


def row_count(name: str) -> int:
    return total_rows(record_scope(name))


def changes(old: DesignDoc, new: DesignDoc) -> list[str]:
    """What saving `new` over `old` does to existing values (message keys with the field names)."""
    found: list[str] = []
    before = {f.name: f for f in old.fields}
    after = {f.name: f for f in new.fields}
    for name in sorted(set(before) - set(after)):
        found.append(f"removed:{name}")
    for name in sorted(set(before) & set(after)):
        if before[name].type != after[name].type:
            found.append(f"type:{name}:{before[name].type}>{after[name].type}")
    if old.slots() != new.slots() or old.time_series != new.time_series:
        found.append("indexes")
    return found


def save_design(doc: DesignDoc, admin_id: int = 0, username: str = "", confirm: bool = False) -> Design:
    """Create or update the design `doc.name` (see the module docstring)."""
    from functions.services.rules import seed_menu

    existing = get_design(doc.name)
    timestamp = now()
    if existing is None:
        design = Design(doc.name, id=next_id("design"), version=1, admin_id=admin_id, create_time=timestamp)
    else:
        design = existing
        old = load_doc(existing)
        found = changes(old, doc)
        if found and row_count(doc.name) > 0:
            if "indexes" in found:
                raise ApiError(
                    "Index fields cannot change while the table has rows",
                    data={"changes": found, "confirmable": False},
                )
            if not confirm:
                raise ApiError(
                    "Existing rows lose the values of removed or retyped fields: save again to confirm",
                    data={"changes": found},
                )
        design.version = int(existing.version) + 1
    design.body = doc.model_dump_json()
    design.update_time = timestamp
    design.save()
    DesignLog(
        next_id("design_log"),
        name=doc.name,
        version=int(design.version),
        action="save",
        title=doc.title.zh or doc.title.en,
        body=design.body,
        admin_id=admin_id,
        username=username,
    ).save()
    seed_menu(
        {
            "name": doc.name,
            "title": (doc.title.zh or doc.title.en, doc.title.en or doc.title.zh),
            "icon": doc.icon,
            "weigh": doc.weigh,
            "component": "crud/designed",
            "buttons": ACTIONS,
        },
        parent=doc.parent,
    )
    return design


def delete_design(design: Design, admin_id: int = 0, username: str = "", origin: Origin | None = None) -> int:
    """Delete the design, its rows and its rules; returns how many rows were deleted. With `origin`
    (who deletes), the rows go to the recycle bin when a rule keeps the table's deletes."""
    from functions.models.listing import PART
    from functions.models.rule import AdminRule
    from functions.services.rules import delete_rules, find_by_name

    name = design.name
    if row_count(name) > MAX_DELETE_ROWS:
        raise ApiError("This table has too many rows to delete at once: delete its rows first")
    from functions.services.records import delete_rows

    doc = load_doc(design)
    partitions = [name] if not doc.time_series else [f"{name}#{m}" for m in month_buckets(record_scope(name))]
    from functions.services.records import answer
    from functions.services.recycle import watch_deletes

    items = [item for pk in partitions for item in Record.query(pk)]
    if origin is None:
        deleted = delete_rows(doc, items)
    else:
        with watch_deletes(name, True, origin, items, lambda item: answer(doc, item)):
            deleted = delete_rows(doc, items)
    menu = find_by_name(AdminRule, name)
    if menu is not None:
        buttons = [r for r in AdminRule.by_part.query(PART) if int(r.pid or 0) == int(menu.id)]
        delete_rules(AdminRule, [*buttons, menu])
    DesignLog(
        next_id("design_log"),
        name=name,
        version=int(design.version),
        action="delete",
        title=json.loads(design.body or "{}").get("title", {}).get("zh", name),
        body=design.body,
        admin_id=admin_id,
        username=username,
    ).save()
    design.delete()
    return deleted


def load_design_files(directory: Path = DESIGNS_DIR) -> list[str]:
    """Save every design file whose design is missing or older (seed); returns the names saved."""
    saved: list[str] = []
    for path in sorted(directory.glob("*.json")):
        doc = DesignDoc.model_validate_json(path.read_text(encoding="utf-8"))
        existing = get_design(doc.name)
        if existing is not None and load_doc(existing).version >= doc.version:
            continue
        try:
            save_design(doc, confirm=True)
        except ApiError as exc:  # e.g. an index change on a table that has rows: keep the old design
            logger.warning("design file not applied", extra={"design": doc.name, "reason": exc.msg})
            continue
        saved.append(doc.name)
    return saved


def load_demo_rows(directory: Path = DEMO_DIR) -> list[str]:
    """Add the demo rows of `functions/data/demo/<table>.json` to designed tables that have no rows
    yet (seed), through the same validation as the API; returns the names filled."""
    from functions.services.fields import request_model
    from functions.services.records import create_row

    filled: list[str] = []
    for path in sorted(directory.glob("*.json")):
        design = get_design(f"business/{path.stem}")
        if design is None or row_count(design.name) > 0:
            continue
        doc = load_doc(design)
        model = request_model(doc.name, int(design.version), [f.model_dump() for f in doc.fields])
        for row in json.loads(path.read_text(encoding="utf-8")):
            create_row(doc, model.model_validate(row))
        filled.append(design.name)
    return filled
