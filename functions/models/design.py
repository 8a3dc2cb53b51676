"""The data engine's tables (DESIGN §6): table designs, their log, and the rows of every designed table.

- `Design`: one item per designed table, keyed by its rule path (`business/news`); `body` is the design
  as JSON (`functions.services.designs.DesignDoc`: titles, fields, list and form settings, flags) and
  `version` goes up by one on every save. `rule_ids`: the menu rules the design created (its menu and
  buttons) — what deleting it removes; None for a design saved before they were recorded. `id`
  (sequence `design`) and the constant `part` list the designs through `part-id-index`.
- `DesignLog`: the CRUD log, one row per save or delete of a design (who, when, the design as saved),
  listed newest first like every log.
- `Record`: the rows of all designed tables in one table (single-table design). Key: `pk` = the
  design's name (plus `#<month>` for a time-series design, whose ids start with the month: see
  `record_id`) and `id` (sequence `record:<name>`, never reused). `data` holds the field values as
  JSON. Two generic filter indexes (`f1-id-index`, `f2-id-index`: `f1` = `<name>#<field>=<value>`)
  and one sort index (`pk-n1-index`: a numeric field such as a publish time or `weigh`) give a
  design's declared filter and sort fields a Query; the design says which field each slot holds.
  Row counts per design: counters `rows#record:<name>` (and per month for a time-series design).
"""

from __future__ import annotations

import json
from typing import Any

from pynamodb.attributes import ListAttribute, NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Created, Timestamped
from functions.models.listing import ConstantPart, Listed, key_index, month_of


class Design(ConstantPart, Timestamped, BaseModel):
    logical_name = "design"

    name = UnicodeAttribute(hash_key=True)
    id = NumberAttribute()
    version = NumberAttribute(default=1)
    body = UnicodeAttribute(default="{}")
    admin_id = NumberAttribute(default=0)
    rule_ids: ListAttribute[int] = ListAttribute(of=NumberAttribute, null=True)  # type: ignore[arg-type]

    def doc(self) -> dict[str, Any]:
        return dict(json.loads(self.body or "{}"))


class DesignLog(Listed, ConstantPart, Created, BaseModel):
    logical_name = "design_log"

    id = NumberAttribute(hash_key=True)
    name = UnicodeAttribute()
    version = NumberAttribute(default=1)
    action = UnicodeAttribute(default="save")  # save | delete
    title = UnicodeAttribute(default="")
    body = UnicodeAttribute(default="{}")
    admin_id = NumberAttribute(default=0)
    username = UnicodeAttribute(default="")

    def to_row(self) -> dict[str, Any]:
        return {
            "id": int(self.id),
            "name": self.name,
            "version": int(self.version),
            "action": self.action,
            "title": self.title,
            "admin_id": int(self.admin_id),
            "username": self.username,
            "create_time": int(self.create_time),
        }


class Record(Listed, Timestamped, BaseModel):
    logical_name = "record"

    pk = UnicodeAttribute(hash_key=True)
    id = NumberAttribute(range_key=True)
    design = UnicodeAttribute()
    data = UnicodeAttribute(default="{}")
    f1 = UnicodeAttribute(null=True)
    f2 = UnicodeAttribute(null=True)
    n1 = NumberAttribute(null=True)
    admin_id = NumberAttribute(default=0)

    by_f1 = key_index("f1-id-index", "f1", UnicodeAttribute)
    by_f2 = key_index("f2-id-index", "f2", UnicodeAttribute)
    by_n1 = key_index("pk-n1-index", "pk", UnicodeAttribute, range_attr="n1")

    def list_scope(self) -> str:
        return record_scope(self.design)

    def list_bucket(self) -> str | None:
        return self.pk.split("#", 1)[1] if "#" in self.pk else None

    def values(self) -> dict[str, Any]:
        return dict(json.loads(self.data or "{}"))


def record_scope(design: str) -> str:
    return f"record:{design}"


SEQ_DIGITS = 10**8  # a time-series row's id is <yyyymm><8-digit sequence>: its month is in its id


def record_id(time_series: bool, seq: int, created: int) -> int:
    """The id of a row: its design's sequence number, prefixed by its month for a time-series design
    (`20261100000042`), so that the id alone gives the row's partition and ids still grow with time."""
    if not time_series:
        return seq
    return int(month_of(created).replace("-", "")) * SEQ_DIGITS + seq % SEQ_DIGITS


def record_pk(design: str, time_series: bool, item_id: int) -> str:
    """The partition of a row: the design, or the design and the row's month (time-series designs)."""
    if not time_series:
        return design
    month = item_id // SEQ_DIGITS
    return f"{design}#{month // 100:04d}-{month % 100:02d}"


def filter_key(design: str, field: str, value: Any) -> str:
    """The value of a filter-index slot (`f1`/`f2`) for `field` = `value` of `design`."""
    return f"{design}#{field}={value}"
