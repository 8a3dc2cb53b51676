"""The back office's grant kept in memory (issue 37): an admin request finds its grant under the stamps
of the admin rules and groups read with its session, and the admin's groups (`permissions.grant_kept`).
Every permission promise still holds at the very next request: a group edited (its rules, its
status), the admin moved between groups or made super, a rule disabled or deleted, the admin disabled,
its session revoked. Against DynamoDB Local through the real app."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.models import stamp
from functions.models.admin import Admin
from functions.models.group import AdminGroup
from functions.models.rule import AdminRule, UserRule
from functions.services import permissions, sessions
from functions.services.rules import find_by_name
from tests.api.admin_support import AdminUser, get, make_admin, make_group, ok, post, rule_ids
from tests.api.members_support import auth, logged_in, new_member

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


def test_a_kept_member_grant_costs_one_dynamodb_call_and_builds_no_rule(
    api: httpx.Client, dynamodb_calls: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The member path (DESIGN §5's authenticated read, `bench.api_throughput`): once the member's grant
    is kept, a request reads its session, account and the two member stamps in one BatchGetItem and
    builds no member-rule model."""
    headers = auth(logged_in(api, new_member())["token"])
    profile = api.get("/srv/api/account/profile", headers=headers).json()
    assert profile["code"] == 1  # the grant is computed and kept
    built: list[Any] = []
    real = UserRule.from_raw_data.__func__  # type: ignore[attr-defined]

    def counting(cls: Any, data: Any) -> Any:
        built.append(cls)
        return real(cls, data)

    monkeypatch.setattr(UserRule, "from_raw_data", classmethod(counting))
    dynamodb_calls.clear()
    again = api.get("/srv/api/account/profile", headers=headers).json()
    assert (again["code"], again["data"]) == (1, profile["data"])
    assert dynamodb_calls == ["BatchGetItem"]
    assert built == []


# --- The rules every request shares ------------------------------------------------------------------
# A kept grant's rule tree is one tuple of models per stamp, read by every request of every admin on
# every worker thread (`AdminContext.rules`): no request may change one of them.


def _rule(api: httpx.Client, who: AdminUser, pid: int, title: str) -> int:
    name = f"sorted/{uuid.uuid4().hex}"
    answer = post(api, "auth/rule/add", who, {"pid": pid, "type": "menu_dir", "title": title, "name": name})
    assert answer["code"] == 1, answer
    found = find_by_name(AdminRule, name)
    assert found is not None
    return int(found.id)


def test_a_drag_sort_changes_no_rule_that_other_requests_are_reading(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    """The rule page's drag sort writes the rows it moves. Through the shared models it would set their
    attributes again in place (PynamoDB's update clears them first): a request reading the same tuple on
    another thread meanwhile would find a rule without id or name, and fail."""
    parent = _rule(api, super_admin, 0, "sort parent")
    children = [_rule(api, super_admin, parent, f"sort child {i}") for i in range(3)]
    try:
        listing = get(api, "auth/rule/index", super_admin)
        assert listing["code"] == 1
        shared = permissions.shared_rules(AdminRule, stamp.current(AdminRule) or 0)
        before = [rule.serialize() for rule in shared]
        assert set(children) <= {int(rule.id) for rule in shared}
        moved = ok(
            api.post(
                "/srv/admin/auth/rule/sortable",
                json={"id": children[2], "targetId": children[0]},
                headers=super_admin.headers,
            )
        )
        assert moved is None
        assert [rule.serialize() for rule in shared] == before
        after = get(api, "auth/rule/index", super_admin)["data"]["list"]
        node = next(row for row in after if row["id"] == parent)
        assert [row["id"] for row in node["children"]] == [children[2], children[0], children[1]]
    finally:
        api.delete(
            "/srv/admin/auth/rule/del", params={"ids[]": [parent, *children]}, headers=super_admin.headers
        )


def test_a_tree_read_under_one_stamp_is_never_kept_under_another(
    api: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two requests read the tree at once under two stamps (a rule written between them): each keeps
    what it read under its own stamp, whichever thread stores last."""
    rule = find_by_name(AdminRule, LOG)
    assert rule is not None
    title = rule.title
    first = stamp.current(AdminRule)
    assert first is not None

    class Interleaved(dict[str, Any]):
        """`_KEPT` where another thread writes a rule and reads the tree right after a reader stores."""

        interleaved = False

        def __setitem__(self, key: str, value: Any) -> None:
            super().__setitem__(key, value)
            if not self.interleaved:
                self.interleaved = True
                rule.update(actions=[AdminRule.title.set(f"{title} (renamed)")])  # a new stamp
                permissions.load_rules(AdminRule)  # the other thread's read, under it

    monkeypatch.setattr(permissions, "_KEPT", Interleaved())
    try:
        assert {r.title for r in permissions.shared_rules(AdminRule, first) if r.name == LOG} == {title}
        second = stamp.current(AdminRule)
        assert second is not None and second != first
        kept = {r.title for r in permissions.shared_rules(AdminRule, second) if r.name == LOG}
        assert kept == {f"{title} (renamed)"}
    finally:
        rule.update(actions=[AdminRule.title.set(title)])
