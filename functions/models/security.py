"""Data safety (SPEC §1 "data recycle, sensitive-data logs"): the rules saying what is kept and the two
logs (`functions.services.recycle`, `functions.services.sensitive`).

- `RecycleRule`: one per back-office table whose deletes are kept (`table` = the table's rule path,
  `user/user`, or `*` for every designed table without a rule of its own), enabled or not.
- `SensitiveRule`: one per table, the watched fields (`fields`, names of the table's row fields).
- `RecycleLog`: one row per deleted row: the table, the row as stored (`data`: the item's DynamoDB
  attributes as JSON, so a restore puts back exactly what was deleted) and as the list showed it
  (`row`), who, when, from which IP, and what else the delete took with it (`context`, e.g. the
  groups that held a deleted menu rule, granted it again on restore).
- `SensitiveLog`: one row per changed watched field of one edit: before and after (as the list
  shows them, JSON; a secret field such as a password keeps neither, only that it changed), who,
  when, IP, and when it was rolled back.

A rule's table is unique through a `Unique` guard (`recycle_rule.table#user/user`), which is also
the consistent lookup of the rule on every delete or edit (two GetItems). The logs are time series
of admins' actions (`functions.models.admin_log.AdminActionLog`, `MonthBucketed`): listed newest first
a month at a time, a time range reads only its months, one admin's rows come from `admin-id-index` and
one table's from `table-id-index`.
"""

from __future__ import annotations

import json
from typing import Any

from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute

from functions.models.admin_log import AdminActionLog
from functions.models.base import BaseModel, Timestamped
from functions.models.listing import ConstantPart, Listed, key_index

RECYCLE_RULE_SCOPE = "recycle_rule.table"
SENSITIVE_RULE_SCOPE = "sensitive_rule.table"
EVERY_DESIGNED = "*"  # a recycle rule for every designed table that has no rule of its own


class _Rule(Listed, ConstantPart, Timestamped, BaseModel):
    id = NumberAttribute(hash_key=True)
    table = UnicodeAttribute()
    title = UnicodeAttribute(default="")
    status = UnicodeAttribute(default="enable")

    @property
    def enabled(self) -> bool:
        return self.status == "enable"


class RecycleRule(_Rule):
    logical_name = "recycle_rule"

    def to_row(self) -> dict[str, Any]:
        return {
            "id": int(self.id),
            "table": self.table,
            "title": self.title,
            "status": self.status,
            "create_time": int(self.create_time),
            "update_time": int(self.update_time),
        }


class SensitiveRule(_Rule):
    logical_name = "sensitive_rule"

    fields = UnicodeAttribute(default="[]")  # JSON list of field names

    def field_names(self) -> list[str]:
        return [str(name) for name in json.loads(self.fields or "[]")]

    def to_row(self) -> dict[str, Any]:
        return {
            "id": int(self.id),
            "table": self.table,
            "title": self.title,
            "fields": self.field_names(),
            "status": self.status,
            "create_time": int(self.create_time),
            "update_time": int(self.update_time),
        }


class _Log(AdminActionLog, BaseModel):
    table = UnicodeAttribute()  # the table's rule path
    model = UnicodeAttribute()  # the logical name of the item's model
    item_id = NumberAttribute(default=0)

    by_table = key_index("table-id-index", "table", UnicodeAttribute)

    def who(self) -> dict[str, Any]:
        return {
            "id": int(self.id),
            "table": self.table,
            "item_id": int(self.item_id),
            "admin_id": int(self.admin_id),
            "username": self.username,
            "ip": self.ip,
            "useragent": self.useragent,
            "create_time": int(self.create_time),
        }


class RecycleLog(_Log):
    logical_name = "recycle_log"

    data = UnicodeAttribute(default="{}")  # the item's attributes as stored (DynamoDB JSON)
    row = UnicodeAttribute(default="{}")  # the row as the table's list showed it
    # What else the delete took with it, for the restore to give back (JSON; e.g. the groups that
    # held a deleted menu rule: `Table.kept_context`, `Table.restored`).
    context = UnicodeAttribute(default="{}")

    def shown(self) -> dict[str, Any]:
        return dict(json.loads(self.row or "{}"))

    def kept_context(self) -> dict[str, Any]:
        return dict(json.loads(self.context or "{}"))

    def to_row(self) -> dict[str, Any]:
        return {**self.who(), "row": self.shown(), "context": self.kept_context()}


class SensitiveLog(_Log):
    logical_name = "sensitive_log"

    field = UnicodeAttribute()
    before = UnicodeAttribute(default="null")  # JSON
    after = UnicodeAttribute(default="null")  # JSON
    secret = BooleanAttribute(default=False)  # a password: only that it changed
    rollback_time = NumberAttribute(null=True)
    rollback_admin = UnicodeAttribute(null=True)

    def to_row(self) -> dict[str, Any]:
        return {
            **self.who(),
            "field": self.field,
            "before": None if self.secret else json.loads(self.before or "null"),
            "after": None if self.secret else json.loads(self.after or "null"),
            "secret": bool(self.secret),
            "rollback_time": int(self.rollback_time) if self.rollback_time else None,
            "rollback_admin": self.rollback_admin or "",
        }
