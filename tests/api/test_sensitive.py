# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The sensitive-data log (issue 14): an edit that changes a watched field writes one log row per field
with before and after, who, when and IP, in the same DynamoDB transaction as the edit — an injected
failure between the steps saves nothing — a password logs only that it changed; rollback sets the
value back only while the field still holds the logged new value, and refuses otherwise."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    ZH,
    AdminUser,
    get_ok,
    make_admin,
    ok,
    post,
    post_member,
    table_log,
    unique,
)


def member(api: httpx.Client, who: AdminUser, mobile: str) -> dict[str, Any]:
    created = post_member(api, who, username=unique("sd"), nickname="Watched", mobile=mobile, group_id=1)
    assert created["code"] == 1, created
    row = get_ok(api, "user/user/edit", who, id=created["data"]["id"])["row"]
    return {**row, "password": ""}


def edit(api: httpx.Client, who: AdminUser, row: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return post(api, "user/user/edit", who, {**row, **changes})


def changes_of(api: httpx.Client, who: AdminUser, item_id: int) -> list[dict[str, Any]]:
    return [r for r in table_log(api, who, "sensitiveDataLog", "user/user") if r["item_id"] == item_id]


def stored_mobile(member_id: int) -> str:
    from functions.models.user import User

    return str(User.get(member_id, consistent_read=True).mobile)


def test_a_watched_change_is_logged_with_before_and_after_and_rolled_back(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    row = member(api, super_admin, "13800000001")
    assert edit(api, super_admin, row, nickname="Renamed")["code"] == 1  # not watched: no row
    assert changes_of(api, super_admin, row["id"]) == []
    assert edit(api, super_admin, row, mobile="13800000002", password="New_pass12")["code"] == 1
    logged = {r["field"]: r for r in changes_of(api, super_admin, row["id"])}
    assert set(logged) == {"mobile", "password"}
    mobile = logged["mobile"]
    assert (mobile["before"], mobile["after"]) == ("13800000001", "13800000002")
    assert mobile["username"] == super_admin.username and mobile["ip"] and mobile["table_title"] == "Members"
    # A password: only that it changed.
    secret = logged["password"]
    assert secret["secret"] is True and secret["before"] is None and secret["after"] is None
    refused = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [secret["id"]]})
    assert refused["msg"] == "A password change cannot be rolled back"
    # Roll the mobile back: the value returns, its unique guard moves back, the row is marked.
    done = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [mobile["id"]]})
    assert done["code"] == 1 and done["data"]["count"] == 1, done
    assert stored_mobile(row["id"]) == "13800000001"
    taken = post_member(api, super_admin, mobile="13800000001")
    assert taken["code"] == 0  # the old number is claimed again
    freed = post_member(api, super_admin, mobile="13800000002")
    assert freed["code"] == 1  # the new one is free
    after = {r["id"]: r for r in changes_of(api, super_admin, row["id"])}
    assert (
        after[mobile["id"]]["rollback_time"] and after[mobile["id"]]["rollback_admin"] == super_admin.username
    )
    reverse = [r for r in after.values() if r["field"] == "mobile" and r["id"] != mobile["id"]]
    assert [(r["before"], r["after"]) for r in reverse] == [
        ("13800000002", "13800000001")
    ]  # the rollback is logged
    twice = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [mobile["id"]]}, ZH)
    assert twice["msg"] == "该修改已经回滚过了"


def test_rollback_refuses_when_the_field_changed_since(api: httpx.Client, super_admin: AdminUser) -> None:
    row = member(api, super_admin, "13800000011")
    assert edit(api, super_admin, row, mobile="13800000012")["code"] == 1
    assert edit(api, super_admin, row, mobile="13800000013")["code"] == 1
    first, second = sorted(changes_of(api, super_admin, row["id"]), key=lambda r: r["id"])
    refused = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [first["id"]]})
    assert refused["code"] == 0
    assert refused["msg"] == (
        'Cannot roll back: mobile has changed since and now holds "13800000013", not the logged new value'
    )
    assert stored_mobile(row["id"]) == "13800000013"
    # Newest first, both go back in one call.
    both = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [first["id"], second["id"]]})
    assert both["code"] == 1 and both["data"]["count"] == 2, both
    assert stored_mobile(row["id"]) == "13800000011"


