"""Menu rules of both trees (admin: `AdminRule`, member: `UserRule`): create, update, delete, seed.

- `name` is unique within a tree (a `Unique` guard `<scope>#<name>` written in the same transaction
  as the rule; renaming moves the guard in one transaction).
- A new child rule is granted to every group that holds its parent (groups holding "*" already
  hold everything), so giving a group a screen keeps giving it the screen's new actions.
- A rule with children cannot be deleted ("Please delete the child rules first"); deleting a rule
  removes it from the groups that held it, in the transaction that deletes it (the recycle bin keeps
  those groups with the rule, `holding_groups`; a restore grants it to them again, `regrant`).
- A rule cannot be moved under itself or one of its descendants.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pynamodb.exceptions import TransactWriteError

from functions.core.responses import ApiError
from functions.models.base import (
    WatchedTransaction,
    is_condition_failure,
    now,
    run_transaction,
    transact_write,
)
from functions.models.counter import next_id, next_ids, value_of
from functions.models.group import AdminGroup, UserGroup
from functions.models.listing import PART
from functions.models.rule import AdminRule, UserRule
from functions.models.stamp import stamps_deferred
from functions.models.unique import Unique, owned_by, unique_key
from functions.services.default_rules import DEFAULT_ADMIN_RULES, DEFAULT_USER_RULES
from functions.services.permissions import descendants

RULE_FIELDS = (
    "pid",
    "rule_type",
    "title",
    "title_en",
    "name",
    "path",
    "icon",
    "menu_type",
    "url",
    "component",
    "keepalive",
    "remark",
    "weigh",
    "status",
)
# What only member rules have: a route a visitor may open without logging in.
MEMBER_RULE_FIELDS = (*RULE_FIELDS, "no_login_valid")


def fields_of(model: type[AdminRule] | type[UserRule]) -> tuple[str, ...]:
    """The attributes a create or an update of this tree's rules may set."""
    return MEMBER_RULE_FIELDS if model is UserRule else RULE_FIELDS


def scope_of(model: type[AdminRule] | type[UserRule]) -> str:
    return f"{model.logical_name}.name"


def group_model(model: type[AdminRule] | type[UserRule]) -> type[AdminGroup] | type[UserGroup]:
    return AdminGroup if model is AdminRule else UserGroup


def find_by_name(model: type[AdminRule] | type[UserRule], name: str) -> Any | None:
    return owned_by(model, scope_of(model), name)


def _check_parent(model: type[AdminRule] | type[UserRule], pid: int, self_id: int | None) -> None:
    if not pid:
        return
    try:
        model.get(pid, consistent_read=True)
    except model.DoesNotExist:
        raise ApiError("The parent rule does not exist") from None
    if self_id is not None:
        rows = list(model.by_part.query(PART))
        if pid == self_id or pid in descendants(rows, self_id):
            raise ApiError("The parent cannot be the row itself or one of its descendants")


def create_rule(model: type[AdminRule] | type[UserRule], values: dict[str, Any]) -> Any:
    """Create a rule from `values` (attribute names of `fields_of(model)`), in one write with its name's
    guard; grants it to the groups that hold its parent."""
    pid = int(values.get("pid") or 0)
    _check_parent(model, pid, None)
    fields = fields_of(model)
    rule = model(next_id(model.logical_name), **{k: v for k, v in values.items() if k in fields})
    _save_with_name_guard(model, rule)
    if pid:
        grant_to_parent_holders(model, [(pid, int(rule.id))])
    return rule


def update_rule(model: type[AdminRule] | type[UserRule], rule: Any, values: dict[str, Any]) -> Any:
    pid = int(values.get("pid", rule.pid) or 0)
    if pid != int(rule.pid or 0):
        _check_parent(model, pid, int(rule.id))
    old_name = rule.name
    fields = fields_of(model)
    for key, value in values.items():
        if key in fields:
            setattr(rule, key, value)
    rule.update_time = now()
    if unique_key(scope_of(model), old_name) == unique_key(scope_of(model), rule.name):
        rule.save()
        return rule
    _save_with_name_guard(model, rule, old_name)
    return rule


def _add_new(tx: WatchedTransaction, model: type[AdminRule] | type[UserRule], rule: Any) -> None:
    """Add a new `rule` and the guard of its name to `tx`: both only if neither exists yet."""
    tx.save(
        Unique(unique_key(scope_of(model), rule.name), owner=str(rule.id)),
        condition=Unique.key.does_not_exist(),
    )
    tx.save(rule, condition=model.id.does_not_exist())


