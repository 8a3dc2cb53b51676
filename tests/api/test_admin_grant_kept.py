"""The back office's grant kept in memory (issue 37): an admin request finds its grant under the stamps
of the admin rules and groups read with its session, and the admin's groups (`permissions.grant_kept`).
Every permission promise still holds at the very next request: a group edited (its rules, its
status), the admin moved between groups or made super, a rule disabled or deleted, the admin disabled,
its session revoked. Against DynamoDB Local through the real app."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.models.admin import Admin
from functions.models.group import AdminGroup
from functions.models.rule import AdminRule
from functions.services import permissions, sessions
from functions.services.rules import find_by_name
from tests.api.admin_support import AdminUser, get, make_admin, make_group, rule_ids

pytestmark = pytest.mark.usefixtures("fast_hashing", "admin_seed")

LOG = "auth/adminLog/index"  # the admin log's list: GET /srv/admin/auth/adminLog/index
HELD = ["auth", "auth/adminLog", LOG]


def code(api: httpx.Client, who: AdminUser, permission: str = LOG) -> int:
    """The envelope code of the list route guarded by `permission`: 1 allowed, 401 refused, 302 logged out."""
    return int(get(api, permission, who)["code"])


@pytest.fixture
def dynamodb_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The DynamoDB operations made (the app serves on a thread of this process), in order."""
    from botocore.client import BaseClient

    calls: list[str] = []
    real = BaseClient._make_api_call

    def counting(self: Any, operation: str, params: Any) -> Any:
        calls.append(operation)
        return real(self, operation, params)

    monkeypatch.setattr(BaseClient, "_make_api_call", counting)
    yield calls


def test_a_kept_grant_costs_one_dynamodb_call(api: httpx.Client, dynamodb_calls: list[str]) -> None:
    who = make_admin(api, HELD)
    assert code(api, who) == 1  # the grant is computed (the admin's groups read) and kept
    dynamodb_calls.clear()
    answer = get(api, "index/badges", who)
    assert (answer["code"], answer["data"]) == (1, {"badges": {}})
    # The session, the admin and the two stamps in one BatchGetItem; no group read, no rule Query.
    assert dynamodb_calls == ["BatchGetItem"]


def test_a_group_edited_is_seen_by_the_next_request(api: httpx.Client) -> None:
    who = make_admin(api, HELD)
    assert code(api, who) == 1
    assert code(api, who) == 1  # answered from what is kept
    group = AdminGroup.get(who.group_id)
    group.rules = rule_ids(["auth", "auth/adminLog"])
    group.save()
    assert code(api, who) == 401
    group.update(actions=[AdminGroup.rules.set(rule_ids(HELD))])
    assert code(api, who) == 1
    group.update(actions=[AdminGroup.status.set("disable")])
    assert code(api, who) == 401
    group.update(actions=[AdminGroup.status.set("enable")])
    assert code(api, who) == 1
    assert code(api, who, "auth/group/index") == 401
    group.update(actions=[AdminGroup.rules.set(["*"])])  # the group made super
    assert code(api, who, "auth/group/index") == 1
    group.update(actions=[AdminGroup.rules.set(rule_ids(HELD))])
    assert code(api, who, "auth/group/index") == 401


def test_an_admin_moved_between_groups_or_made_super_is_seen_by_the_next_request(api: httpx.Client) -> None:
    who = make_admin(api, HELD)
    other = make_group(rule_ids(["dashboard"]))
    assert code(api, who) == 1
    admin = Admin.get(who.id)
    admin.group_ids = [other]
    admin.save()
    assert code(api, who) == 401
    admin.group_ids = [other, int(who.group_id or 0)]
    admin.save()
    assert code(api, who) == 1
    admin.group_ids = [other]
    admin.save()
    assert code(api, who) == 401  # the grant of [other] is the one kept before: still refused
    admin.is_super = True
    admin.save()
    assert code(api, who) == 1
    admin.is_super = False
    admin.save()
    assert code(api, who) == 401


def test_a_rule_disabled_or_deleted_is_refused_at_the_next_request(api: httpx.Client) -> None:
    who = make_admin(api, HELD)
    rule = find_by_name(AdminRule, LOG)
    assert rule is not None
    assert code(api, who) == 1
    try:
        rule.update(actions=[AdminRule.status.set("disable")])
        assert code(api, who) == 401
        rule.update(actions=[AdminRule.status.set("enable")])
        assert code(api, who) == 1
        rule.delete()
        assert code(api, who) == 401
    finally:
        rule.status = "enable"
        rule.save()
    assert code(api, who) == 1  # the group still names it: granted again


def test_a_disabled_admin_or_a_revoked_session_is_refused_at_the_next_request(api: httpx.Client) -> None:
    who = make_admin(api, HELD)
    assert code(api, who) == 1
    admin = Admin.get(who.id)
    admin.status = "disable"
    admin.save()
    assert code(api, who) == 302
    admin.status = "enable"
    admin.save()
    assert code(api, who) == 1
    assert sessions.revoke_all("admin", who.id) == 1
    assert code(api, who) == 302


def test_a_write_without_a_stamp_is_seen_once_the_cache_time_has_passed(
    api: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bound should a writer stop between its write and the new stamp (`RULES_CACHE_SECONDS`)."""
    who = make_admin(api, HELD)
    assert code(api, who) == 1
    group = AdminGroup.get(who.group_id)
    group.rules = rule_ids(["auth", "auth/adminLog"])
    client = AdminGroup._get_connection().connection.client
    client.put_item(TableName=AdminGroup.Meta.table_name, Item=group.serialize())  # no new stamp
    assert code(api, who) == 1  # still the kept grant
    monkeypatch.setattr(permissions, "RULES_CACHE_SECONDS", 0.0)
    assert code(api, who) == 401


def test_the_kept_grants_are_bounded_in_number(api: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(permissions, "MAX_KEPT_GRANTS", 3)
    who = make_admin(api, HELD)
    others = [make_group(rule_ids(["dashboard"])) for _ in range(5)]
    admin = Admin.get(who.id)
    for other in others:  # five group sets: five keys under the same stamps
        admin.group_ids = [int(who.group_id or 0), other]
        admin.save()
        assert code(api, who) == 1
        assert len(permissions._GRANTS) <= 3
        admin.group_ids = [other]
        admin.save()
        assert code(api, who) == 401
        assert len(permissions._GRANTS) <= 3