def test_an_injected_failure_between_the_edit_and_its_log_row_saves_nothing(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.services import sensitive

    row = member(api, super_admin, "13800000021")

    # 1. The process fails after the save was added to the transaction, before the log row.
    def crash(self: Any, tx: Any, item: Any) -> None:
        raise RuntimeError("injected failure")

    with monkeypatch.context() as patch:
        patch.setattr(sensitive.EditWatcher, "saved", crash)
        answer = api.post(
            "/srv/admin/user/user/edit", json={**row, "mobile": "13800000022"}, headers=super_admin.headers
        )
        assert answer.status_code == 500 or answer.json()["code"] != 1
    assert stored_mobile(row["id"]) == "13800000021"
    assert changes_of(api, super_admin, row["id"]) == []

    # 2. DynamoDB refuses the log row (its id is taken): the edit is cancelled with it.
    other = member(api, super_admin, "13800000023")
    assert edit(api, super_admin, other, mobile="13800000024")["code"] == 1
    (taken,) = changes_of(api, super_admin, other["id"])
    with monkeypatch.context() as patch:
        patch.setattr(sensitive, "next_id", lambda name: int(taken["id"]))
        body = edit(api, super_admin, row, mobile="13800000022")
    assert body["code"] == 0
    assert body["msg"] == "The change of a watched field could not be logged, so nothing was saved"
    assert stored_mobile(row["id"]) == "13800000021"
    assert changes_of(api, super_admin, row["id"]) == []
    # The number it tried to take is still free (its guard was not written either).
    assert edit(api, super_admin, row, mobile="13800000022")["code"] == 1


def test_rules_pick_fields_of_the_table_and_rollback_needs_both_permissions(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    rules = get_ok(api, "security/sensitiveData/index", super_admin)["list"]
    members_rule = next(r for r in rules if r["table"] == "user/user")
    assert "mobile" in members_rule["fields"] and "password" in members_rule["fields"]
    bad = post(
        api, "security/sensitiveData/edit", super_admin, {**members_rule, "fields": ["mobile", "nope"]}
    )
    assert bad["msg"] == "The table has no field nope"
    row = member(api, super_admin, "13800000031")
    assert edit(api, super_admin, row, mobile="13800000032")["code"] == 1
    (change,) = changes_of(api, super_admin, row["id"])
    only_log = make_admin(api, ["security/sensitiveDataLog/index", "security/sensitiveDataLog/rollback"])
    assert post(api, "security/sensitiveDataLog/rollback", only_log, {"ids": [change["id"]]})["code"] == 401
    viewer = make_admin(api, ["security/sensitiveDataLog/index"])
    assert post(api, "security/sensitiveDataLog/rollback", viewer, {"ids": [change["id"]]})["code"] == 401
    both = make_admin(
        api,
        [
            "security/sensitiveDataLog/index",
            "security/sensitiveDataLog/rollback",
            "user/user/index",
            "user/user/edit",
        ],
    )
    assert post(api, "security/sensitiveDataLog/rollback", both, {"ids": [change["id"]]})["code"] == 1
    assert stored_mobile(row["id"]) == "13800000031"


# --- config values (table routine/config, fields group.name) -------------------------------------------
def save_config(
    api: httpx.Client, who: AdminUser, group: str, lang: dict[str, str] = EN, **values: Any
) -> dict[str, Any]:
    return post(api, "routine/config/edit", who, {"group": group, "values": values}, lang)


def config_changes(api: httpx.Client, who: AdminUser, field: str) -> list[dict[str, Any]]:
    return [r for r in table_log(api, who, "sensitiveDataLog", "routine/config") if r["field"] == field]


def log_total(api: httpx.Client, who: AdminUser) -> int:
    return int(get_ok(api, "security/sensitiveDataLog/index", who)["total"])


def stored_config(group: str, name: str) -> Any:
    from functions.models.config import Config

    return Config.get(group, name, consistent_read=True).value


def test_a_watched_config_value_is_logged_and_rolled_back(api: httpx.Client, super_admin: AdminUser) -> None:
    rules = get_ok(api, "security/sensitiveData/index", super_admin)["list"]
    config_rule = next(r for r in rules if r["table"] == "routine/config")  # seeded by default
    assert config_rule["table_title"] == "System config"
    assert {"site.record_number", "site.hotline", "mail.smtp_pass"} <= set(config_rule["fields"])
    tables = get_ok(api, "security/sensitiveData/tables", super_admin)
    config_table = next(t for t in tables if t["path"] == "routine/config")
    assert "site.office_hours" in config_table["fields"]
    assert config_table["field_titles"]["site.hotline"] == "Service hotline"  # the form offers titles

    before = stored_config("site", "record_number")
    number = f"苏ICP备{unique('')[:8]}号"
    # A watched value and one that is not, in one save: one log row.
    assert save_config(api, super_admin, "site", record_number=number, office_hours="9:00-17:00")["code"] == 1
    (change,) = config_changes(api, super_admin, "site.record_number")
    assert (change["before"], change["after"]) == (before, number)
    assert change["table_title"] == "System config" and change["username"] == super_admin.username
    assert change["field_title"] == "ICP record number"  # the item's title next to its name
    assert config_changes(api, super_admin, "site.office_hours") == []
    # Saved again unchanged: no row.
    assert save_config(api, super_admin, "site", record_number=number)["code"] == 1
    assert len(config_changes(api, super_admin, "site.record_number")) == 1
    # A password: only that it changed, and it cannot be rolled back.
    assert save_config(api, super_admin, "mail", smtp_pass=unique("pw"))["code"] == 1
    secret = config_changes(api, super_admin, "mail.smtp_pass")[0]
    assert secret["secret"] is True and secret["before"] is None and secret["after"] is None
    refused = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [secret["id"]]})
    assert refused["msg"] == "A password change cannot be rolled back"

    done = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [change["id"]]})
    assert done["code"] == 1 and done["data"]["count"] == 1, done
    assert stored_config("site", "record_number") == before
    site = ok(api.get("/srv/api/index/index", headers=EN))
    assert before in json.dumps(site, ensure_ascii=False)  # the public config reads the value back
    rows = {r["id"]: r for r in config_changes(api, super_admin, "site.record_number")}
    assert rows[change["id"]]["rollback_admin"] == super_admin.username
    assert [(r["before"], r["after"]) for r in rows.values() if r["id"] != change["id"]] == [(number, before)]
    twice = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [change["id"]]}, ZH)
    assert twice["msg"] == "该修改已经回滚过了"