def _save_with_name_guard(
    model: type[AdminRule] | type[UserRule], rule: Any, old_name: str | None = None
) -> None:
    """Save `rule` and the unique guard of its name in one transaction: a new rule (`old_name` None)
    must not exist yet; a renamed one releases the guard of `old_name`. A name already taken is
    "The rule name already exists"."""
    try:
        with transact_write() as tx:
            if old_name is None:
                _add_new(tx, model, rule)
            else:
                tx.save(
                    Unique(unique_key(scope_of(model), rule.name), owner=str(rule.id)),
                    condition=Unique.key.does_not_exist(),
                )
                tx.delete(Unique(unique_key(scope_of(model), old_name)))
                tx.save(rule)
    except TransactWriteError as exc:
        if is_condition_failure(exc):
            raise ApiError("The rule name already exists") from exc
        raise


def delete_rules(model: type[AdminRule] | type[UserRule], rules: list[Any]) -> int:
    rows = list(model.by_part.query(PART))
    doomed = {int(r.id) for r in rules}
    for rule in rules:
        children = {int(r.id) for r in rows if int(r.pid or 0) == int(rule.id)}
        if children - doomed:
            raise ApiError("Please delete the child rules first")
    groups = group_model(model)
    holders = [group for group in groups.by_part.query(PART) if not group.is_all]
    for rule in rules:
        rule_id = int(rule.id)
        holding = [group for group in holders if rule_id in group.rule_ids()]

        def build(tx: WatchedTransaction, rule: Any = rule, holding: list[Any] = holding) -> None:
            tx.delete(rule)
            tx.delete(Unique(unique_key(scope_of(model), rule.name)))
            for group in holding:
                held = sorted(group.rule_ids() - {int(rule.id)})
                tx.update(
                    group,
                    actions=[groups.rules.set(held), groups.update_time.set(now())],
                    condition=groups.id.exists(),
                )

        run_transaction(build)
        for group in holding:
            group.rules = sorted(group.rule_ids() - {rule_id})
    return len(rules)


def holding_groups(model: type[AdminRule] | type[UserRule], rule_id: int) -> list[dict[str, Any]]:
    """The groups (not "*") that hold rule `rule_id`: `{id, name}` (kept with a deleted rule)."""
    return [
        {"id": int(group.id), "name": group.name}
        for group in group_model(model).by_part.query(PART)
        if not group.is_all and int(rule_id) in group.rule_ids()
    ]


