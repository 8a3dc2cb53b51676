"""The rules of the recycle bin and the sensitive-data log (`RecycleRule`, `SensitiveRule`): add, edit,
delete. A rule's table is unique (a `Unique` guard written in the same transaction as the rule)
and cannot change once the rule exists (delete it and add another)."""

from __future__ import annotations

from typing import Any

from functions.core.responses import ApiError
from functions.models.base import failed_condition, now
from functions.models.counter import next_id
from functions.models.listing import count_rows
from functions.models.security import RecycleRule, SensitiveRule
from functions.models.unique import Unique, unique_key

RuleModel = type[RecycleRule] | type[SensitiveRule]


def create_rule(model: RuleModel, scope: str, values: dict[str, Any]) -> Any:
    table = str(values["table"]).strip()
    rule = model(next_id(model.logical_name), **{**values, "table": table})
    guard = Unique(unique_key(scope, table), owner=str(rule.id))

    def build(tx: Any) -> None:
        tx.save(guard, condition=Unique.key.does_not_exist())
        tx.save(rule, condition=model.id.does_not_exist())
        count_rows(tx, rule, 1)

    if failure := failed_condition(build):
        raise ApiError("This table already has a rule") from failure
    return rule


def update_rule(rule: Any, values: dict[str, Any]) -> Any:
    if "table" in values and str(values["table"]).strip() != rule.table:
        raise ApiError("The table of a rule cannot be changed: delete the rule and add another")
    for key, value in values.items():
        if key not in ("id", "table"):
            setattr(rule, key, value)
    rule.update_time = now()
    rule.save(condition=type(rule).id.exists())
    return rule


def delete_rules(scope: str, rules: list[Any]) -> int:
    deleted = 0
    for rule in rules:

        def build(tx: Any, rule: Any = rule) -> None:
            tx.delete(rule, condition=type(rule).id.exists())
            tx.delete(Unique(unique_key(scope, rule.table)))
            count_rows(tx, rule, -1)

        if failed_condition(build) is None:  # else deleted meanwhile
            deleted += 1
    return deleted