def test_a_config_rollback_refuses_when_the_value_changed_since(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    first, second = f"400-{unique('')[:7]}", f"400-{unique('')[:7]}"
    original = stored_config("site", "hotline")
    email = f"{unique('m')}@example.com"
    total = log_total(api, super_admin)
    # Two watched values in one save: one transaction, two rows (the log's counter counts both).
    assert save_config(api, super_admin, "site", hotline=first, company_email=email)["code"] == 1
    assert log_total(api, super_admin) == total + 2
    assert config_changes(api, super_admin, "site.company_email")[0]["after"] == email
    assert save_config(api, super_admin, "site", hotline=second)["code"] == 1
    older, newer = sorted(config_changes(api, super_admin, "site.hotline"), key=lambda r: r["id"])[-2:]
    assert (older["after"], newer["after"]) == (first, second)
    refused = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [older["id"]]})
    assert refused["code"] == 0
    assert refused["msg"] == (
        f'Cannot roll back: site.hotline has changed since and now holds "{second}", not the logged new value'
    )
    assert stored_config("site", "hotline") == second
    # Rolling back needs the config page's own edit permission too.
    only_log = make_admin(api, ["security/sensitiveDataLog/index", "security/sensitiveDataLog/rollback"])
    assert post(api, "security/sensitiveDataLog/rollback", only_log, {"ids": [newer["id"]]})["code"] == 401
    both = post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [older["id"], newer["id"]]})
    assert both["code"] == 1 and both["data"]["count"] == 2, both
    assert stored_config("site", "hotline") == original


