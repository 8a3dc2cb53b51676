"""Helpers of the back-office API tests (their fixtures `admin_seed` and `super_admin` are in
tests/api/conftest.py).

- `seed_defaults()`: the default rules, groups and config items (what `make run` seeds).
- `make_admin(api, rules=…)`: an admin in a fresh group holding the named rules (or "*"), logged in
  over HTTP; returns an `AdminUser` with its token headers.
- `rule_ids(names)`: ids of seeded rules by name.
- `ok(response)` / `failure(response, status, msg)`: the envelope of a success / of a failure.
- `post`, `get`, `get_ok`, `delete`: the back-office API as an admin; `post_member` adds a member,
  `table_log` reads the recycle bin or the sensitive-data log of one table.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import httpx

PASSWORD = "Admin_pass1"
EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-cn"}


@dataclass
class AdminUser:
    id: int
    username: str
    token: str
    refresh_token: str
    group_id: int | None = None
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def headers(self) -> dict[str, str]:
        return {"batoken": self.token}


def seed_defaults() -> None:
    from functions.services.config_items import seed_config_items
    from functions.services.recycle import seed_recycle_rules
    from functions.services.rules import seed_groups, seed_rules
    from functions.services.sensitive import seed_sensitive_rules
    from functions.services.site_config import seed_site_config

    seed_site_config()
    seed_rules()
    seed_groups()
    seed_config_items()
    seed_recycle_rules()
    seed_sensitive_rules()


def rule_ids(names: Iterable[str]) -> list[int]:
    from functions.models.rule import AdminRule
    from functions.services.rules import find_by_name

    ids = []
    for name in names:
        rule = find_by_name(AdminRule, name)
        assert rule is not None, name
        ids.append(int(rule.id))
    return ids


def all_rule_names() -> list[str]:
    from functions.models.listing import PART
    from functions.models.rule import AdminRule

    return [r.name for r in AdminRule.by_part.query(PART)]


def unique(prefix: str = "a") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def login(api: httpx.Client, username: str, password: str = PASSWORD, keep: bool = True) -> dict[str, Any]:
    body = api.post(
        "/srv/admin/index/login", json={"username": username, "password": password, "keep": keep}
    ).json()
    assert body["code"] == 1, body
    return body["data"]["userInfo"]


def make_group(rules: list[Any] | str, pid: int = 0, name: str | None = None) -> int:
    from functions.models.counter import next_id
    from functions.models.group import AdminGroup

    group = AdminGroup(
        next_id("admin_group"), pid=pid, name=name or unique("g"), rules=["*"] if rules == "*" else rules
    )
    group.save()
    return int(group.id)


def make_admin(
    api: httpx.Client,
    rules: Iterable[str] | str = (),
    *,
    is_super: bool = False,
    group_id: int | None = None,
    pid: int = 0,
) -> AdminUser:
    """A logged-in admin. `rules`: rule names its (new) group holds, or "*"."""
    from functions.models.admin import Admin

    if group_id is None and not is_super:
        group_id = make_group("*" if rules == "*" else rule_ids(rules), pid=pid)
    username = unique("adm")
    admin = Admin.create(username, PASSWORD, is_super=is_super, group_ids=[group_id] if group_id else [])
    info = login(api, username)
    return AdminUser(int(admin.id), username, info["token"], info["refresh_token"], group_id, info)


def ok(response: httpx.Response) -> Any:
    body = response.json()
    assert response.status_code == 200 and body["code"] == 1, body
    return body["data"]


def failure(response: httpx.Response, status: int, msg: str) -> dict[str, Any]:
    """The failure envelope: HTTP `status`, code 0, message `msg`, no data, not to be sniffed."""
    assert response.status_code == status
    body = response.json()
    assert body["code"] == 0
    assert body["msg"] == msg
    assert body["data"] is None
    assert response.headers["x-content-type-options"] == "nosniff"
    return body


def refused(response: httpx.Response) -> bool:
    body = response.json()
    return response.status_code == 200 and body["code"] == 401


def post(
    api: httpx.Client, path: str, who: AdminUser, body: Any, lang: dict[str, str] = EN
) -> dict[str, Any]:
    """POST `body` as JSON to `/srv/admin/<path>` as `who`; the envelope."""
    return api.post(f"/srv/admin/{path}", json=body, headers={**who.headers, **lang}).json()


def get(api: httpx.Client, path: str, who: AdminUser, **params: Any) -> dict[str, Any]:
    """GET `/srv/admin/<path>?<params>` as `who`, in English; the envelope."""
    return api.get(f"/srv/admin/{path}", params=params, headers={**who.headers, **EN}).json()


def get_ok(api: httpx.Client, path: str, who: AdminUser, **params: Any) -> Any:
    """GET `/srv/admin/<path>?<params>` as `who`, in English; the data of the success it must be."""
    return ok(api.get(f"/srv/admin/{path}", params=params, headers={**who.headers, **EN}))


def post_member(api: httpx.Client, who: AdminUser, **fields: Any) -> dict[str, Any]:
    """Add a member as `who` (a unique username, password PASSWORD, then `fields`); the envelope."""
    body = {"username": unique("mem"), "nickname": "M", "password": PASSWORD, **fields}
    return post(api, "user/user/add", who, body)


def table_log(api: httpx.Client, who: AdminUser, log: str, table: str) -> list[dict[str, Any]]:
    """The newest 100 rows about `table` of the log `log` (dataRecycleLog or sensitiveDataLog)."""
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    return get_ok(api, f"security/{log}/index", who, search=search, limit=100)["list"]


def delete(
    api: httpx.Client, path: str, who: AdminUser, ids: list[int] | None = None, **params: Any
) -> dict[str, Any]:
    """DELETE `/srv/admin/<path>?ids[]=<ids>&<params>` as `who`, in English; the envelope."""
    if ids is not None:
        params["ids[]"] = ids
    return api.delete(f"/srv/admin/{path}", params=params, headers={**who.headers, **EN}).json()