def regrant(
    tx: WatchedTransaction,
    model: type[AdminRule] | type[UserRule],
    rule_id: int,
    held_by: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Grant a restored rule again to the groups that held it (`holding_groups`), in `tx`; returns
    those that no longer exist."""
    groups = group_model(model)
    wanted = sorted({int(entry["id"]) for entry in held_by})
    found = {int(group.id): group for group in groups.batch_get(wanted, consistent_read=True)}
    for group in found.values():
        if not group.is_all:
            tx.update(
                group,
                actions=[
                    groups.rules.set(sorted(group.rule_ids() | {rule_id})),
                    groups.update_time.set(now()),
                ],
                condition=groups.id.exists(),
            )
    return [entry for entry in held_by if int(entry["id"]) not in found]


# Rules a seed writes per transaction: each is two items (the rule and its name's guard), and a
# DynamoDB transaction holds at most 100.
SEED_BATCH = 50


def _names(spec: dict[str, Any]) -> Iterator[str]:
    """The rule names a spec declares: its own, its buttons', its children's."""
    yield spec["name"]
    for action, *_ in spec.get("buttons", ()):
        yield f"{spec['name']}/{action}"
    for child in spec.get("children", ()):
        yield from _names(child)


def _planned(
    parent: int | str,
    spec: dict[str, Any],
    known: dict[str, int],
    plan: list[tuple[str, int | str, dict[str, Any]]],
) -> None:
    """Add to `plan` the rules of `spec` (and its buttons and children) that `known` (name → id) lacks,
    parents first: (name, parent id or the name of a parent planned before it, values)."""
    name = spec["name"]
    if name not in known:
        menu = spec.get("type", "menu") == "menu"
        zh, en = spec["title"]
        values = {
            "rule_type": spec.get("type", "menu"),
            "title": zh,
            "title_en": en,
            "name": name,
            "path": name,
            "icon": spec.get("icon", ""),
            "menu_type": "tab",
            "component": spec.get("component", name) if menu else "",
            "keepalive": menu,
            "weigh": spec.get("weigh", 0),
        }
        plan.append((name, parent, values))
    here: int | str = known.get(name, name)
    for index, (action, zh, en) in enumerate(spec.get("buttons", ())):
        button = f"{name}/{action}"
        if button not in known:
            values = {"rule_type": "button", "title": zh, "title_en": en, "name": button, "weigh": -index}
            plan.append((button, here, values))
    for child in spec.get("children", ()):
        _planned(here, child, known, plan)


def _seed_tree(model: type[AdminRule] | type[UserRule], pid: int, specs: list[dict[str, Any]]) -> list[int]:
    """Create the rules of `specs` under `pid` that do not exist yet (by name): one read of their name
    guards, one counter write for all their ids, a transaction per `SEED_BATCH` rules with their name guards,
    and one grant per group that holds a parent (a new rule goes to every group holding its parent,
    as `create_rule` does). A name taken meanwhile by another writer fails its batch as
    "The rule name already exists", like a single create."""
    guards = {unique_key(scope_of(model), name): name for spec in specs for name in _names(spec)}
    known = {guards[g.key]: int(g.owner) for g in Unique.batch_get(list(guards), consistent_read=True)}
    plan: list[tuple[str, int | str, dict[str, Any]]] = []
    for spec in specs:
        _planned(pid, spec, known, plan)
    if not plan:
        return []
    ids = dict(zip((name for name, _, _ in plan), next_ids(model.logical_name, len(plan)), strict=True))
    rules = []
    for name, parent, values in plan:
        parent_id = ids[parent] if isinstance(parent, str) else parent
        rules.append(model(ids[name], pid=parent_id, **values))
    if pid and pid not in known.values():
        _check_parent(model, pid, None)
    for start in range(0, len(rules), SEED_BATCH):
        try:
            with transact_write() as tx:
                for rule in rules[start : start + SEED_BATCH]:
                    _add_new(tx, model, rule)
        except TransactWriteError as exc:
            if is_condition_failure(exc):
                raise ApiError("The rule name already exists") from exc
            raise
    grant_to_parent_holders(model, [(int(rule.pid or 0), int(rule.id)) for rule in rules])
    return [int(rule.id) for rule in rules]


def grant_to_parent_holders(model: type[AdminRule] | type[UserRule], created: list[tuple[int, int]]) -> None:
    """Grant each new rule (pid, id), parents first, to every group that holds its parent."""
    groups = group_model(model)
    for group in groups.by_part.query(PART):
        if group.is_all:
            continue
        held = group.rule_ids()
        grown = set(held)
        for pid, rule_id in created:
            if pid in grown:
                grown.add(rule_id)
        if grown != held:
            group.update(actions=[groups.rules.set(sorted(grown)), groups.update_time.set(now())])


def seed_menu(spec: dict[str, Any], parent: str = "") -> list[int]:
    """Create one back-office menu and its buttons from a spec like those of `DEFAULT_ADMIN_RULES`
    (under the rule named `parent`), skipping what exists; returns the new rule ids."""
    pid = 0
    if parent:
        found = find_by_name(AdminRule, parent)
        pid = int(found.id) if found is not None else 0
    with stamps_deferred():
        return _seed_tree(AdminRule, pid, [spec])


def seed_rules() -> list[int]:
    """Create the default rules of both trees that do not exist yet (by name); returns new ids."""
    with stamps_deferred():
        return _seed_tree(AdminRule, 0, DEFAULT_ADMIN_RULES) + _seed_tree(UserRule, 0, DEFAULT_USER_RULES)


def seed_groups() -> None:
    """The super group (id 1, "*") of the admin tree and the default member group (id 1)."""
    if not value_of("admin_group"):
        AdminGroup(next_id("admin_group"), name="超级管理组", rules=["*"], remark="").save()
    if not value_of("user_group"):
        member_rules = [r.id for r in UserRule.by_part.query(PART)]
        UserGroup(next_id("user_group"), name="默认分组", rules=sorted(member_rules)).save()