def test_an_injected_failure_between_a_config_save_and_its_log_row_saves_nothing(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.services import sensitive

    number, hours = stored_config("site", "record_number"), stored_config("site", "office_hours")
    count = len(config_changes(api, super_admin, "site.record_number"))

    # 1. The process fails after the save was added to the transaction, before the log row: the
    #    whole group (the unwatched value too) is left as it was.
    def crash(self: Any, tx: Any, item: Any) -> None:
        raise RuntimeError("injected failure")

    with monkeypatch.context() as patch:
        patch.setattr(sensitive.EditWatcher, "saved", crash)
        answer = api.post(
            "/srv/admin/routine/config/edit",
            json={"group": "site", "values": {"record_number": "苏ICP备00000001号", "office_hours": "never"}},
            headers=super_admin.headers,
        )
        assert answer.status_code == 500 or answer.json()["code"] != 1
    assert (stored_config("site", "record_number"), stored_config("site", "office_hours")) == (number, hours)
    assert len(config_changes(api, super_admin, "site.record_number")) == count

    # 2. DynamoDB refuses the log row (its id is taken): the save is cancelled with it.
    (taken, *_) = config_changes(api, super_admin, "site.record_number") or [None]
    if taken is None:
        assert save_config(api, super_admin, "site", record_number=f"{number}-x")["code"] == 1
        assert save_config(api, super_admin, "site", record_number=number)["code"] == 1
        taken = config_changes(api, super_admin, "site.record_number")[0]
        count = len(config_changes(api, super_admin, "site.record_number"))
    with monkeypatch.context() as patch:
        patch.setattr(sensitive, "next_id", lambda name: int(taken["id"]))
        body = save_config(api, super_admin, "site", record_number="苏ICP备00000002号", office_hours="never")
    assert body["code"] == 0
    assert body["msg"] == "The change of a watched field could not be logged, so nothing was saved"
    assert (stored_config("site", "record_number"), stored_config("site", "office_hours")) == (number, hours)
    assert len(config_changes(api, super_admin, "site.record_number")) == count


def test_a_config_save_tried_again_after_a_conflict_still_logs_its_change(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transaction DynamoDB cancels for a conflict is built again: the watcher logs again (its own
    bookkeeping waits for the commit), so the retried save still has its log row."""
    from pynamodb.exceptions import TransactWriteError
    from pynamodb.transactions import TransactWrite

    from functions.models import base

    value = f"400-{unique('')[:7]}"
    real_commit = TransactWrite._commit
    failures = [1]

    def conflict_once(self: Any) -> Any:
        if failures and getattr(self, "_logged", None):  # the save with its log row (not the admin log's)
            failures.pop()
            raise TransactWriteError("injected conflict")
        return real_commit(self)

    with monkeypatch.context() as patch:
        patch.setattr(TransactWrite, "_commit", conflict_once)
        patch.setattr(base, "is_conflict", lambda exc: True)
        assert save_config(api, super_admin, "site", hotline=value)["code"] == 1
    assert not failures  # the first try was cancelled
    assert stored_config("site", "hotline") == value
    (change,) = [r for r in config_changes(api, super_admin, "site.hotline") if r["after"] == value]
    assert change["before"] != value
