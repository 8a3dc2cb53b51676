"""The recycle bin (SPEC §1 "data recycle"): a deleted row of a back-office table is kept, whole, in
`RecycleLog`, written in the same DynamoDB transaction as the delete, so a delete can never lose the
row; it can be restored (with its id and its unique values) or purged.

How it hooks in: the generic table (`functions.routes.admin.table.generic.Table.delete_ids`, used by every
built-in and designed table) runs the table's own delete inside `watch_deletes(...)`. That installs
a watcher (`functions.models.base.watching`) for exactly the items being deleted: whatever
transaction — or plain `delete()` — the table's service uses to delete one of them also puts its
log row and the log's row count, or nothing happens. A log row that cannot be written (e.g. its
id is taken) cancels the delete (`WatchedWriteError`, answered as `NOT_KEPT`).

Which tables: `RecycleRule` rows (安全 → 数据回收规则), one per table path, enabled or not; a designed
table without its own rule follows the rule `*` (every designed table). The defaults
(`seed_recycle_rules`): every designed table, members, admins, admin and member groups, both rule
trees and attachment records.

Restore (`restore`): one transaction puts the item back (condition: no item with its key exists),
re-claims its unique values (`Unique` guards, condition: not taken; the table names them:
`Table.unique_guards`), counts the row again and deletes the log row (condition: it still exists,
so a row is restored once), and adds the table's own writes (`Table.restored`: a menu rule is granted
again to the groups that held it when it was deleted, kept in the log's `context`; the answer names
those that no longer exist). A taken value refuses with a message naming the field and the value.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from functions.core.responses import ApiError
from functions.models import ALL_MODELS
from functions.models.base import (
    BaseModel,
    WatchedTransaction,
    failed_condition,
    now,
    watcher_of,
    watching,
)
from functions.models.counter import next_id
from functions.models.listing import Listed, count_rows
from functions.models.security import EVERY_DESIGNED, RECYCLE_RULE_SCOPE, RecycleLog, RecycleRule
from functions.models.unique import Unique, owned_by, owner_of_key, unique_key
from functions.services.data_rules import create_rule
from functions.services.publish_jobs import public_data_changed

NOT_KEPT = "The deleted row could not be kept in the recycle bin, so nothing was deleted"

# The tables whose deletes are kept by default (rule path, zh-cn title); `*`: every designed table.
DEFAULT_RULES: tuple[tuple[str, str], ...] = (
    (EVERY_DESIGNED, "所有设计的表"),
    ("user/user", "会员"),
    ("auth/admin", "管理员"),
    ("auth/group", "管理员分组"),
    ("user/group", "会员分组"),
    ("auth/rule", "菜单规则"),
    ("user/rule", "会员规则"),
    ("routine/attachment", "附件"),
)


@dataclass
class Origin:
    """Who deletes or edits, and from where (the logs' who and IP)."""

    admin_id: int
    username: str
    ip: str = ""
    useragent: str = ""


def identity(item: Any) -> tuple[str, str]:
    """What names one item across copies of it: its table and its key."""
    return type(item).logical_name, json.dumps(item._get_serialized_keys(), default=str)


def item_id(item: Any) -> int:
    try:
        return int(item.id)
    except (AttributeError, TypeError, ValueError):
        return 0


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))


# --- rules ------------------------------------------------------------------------------------------
def find_rule(table: str) -> RecycleRule | None:
    return owned_by(RecycleRule, RECYCLE_RULE_SCOPE, table)


def keeps(table: str, designed: bool) -> bool:
    """Whether deletes of the table at this rule path are kept."""
    rule = find_rule(table)
    if rule is None and designed:
        rule = find_rule(EVERY_DESIGNED)
    return rule is not None and rule.enabled


def seed_recycle_rules() -> list[str]:
    """Create the default rules that do not exist; returns their tables."""
    created = []
    for table, title in DEFAULT_RULES:
        if find_rule(table) is None:
            create_rule(RecycleRule, RECYCLE_RULE_SCOPE, {"table": table, "title": title, "status": "enable"})
            created.append(table)
    return created


