"""The rule tree kept in memory (`functions.services.permissions.load_rules`, `functions.models.stamp`).
Every admin request needs the whole tree. It is queried once, and after that only the table's stamp
is read while nothing writes a rule. Every way the code writes a rule is seen by the next read. A
write that bypasses the models (no new stamp) is seen once the cache time has passed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from functions.models import AdminRule, UserRule
from functions.models.base import transact_write
from functions.models.listing import PART
from functions.models.stamp import bump, stamps_deferred
from functions.services import permissions
from functions.services.permissions import load_rules
from functions.services.rules import seed_menu

FIRST_PROBE = 900_001
_IDS = itertools.count(FIRST_PROBE)


@pytest.fixture(autouse=True)
def _probes_removed(dynamodb: Any) -> Iterator[None]:
    """The probe rules go after each test: they are written without their name guard (`Unique`), and
    other modules on the same tables look every rule up by name (`admin_support.rule_ids`)."""
    yield
    for model in (AdminRule, UserRule):
        for row in list(model.by_part.query(PART)):
            if int(row.id) >= FIRST_PROBE:
                row.delete()


@pytest.fixture
def queries(dynamodb: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The tables the rule tree was queried from, one entry per query."""
    calls: list[str] = []
    for model in (AdminRule, UserRule):
        index = model.by_part
        real = index.query

        def counting(*args: Any, _real: Any = real, _model: Any = model, **kwargs: Any) -> Any:
            calls.append(_model.logical_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(index, "query", counting)
    yield calls


def rule(model: Any = AdminRule, **values: Any) -> Any:
    rule_id = next(_IDS)
    return model(rule_id, name=f"cache/probe{rule_id}", title=f"探针 {rule_id}", **values)


def titles(model: Any = AdminRule) -> dict[str, str]:
    return {r.name: r.title for r in load_rules(model)}


def test_the_tree_is_queried_once_while_no_rule_is_written(queries: list[str]) -> None:
    probe = rule()
    probe.save()
    first = titles()
    assert first[probe.name] == probe.title
    assert queries == ["admin_rule"]
    assert titles() == first
    assert titles() == first
    assert queries == ["admin_rule"]  # the stamp only, twice
    # A caller that changes a rule it was given does not change what the next caller gets.
    given = next(r for r in load_rules(AdminRule) if r.name == probe.name)
    given.title = "changed in memory"
    assert titles()[probe.name] == probe.title
    # The member tree is kept apart.
    member = rule(UserRule)
    member.save()
    assert titles(UserRule)[member.name] == member.title
    assert probe.name not in titles(UserRule)


def test_every_way_of_writing_a_rule_is_seen_by_the_next_read(queries: list[str]) -> None:
    saved = rule()
    saved.save()
    assert saved.name in titles()

    saved.update(actions=[AdminRule.title.set("更新后的标题")])
    assert titles()[saved.name] == "更新后的标题"

    saved.title = "再次保存"
    saved.save()
    assert titles()[saved.name] == "再次保存"

    in_transaction = rule()
    with transact_write() as tx:
        tx.save(in_transaction)
    assert in_transaction.name in titles()

    with transact_write() as tx:
        tx.update(in_transaction, actions=[AdminRule.status.set("disable")])
    assert next(r for r in load_rules(AdminRule) if r.name == in_transaction.name).status == "disable"

    with transact_write() as tx:
        tx.delete(in_transaction)
    assert in_transaction.name not in titles()

    batch = [rule(), rule()]
    with AdminRule.batch_write() as writer:
        for item in batch:
            writer.save(item)
    assert {item.name for item in batch} <= set(titles())

    saved.delete()
    assert saved.name not in titles()
    # Each write above made the next read query the tree again; the reads between writes did not.
    assert len(queries) == 8


def test_a_write_elsewhere_is_seen_by_its_stamp_or_after_the_cache_time(
    queries: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    known = rule()
    known.save()
    assert known.name in titles()
    client = AdminRule._get_connection().connection.client
    table = AdminRule.Meta.table_name

    # Another process writes a rule and gives the table a new stamp: seen at once.
    elsewhere = rule()
    client.put_item(TableName=table, Item=elsewhere.serialize())
    bump(AdminRule)
    assert elsewhere.name in titles()

    # A write that does not go through the models (no new stamp) is not seen while the tree is kept...
    unstamped = rule()
    client.put_item(TableName=table, Item=unstamped.serialize())
    assert unstamped.name not in titles()
    # ...and is seen once the cache time has passed.
    monkeypatch.setattr(permissions, "RULES_CACHE_SECONDS", 0.0)
    assert unstamped.name in titles()


def test_a_bulk_write_replaces_the_stamp_once_and_its_rules_are_seen(
    queries: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.models import stamp

    stamped: list[str] = []
    real_bump = stamp.bump

    def counting_bump(model: Any) -> None:
        stamped.append(model.logical_name)
        real_bump(model)

    monkeypatch.setattr(stamp, "bump", counting_bump)
    before = stamp.current(AdminRule)

    created = seed_menu(
        {
            "name": f"cache/menu{next(_IDS)}",
            "title": ("缓存菜单", "Cache menu"),
            "buttons": (("add", "添加", "Add"), ("edit", "编辑", "Edit"), ("del", "删除", "Delete")),
        }
    )
    assert len(created) == 4  # the menu and its three buttons, four writes
    assert stamped == ["admin_rule"]  # one new stamp for all of them
    assert stamp.current(AdminRule) != before
    assert len({r.id for r in load_rules(AdminRule)} & set(created)) == 4

    # A block that fails half-way still replaces the stamp for what it wrote.
    stamped.clear()
    written = rule()
    with pytest.raises(RuntimeError), stamps_deferred():
        written.save()
        assert stamped == []
        raise RuntimeError("stopped half-way")
    assert stamped == ["admin_rule"]
    assert written.name in titles()
