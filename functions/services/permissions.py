"""What an admin (or a member) may do: rules granted through groups.

- An admin's grant is the union of the rules of its enabled groups; it is super ("*") when the
  admin has the `super` flag or one of its groups holds `["*"]`. Disabled rules grant nothing.
- A permission is a rule `name` (`auth/admin` for the screen, `auth/admin/add` for an action);
  `Grant.allows(name)` answers for it. The API checks every admin call this way
  (`functions.routes.admin.deps.require`); the web app only hides what is refused.
- The menu tree an admin sees: its enabled menu_dir / menu rules (with their button children, from
  which the shell builds the map of authorised nodes), ordered by weigh desc then id; a child whose
  parent is not granted is not shown.

The rule tree is one Query on the rule table's `part-id-index`, kept in memory while the table's
write stamp is unchanged (`load_rules`). An authenticated request finds its grant in memory, checked
against the stamps of the rule and group tables read with its session (`grant_kept`): it reads the
caller's groups (one BatchGetItem) and perhaps the tree only when one of them changed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from functions.models import stamp as stamps
from functions.models.admin import Admin
from functions.models.group import DATA_SCOPES, SCOPE_ALL, SCOPE_GROUP, SCOPE_OWN, AdminGroup, UserGroup
from functions.models.listing import PART
from functions.models.rule import AdminRule, UserRule, sort_key

SUPER = "*"
_R = TypeVar("_R", AdminRule, UserRule)


@dataclass(frozen=True)
class Grant:
    """The rules an account holds. `is_super` holds everything."""

    is_super: bool
    rule_ids: frozenset[int] = field(default_factory=frozenset)
    names: frozenset[str] = field(default_factory=frozenset)
    # The rows of designed tables an admin reaches (`admin_data_scope`; `functions.services.data_scope`):
    # "all", "group" (rows created by the admins of `scope_groups`, and its own) or "own".
    data_scope: str = SCOPE_ALL
    scope_groups: frozenset[int] = field(default_factory=frozenset)

    def allows(self, permission: str) -> bool:
        return self.is_super or permission in self.names

    def holds_rules(self, rule_ids: Iterable[int]) -> bool:
        return self.is_super or set(rule_ids) <= self.rule_ids

    def covers(self, other: Grant) -> bool:
        """Whether this grant holds everything `other` holds: an admin may act on another admin, or
        on a group, only when this is true (a super grant is covered only by a super grant)."""
        return self.is_super or (not other.is_super and other.rule_ids <= self.rule_ids)


# How long a process keeps a tree it read, at most, even when the stamp has not changed (the bound on
# stale rules should a writer stop between its write and the new stamp: `functions.models.stamp`).
RULES_CACHE_SECONDS = 60.0


@dataclass
class _Tree:
    """A rule tree kept in memory: the stamp it was read under, when, the rows as stored and (once a
    reader asked for it, `shared_rules`) one tuple of models built from them for every such reader."""

    stamp: int
    read_at: float
    rows: list[dict[str, Any]]
    shared: tuple[Any, ...] | None = None


# Per table name.
_KEPT: dict[str, _Tree] = {}


_READ_STAMP: Any = object()  # `load_rules(stamp=...)` not given: read it


def _kept_tree(model: type[AdminRule] | type[UserRule], stamp: int | None) -> _Tree | None:
    kept = _KEPT.get(model.Meta.table_name)
    if (
        stamp is not None
        and kept is not None
        and kept.stamp == stamp
        and time.monotonic() - kept.read_at < RULES_CACHE_SECONDS
    ):
        return kept
    return None


def _read_tree(model: type[AdminRule] | type[UserRule]) -> list[Any]:
    return sorted(model.by_part.query(PART), key=sort_key)


def _keep_tree(
    model: type[AdminRule] | type[UserRule],
    stamp: int,
    rules: Sequence[Any],
    shared: tuple[Any, ...] | None = None,
) -> None:
    """Keep `rules`, read under `stamp`, complete before another thread can see them (`_KEPT`)."""
    rows = [rule.serialize() for rule in rules]
    _KEPT[model.Meta.table_name] = _Tree(stamp, time.monotonic(), rows, shared)


def load_rules(model: type[AdminRule] | type[UserRule] = AdminRule, *, stamp: Any = _READ_STAMP) -> list[Any]:
    """Every rule of the tree, in menu order. The tree is read with one paginated Query and kept in
    memory. Later calls read only the table's stamp (one GetItem) while it is unchanged; a caller
    that has just read the stamp (with other items, in one BatchGetItem) passes it as `stamp`.
    Each call gets fresh models built from the kept rows: a caller may change them."""
    if stamp is _READ_STAMP:
        stamp = stamps.current(model)
    kept = _kept_tree(model, stamp)
    if kept is not None:
        return [model.from_raw_data(raw) for raw in kept.rows]
    rules = _read_tree(model)
    if stamp is not None:
        _keep_tree(model, stamp, rules)
    return rules


def shared_rules(model: type[AdminRule] | type[UserRule], stamp: int) -> tuple[Any, ...]:
    """`load_rules(model, stamp=stamp)` as one tuple of models built once per stamp and given to every
    caller (the grants kept below, every request's `AdminContext.rules`): no caller may change one of
    them or write through it (`own_copies`)."""
    kept = _kept_tree(model, stamp)
    if kept is None:
        rules = tuple(_read_tree(model))
        _keep_tree(model, stamp, rules, shared=rules)
        return rules
    if kept.shared is None:
        kept.shared = tuple(model.from_raw_data(raw) for raw in kept.rows)
    return kept.shared


def own_copies(rules: Iterable[_R]) -> list[_R]:
    """Models of `rules` (e.g. a shared tuple, `shared_rules`) that the caller may change or write
    through, built from their values: a write through a model sets its attributes again, in place
    (PynamoDB's `update` clears them first), under the eyes of every request reading it."""
    return [type(rule).from_raw_data(rule.serialize()) for rule in rules]


def load_groups(model: type[AdminGroup] | type[UserGroup], ids: Iterable[int]) -> list[Any]:
    """The groups `ids`, read consistently: a grant computed from them is kept under the group stamp
    read before them (`grant_kept`), so they must show every write that stamp follows."""
    keys = sorted({int(i) for i in ids})
    return list(model.batch_get(keys, consistent_read=True)) if keys else []


def grant_from_groups(
    groups: Sequence[AdminGroup] | Sequence[UserGroup],
    rules: Sequence[AdminRule] | Sequence[UserRule],
    *,
    include_disabled: bool = False,
) -> Grant:
    """The union of what `groups` grant; disabled groups grant nothing unless `include_disabled`."""
    enabled = [g for g in groups if include_disabled or g.enabled]
    if any(g.is_all for g in enabled):
        return Grant(is_super=True, rule_ids=frozenset(int(r.id) for r in rules), names=frozenset({SUPER}))
    wanted: set[int] = set()
    for group in enabled:
        wanted |= group.rule_ids()
    held = [r for r in rules if r.id in wanted and r.enabled]
    return Grant(
        is_super=False,
        rule_ids=frozenset(int(r.id) for r in held),
        names=frozenset(r.name for r in held),
    )


def admin_grant(admin: Any, rules: Sequence[AdminRule] | None = None) -> Grant:
    """The grant of `admin` (an `Admin`)."""
    rules = load_rules(AdminRule) if rules is None else rules
    if admin.is_super:
        return Grant(is_super=True, rule_ids=frozenset(int(r.id) for r in rules), names=frozenset({SUPER}))
    groups = load_groups(AdminGroup, admin.group_ids or [])
    grant = grant_from_groups(groups, rules)
    if grant.is_super:  # a group holding "*": never limited
        return grant
    scope, scope_groups = admin_data_scope(groups)
    return replace(grant, data_scope=scope, scope_groups=scope_groups)


def scope_width(scope: str) -> int:
    """How wide a data scope is: "all" 2, "group" 1, "own" 0 (an unknown value: the narrowest)."""
    return len(DATA_SCOPES) - 1 - DATA_SCOPES.index(scope) if scope in DATA_SCOPES else 0


def admin_data_scope(groups: Sequence[AdminGroup]) -> tuple[str, frozenset[int]]:
    """The widest data scope of the enabled `groups` (an admin in several reaches what any of them
    does), with the groups whose admins' rows a "group" scope reaches; no enabled group: "own"."""
    enabled = [g for g in groups if g.enabled]
    widest = max((g.data_scope or SCOPE_ALL for g in enabled), key=scope_width, default=SCOPE_OWN)
    if widest != SCOPE_GROUP:
        return widest, frozenset()
    return widest, frozenset(int(g.id) for g in enabled if g.data_scope == SCOPE_GROUP)


def target_grant(admin: Any, rules: Sequence[AdminRule]) -> Grant:
    """What another admin holds, counting its disabled groups too (enabling a group gives them back):
    the grant that decides whether a caller may act on it (`Grant.covers`)."""
    if admin.is_super:
        return Grant(is_super=True, rule_ids=frozenset(int(r.id) for r in rules), names=frozenset({SUPER}))
    return grant_from_groups(load_groups(AdminGroup, admin.group_ids or []), rules, include_disabled=True)


def is_super_admin(admin: Any) -> bool:
    if admin.is_super:
        return True
    return any(g.enabled and g.is_all for g in load_groups(AdminGroup, admin.group_ids or []))


def descendants(rows: Sequence[Any], root_id: int) -> set[int]:
    """Ids of every row below `root_id` (rows have `id` and `pid`)."""
    children: dict[int, list[int]] = {}
    for row in rows:
        children.setdefault(int(row.pid or 0), []).append(int(row.id))
    found: set[int] = set()
    stack = [root_id]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def build_tree(rows: list[dict[str, Any]], root: int = 0) -> list[dict[str, Any]]:
    """Nest row dicts (with `id`, `pid`) under `children`, keeping their order; orphans go to the top."""
    by_id = {row["id"]: row for row in rows}
    top: list[dict[str, Any]] = []
    for row in rows:
        row.setdefault("children", [])
    for row in rows:
        parent = by_id.get(row["pid"]) if row["pid"] != root else None
        (parent["children"] if parent is not None else top).append(row)
    for row in rows:
        if not row["children"]:
            row.pop("children")
    return top


def menu_tree(
    grant: Grant, lang: str, rules: Sequence[AdminRule] | Sequence[UserRule]
) -> list[dict[str, Any]]:
    """The rules `grant` may see, as a tree: enabled, granted, and with every ancestor visible."""
    enabled = {r.id: r for r in rules if r.enabled}
    visible: list[Any] = []
    for rule in rules:
        if rule.id not in enabled or not (grant.is_super or rule.id in grant.rule_ids):
            continue
        # Every ancestor must be visible too, or the rule is unreachable.
        pid, ok = int(rule.pid or 0), True
        seen: set[int] = set()
        while pid and ok:
            parent = enabled.get(pid)
            ok = parent is not None and (grant.is_super or pid in grant.rule_ids) and pid not in seen
            seen.add(pid)
            pid = int(parent.pid or 0) if parent is not None else 0
        if ok:
            visible.append(rule)
    rows = [
        {
            "id": r.id,
            "pid": r.pid,
            "type": r.rule_type,
            "title": r.label(lang),
            "name": r.name,
            "path": r.path,
            "icon": r.icon,
            "menu_type": r.menu_type,
            "url": r.url,
            "component": r.component,
            "keepalive": r.keepalive,
        }
        for r in visible
    ]
    return build_tree(rows)


# The admin whose request is being served (set by `functions.routes.admin.deps.require` once the
# permission is granted; None outside an admin request): services that record who caused something
# deep inside a save (the publish a save schedules) read it instead of every caller passing it on.
acting_admin: ContextVar[int | None] = ContextVar("acting_admin", default=None)


@dataclass
class AdminContext:
    """The calling admin, its grant and the rule tree it was computed from (built per request by
    `functions.routes.admin.deps.require`; the back-office services take it as "who is asking").
    `rules` is shared by every request under the same stamp (`shared_rules`), on every worker thread:
    read it, never change or write through one of its rules; code that writes takes `own_copies`."""

    admin: Admin
    grant: Grant
    rules: Sequence[AdminRule]

    @property
    def is_super(self) -> bool:
        return self.grant.is_super

    @property
    def id(self) -> int:
        return int(self.admin.id)


def member_grant(user: Any) -> tuple[Grant, list[Any]]:
    """What the member's group grants (member rules, SPEC §6), with the rules it was read from."""
    rules = load_rules(UserRule)
    return grant_from_groups(load_groups(UserGroup, [int(user.group_id or 0)]), rules), rules


# --- Grants kept in memory -------------------------------------------------------------------------
# An authenticated request reads, with its session and account in one BatchGetItem
# (`sessions.authenticate_account(stamped=grant_stamped(kind))`), the stamps of its kind's rule and group
# tables, and finds its grant here under (kind, rule stamp, group stamp, who): who is the member's group
# id, or the admin's group ids (or its `super` flag), as the account row read with the session says.
# Every write to a rule or a group gives its table a new stamp (`functions.models.stamp`), so the next
# request computes the grant again; an account moved to other groups has another key; a disabled account
# or a revoked session is refused before its grant is looked for (`routes.deps.current_user` /
# `current_admin`). Bounded in age (`RULES_CACHE_SECONDS`, should a writer stop between its write and
# the stamp) and in size (`MAX_KEPT_GRANTS`); the grants under older stamps are dropped on the first
# grant computed under new ones.

Kind = Literal["user", "admin"]
_STAMPED: dict[str, tuple[type[Any], type[Any]]] = {
    "user": (UserRule, UserGroup),
    "admin": (AdminRule, AdminGroup),
}
GrantKey = tuple[str, int, int, bool, tuple[int, ...]]


@dataclass(frozen=True)
class KeptGrant:
    """A grant kept in memory, with the rule tree it was computed from (`shared_rules`: read it, never
    change one of its rules)."""

    grant: Grant
    rules: tuple[Any, ...]


_GRANTS: dict[GrantKey, tuple[float, KeptGrant]] = {}
_GRANTS_LOCK = threading.Lock()
MAX_KEPT_GRANTS = 512


def grant_stamped(kind: Kind) -> tuple[type[Any], ...]:
    """The tables whose stamps a kept grant of `kind` is checked against: read them with the session."""
    return _STAMPED[kind]


def _grant_key(kind: Kind, account: Any, stamp_values: dict[str, int | None]) -> GrantKey | None:
    rule_model, group_model = _STAMPED[kind]
    rules_stamp = stamp_values.get(rule_model.logical_name)
    groups_stamp = stamp_values.get(group_model.logical_name)
    if rules_stamp is None or groups_stamp is None:
        return None
    if kind == "user":
        return (kind, rules_stamp, groups_stamp, False, (int(account.group_id or 0),))
    if account.is_super:
        return (kind, rules_stamp, groups_stamp, True, ())
    return (kind, rules_stamp, groups_stamp, False, tuple(sorted({int(i) for i in account.group_ids or []})))


def kept_grant(kind: Kind, account: Any, stamp_values: dict[str, int | None]) -> KeptGrant | None:
    """The account's grant when it is kept under these stamps (no I/O: the caller's event loop may ask)."""
    key = _grant_key(kind, account, stamp_values)
    kept = _GRANTS.get(key) if key is not None else None
    if kept is not None and time.monotonic() - kept[0] < RULES_CACHE_SECONDS:
        return kept[1]
    return None


def grant_kept(kind: Kind, account: Any, stamp_values: dict[str, int | None]) -> KeptGrant:
    """The grant of `account` (a `User` for "user", an `Admin` for "admin"), kept in memory under the
    stamps `stamp_values` (by logical name, as `sessions.authenticate_account` read them with the
    session). Without a stamp (a table never written since stamps exist) nothing is kept."""
    kept = kept_grant(kind, account, stamp_values)
    if kept is not None:
        return kept
    key = _grant_key(kind, account, stamp_values)
    if key is None:
        rules = tuple(load_rules(_STAMPED[kind][0]))
        return KeptGrant(_compute(kind, account, rules), rules)
    rules = shared_rules(_STAMPED[kind][0], key[1])
    found = KeptGrant(_compute(kind, account, rules), rules)
    with _GRANTS_LOCK:  # requests compute grants on several worker threads
        if len(_GRANTS) >= MAX_KEPT_GRANTS:
            _GRANTS.clear()
        else:  # grants under this kind's older stamps are never asked for again
            for old in [k for k in _GRANTS if k[0] == kind and k[1:3] != key[1:3]]:
                del _GRANTS[old]
        _GRANTS[key] = (time.monotonic(), found)
    return found


def _compute(kind: Kind, account: Any, rules: Sequence[Any]) -> Grant:
    if kind == "admin":
        return admin_grant(account, rules)
    return grant_from_groups(load_groups(UserGroup, [int(account.group_id or 0)]), rules)
