"""The sensitive-data log (SPEC §1): every edit through the back office that changes a watched field of
a row writes, in the same DynamoDB transaction as the edit, one `SensitiveLog` row per changed field
with its value before and after, who, when and from which IP. A secret field (a password) logs only
that it changed, never a value, and cannot be rolled back.

How it hooks in: the generic table's edit (`functions.routes.admin.table.generic.Table.edit_item`, used by
the edit route of every built-in and designed table) runs the table's own update inside
`watch_edit(...)`. The watcher (`functions.models.base.watching`) knows the row as it was before
(as the list shows it) and, when the table's service saves that item — in a transaction or with a
plain `save()` — compares the watched fields with the row now and puts the log rows into the same
transaction: no watched change without its log row. A log row that cannot be written cancels the
edit (`WatchedWriteError`, answered as `NOT_LOGGED`).

Which fields: `SensitiveRule` rows (安全 → 敏感数据规则), one per table path; defaults in
`DEFAULT_RULES`. The config items are one table too (`routine/config`,
`functions.routes.admin.routine.config.ConfigTable`): its fields are `group.name`, one per stored item,
and a group's save — several items in one transaction — is watched item by item (`EditWatcher` watches
every item an edit saves; the log's counter is updated once per transaction, at commit).

Rollback (`functions.routes.admin.security.sensitive_data_log`): only while the field still holds
the logged new value; it is an edit through the same path (the table's checks and guards apply, and
the rollback is logged in turn), and it marks the log row rolled back in that same transaction.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from functions.models.base import WatchedTransaction, now, watching
from functions.models.counter import next_id
from functions.models.security import SENSITIVE_RULE_SCOPE, SensitiveLog, SensitiveRule
from functions.models.unique import owned_by
from functions.services.data_rules import create_rule
from functions.services.recycle import Origin, dumps, identity, item_id

NOT_LOGGED = "The change of a watched field could not be logged, so nothing was saved"

# Watched fields by default (rule path, zh-cn title, fields).
DEFAULT_RULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("user/user", "会员", ("mobile", "email", "password", "status", "group_id")),
    ("auth/admin", "管理员", ("group_arr", "password", "email", "mobile", "status")),
    ("auth/group", "管理员分组", ("rules", "status")),
    # Config items as `group.name` (`functions.routes.admin.routine.config`): the site's identity and
    # contacts the public pages show, and where mail goes out from (the password: only that it changed).
    (
        "routine/config",
        "系统配置",
        (
            "site.site_name",
            "site.record_number",
            "site.hotline",
            "site.company_email",
            "site.comcont",
            "mail.smtp_server",
            "mail.smtp_port",
            "mail.smtp_user",
            "mail.smtp_pass",
            "mail.smtp_sender_mail",
        ),
    ),
)


def find_rule(table: str) -> SensitiveRule | None:
    return owned_by(SensitiveRule, SENSITIVE_RULE_SCOPE, table)


def watched_fields(table: str) -> list[str]:
    rule = find_rule(table)
    return rule.field_names() if rule is not None and rule.enabled else []


def seed_sensitive_rules() -> list[str]:
    created = []
    for table, title, names in DEFAULT_RULES:
        if find_rule(table) is None:
            values = {"table": table, "title": title, "fields": json.dumps(list(names)), "status": "enable"}
            create_rule(SensitiveRule, SENSITIVE_RULE_SCOPE, values)
            created.append(table)
    return created


def same(a: Any, b: Any) -> bool:
    """Equal as the list shows them (None and "" are both "empty")."""
    return dumps(None if a == "" else a) == dumps(None if b == "" else b)


@dataclass
class EditWatcher:
    """Logs the watched fields of `items` that an edit changes, in the transaction that saves them.

    An item gives the fields its row has (`row_of`) and the secrets (`secret_of`): a table's row is
    one item, the config table's "row" is every config item (its fields are `group.name`)."""

    table: str
    origin: Origin
    items: list[Any]
    fields: list[str]
    row_of: Callable[[Any], dict[str, Any]]
    secret_of: Callable[[Any, str], Any]
    secrets: set[str]
    rollback_of: SensitiveLog | None = None
    before: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    logged: list[SensitiveLog] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.before = {identity(item): self.snapshot(item) for item in self.items}

    def snapshot(self, item: Any) -> dict[str, Any]:
        row = self.row_of(item)
        return {
            name: (self.secret_of(item, name) if name in self.secrets else row.get(name))
            for name in self.fields
            if name in row or name in self.secrets
        }

    def watches(self, item: Any) -> bool:
        return identity(item) in self.before

    def deleted(self, tx: WatchedTransaction, item: Any) -> None:
        return None

    def saved(self, tx: WatchedTransaction, item: Any) -> None:
        key = identity(item)
        before = self.before[key]
        after = self.snapshot(item)
        created = now()
        rows = [
            SensitiveLog(
                next_id("sensitive_log"),
                table=self.table,
                model=type(item).logical_name,
                item_id=item_id(item),
                field=name,
                before="null" if name in self.secrets else dumps(before.get(name)),
                after="null" if name in self.secrets else dumps(after.get(name)),
                secret=name in self.secrets,
                admin_id=self.origin.admin_id,
                username=self.origin.username,
                ip=self.origin.ip[:64],
                useragent=self.origin.useragent[:255],
                create_time=created,
            )
            for name in self.fields
            if (name in before or name in after) and not same(before.get(name), after.get(name))
        ]
        for row in rows:
            tx.log(row, condition=SensitiveLog.id.does_not_exist())  # counted when the transaction commits
        if self.rollback_of is not None and not getattr(tx, "rollback_marked", False):
            tx.rollback_marked = True  # type: ignore[attr-defined]
            tx.log_update(
                self.rollback_of,
                actions=[
                    SensitiveLog.rollback_time.set(created),
                    SensitiveLog.rollback_admin.set(self.origin.username),
                ],
                condition=SensitiveLog.rollback_time.does_not_exist() & SensitiveLog.id.exists(),
            )

        def done() -> None:  # only once committed: a transaction built again logs again
            self.before[key] = after
            self.logged.extend(rows)

        tx.after_commit(done)


@contextlib.contextmanager
def watch_edit(
    table: str,
    origin: Origin,
    items: list[Any],
    row_of: Callable[[Any], dict[str, Any]],
    secret_of: Callable[[Any, str], Any],
    secrets: set[str],
    rollback_of: SensitiveLog | None = None,
) -> Iterator[EditWatcher | None]:
    """Run the update of `items` of `table` inside this block: changes of their watched fields are logged."""
    names = watched_fields(table)
    if rollback_of is not None and rollback_of.field not in names:
        names.append(rollback_of.field)  # the rollback still marks its row (and logs itself)
    if not names:
        yield None
        return
    watcher = EditWatcher(table, origin, items, names, row_of, secret_of, secrets & set(names), rollback_of)
    with watching(watcher):
        yield watcher


def get_log(log_id: int) -> SensitiveLog | None:
    try:
        return SensitiveLog.get(int(log_id), consistent_read=True)
    except SensitiveLog.DoesNotExist:
        return None