# --- the watcher ------------------------------------------------------------------------------------
@dataclass
class DeleteWatcher:
    """Keeps each of `items` in the recycle bin in the transaction that deletes it."""

    table: str
    origin: Origin
    items: list[Any]
    row_of: Callable[[Any], dict[str, Any]]
    # Extra writes of the table when a row is kept (e.g. the log's reference to an attachment's file).
    kept: Callable[[WatchedTransaction, Any], None] | None = None
    # What else the delete takes with it, kept with the row for its restore (e.g. a rule's groups).
    context_of: Callable[[Any], dict[str, Any]] | None = None
    keys: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.keys = {identity(item) for item in self.items}

    def watches(self, item: Any) -> bool:
        return identity(item) in self.keys

    def deleted(self, tx: WatchedTransaction, item: Any) -> None:
        log = RecycleLog(
            new_log_id(),
            table=self.table,
            model=type(item).logical_name,
            item_id=item_id(item),
            data=dumps(item.serialize()),
            row=dumps(self.row_of(item)),
            context=dumps(self.context_of(item) if self.context_of is not None else {}),
            admin_id=self.origin.admin_id,
            username=self.origin.username,
            ip=self.origin.ip[:64],
            useragent=self.origin.useragent[:255],
            create_time=now(),
        )
        tx.log(log, condition=RecycleLog.id.does_not_exist())  # counted when the transaction commits
        if self.kept is not None:
            self.kept(tx, item)

    def saved(self, tx: WatchedTransaction, item: Any) -> None:
        return None


def is_kept(item: Any) -> bool:
    """Whether the delete of `item` running now keeps it in the recycle bin."""
    return isinstance(watcher_of(item), DeleteWatcher)


def new_log_id() -> int:
    return next_id("recycle_log")


@contextlib.contextmanager
def watch_deletes(
    table: str,
    designed: bool,
    origin: Origin,
    items: list[Any],
    row_of: Callable[[Any], dict[str, Any]],
    kept: Callable[[WatchedTransaction, Any], None] | None = None,
    context_of: Callable[[Any], dict[str, Any]] | None = None,
) -> Iterator[None]:
    """Run the deletes of `items` of `table` inside this block: each one is kept (when a rule says so)."""
    if not items or not keeps(table, designed):
        yield
        return
    with watching(DeleteWatcher(table, origin, items, row_of, kept, context_of)):
        yield


# --- restore and purge ------------------------------------------------------------------------------
def model_of(log: RecycleLog) -> type[BaseModel]:
    for model in ALL_MODELS:
        if model.logical_name == log.model:
            return model
    raise ApiError("The table of this row no longer exists")


def item_of(log: RecycleLog) -> Any:
    """The deleted item, as it was stored."""
    return model_of(log).from_raw_data(json.loads(log.data or "{}"))


def get_log(log_id: int) -> RecycleLog | None:
    try:
        return RecycleLog.get(int(log_id), consistent_read=True)
    except RecycleLog.DoesNotExist:
        return None


def restore(
    log: RecycleLog,
    item: Any,
    guards: list[tuple[str, str, Unique]],
    restored: Callable[[WatchedTransaction, Any, dict[str, Any]], str] | None = None,
) -> str:
    """Put `item`, the row of `log` (`item_of`, as its table revives it), back with its id and re-claim
    its unique values (`guards`: field title, value, guard item); refuses with a clear message when one
    is taken meanwhile. `restored` adds the table's own writes (given what the delete took with it) and
    returns a note for the admin (e.g. the groups a rule could not be granted to again); `restore`
    returns that note."""
    model = type(item)
    hash_attr = model._hash_key_attribute()
    context = log.kept_context()
    note = ""

    def build(tx: WatchedTransaction) -> None:
        nonlocal note
        for _title, _value, guard in guards:
            guard.owner = str(item_id(item))
            tx.save(guard, condition=Unique.key.does_not_exist())
        tx.save(item, condition=hash_attr.does_not_exist())
        if issubclass(model, Listed):
            count_rows(tx, item, 1)
        if restored is not None:
            note = restored(tx, item, context)
        tx.delete(log, condition=RecycleLog.id.exists())
        count_rows(tx, log, -1)

    if failure := failed_condition(build):
        raise _why_not(log, item, guards) from failure
    what = f"{log.table} #{log.item_id}"
    public_data_changed(log.table, f"{what} restored", source="restore", subject=what.replace(" ", ""))
    return note


def _why_not(log: RecycleLog, item: Any, guards: list[tuple[str, str, Unique]]) -> ApiError:
    """The reason a restore was cancelled, read back from the table (clear for the admin)."""
    if get_log(int(log.id)) is None:
        return ApiError("This row has already been restored or purged")
    for title, value, guard in guards:
        owner = owner_of_key(guard.key)
        if owner is not None and owner != str(item_id(item)):
            return ApiError(
                'Cannot restore: {field} "{value}" is now used by another row',
                params={"field": title, "value": value},
            )
    return ApiError("Cannot restore: a row with this id exists again")


def purge(log: Any) -> bool:
    """Delete a log row (of either log) for ever, and its row count; False when it was already gone."""

    def build(tx: WatchedTransaction) -> None:
        tx.delete(log, condition=type(log).id.exists())
        count_rows(tx, log, -1)

    return failed_condition(build) is None


def guard(scope: str, value: Any) -> Unique:
    """The guard item of a unique value (owner set by `restore`)."""
    return Unique(unique_key(scope, str(value)), owner="")
