# ruff: noqa: F811 - the fixtures imported from the support modules are used as parameters
"""Input that used to make the API answer 500 (issue 9, items 8, 11 and 12), over real HTTP.

- Invalid Unicode (a lone surrogate, `"\\ud800"` in JSON; bytes that are not UTF-8 in a query, path
  or form body) and NUL are refused at the edge with HTTP 400 and the envelope, never stored; a bad
  value already stored (written here through the model) leaves lists and bootstraps readable.
- Single-line fields refuse control and bidi override characters; URL fields refuse script URLs.
- JSON nested hundreds of levels deep (bodies, the `search` list parameter) is a 400, not a 500,
  and logs no traceback.
- Unbounded keys and numbers (config names, points, DynamoDB keys) are 400s or business refusals.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    AdminUser,
    ok,
    unique,
)
from tests.api.members_support import auth, logged_in, new_member  # noqa: F401

EN = {"Accept-Language": "en"}
LONE = "\ud800"


def raw_post(
    api: httpx.Client, path: str, text: str, headers: dict[str, str] | None = None
) -> httpx.Response:
    """POST `text` as it is (json= would refuse to encode a lone surrogate)."""
    return api.post(
        path,
        content=text.encode("utf-8", "surrogatepass") if LONE in text else text.encode(),
        headers={"Content-Type": "application/json", **EN, **(headers or {})},
    )


def assert_400_envelope(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["code"] == 0 and isinstance(body["msg"], str) and body["msg"] and "time" in body
    return body


# --- 8. invalid Unicode ----------------------------------------------------------------------------
ESCAPED_LONE = '"x\\ud800y"'  # JSON text: the escape, not the character


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/srv/admin/auth/group/add", '{"name": %s, "rules": []}'),
        ("/srv/admin/auth/rule/add", '{"title": %s, "name": "fuzz/surrogate", "type": "menu"}'),
        ("/srv/admin/user/group/add", '{"name": %s, "rules": []}'),
        ("/srv/admin/routine/config/edit", '{"group": "site", "values": {"site_name": %s}}'),
        ("/srv/admin/routine/adminInfo/edit", '{"nickname": %s}'),
    ],
)
def test_lone_surrogates_are_refused_in_admin_writes(
    api: httpx.Client, super_admin: AdminUser, path: str, body: str
) -> None:
    response = raw_post(api, path, body % ESCAPED_LONE, super_admin.headers)
    assert assert_400_envelope(response)["msg"] == "The request contains invalid characters"


def test_lone_surrogate_in_an_ignored_login_field_never_reaches_the_admin_log(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    marker = unique("who")
    body = '{"username": "' + marker + '", "password": "x", "note": ' + ESCAPED_LONE + "}"
    assert_400_envelope(raw_post(api, "/srv/admin/index/login", body))
    listed = api.get(
        "/srv/admin/auth/adminLog/index", params={"quick_search": marker}, headers=super_admin.headers
    )
    assert listed.status_code == 200 and listed.json()["data"]["total"] == 0


def test_member_profile_refuses_a_lone_surrogate(api: httpx.Client, fast_hashing: None) -> None:
    tokens = logged_in(api, new_member())
    response = raw_post(
        api, "/srv/api/account/profile", '{"nickname": ' + ESCAPED_LONE + "}", auth(tokens["token"])
    )
    assert_400_envelope(response)


@pytest.mark.parametrize(
    "target",
    [
        "/srv/admin/auth/adminLog/index?quick_search=%ED%A0%80",  # a surrogate written as UTF-8 bytes
        "/srv/admin/auth/adminLog/index?quick_search=%FF",
        "/srv/admin/auth/adminLog/index?quick_search=a%00b",
        "/srv/api/%FF/index",
        "/srv/api/index/index%00",
    ],
)
def test_invalid_bytes_in_query_or_path_are_a_400(
    api: httpx.Client, super_admin: AdminUser, target: str
) -> None:
    assert_400_envelope(api.get(target, headers={**super_admin.headers, **EN}))


def test_invalid_bytes_in_a_form_body_are_a_400(api: httpx.Client) -> None:
    response = api.post(
        "/srv/admin/index/login",
        content=b"username=%FF&password=x",
        headers={"Content-Type": "application/x-www-form-urlencoded", **EN},
    )
    assert_400_envelope(response)


def test_a_stored_bad_value_leaves_lists_and_bootstraps_readable(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    """Values written before the edge checked input (or by other means) are shown with U+FFFD."""
    from functions.models.config import Config
    from functions.models.group import UserGroup
    from functions.services import admin_log
    from functions.services.site_config import clear_cache

    marker = unique("bad")
    admin_log.record(
        admin_id=super_admin.id,
        username=marker,
        url="/srv/admin/test",
        method="POST",
        title=f"t{LONE}",
        data={"note": f"x{LONE}y"},
        ip="127.0.0.1",
        useragent=f"ua{LONE}",
    )
    from functions.models.counter import next_id

    group = UserGroup(next_id("user_group"), name=f"{marker}{LONE}", rules=[])
    group.save()
    site_name = Config.get("site", "site_name")
    saved_value = site_name.value
    site_name.value = {"zh-cn": f"城市{LONE}", "en": f"City{LONE}"}
    site_name.save()
    clear_cache()
    try:
        logs = api.get(
            "/srv/admin/auth/adminLog/index", params={"quick_search": marker}, headers=super_admin.headers
        )
        assert logs.status_code == 200, logs.text
        row = logs.json()["data"]["list"][0]
        assert row["title"] == "t\ufffd" and "x\ufffdy" in row["data"]
        groups = api.get("/srv/admin/user/group/index", params={"limit": 1000}, headers=super_admin.headers)
        assert groups.status_code == 200, groups.text
        assert f"{marker}\ufffd" in [g["name"] for g in groups.json()["data"]["list"]]
        for path in ("/srv/admin/index/index", "/srv/api/index/index"):
            response = api.get(path, headers={**super_admin.headers, **EN})
            assert response.status_code == 200, (path, response.text)
            data = response.json()["data"]
            assert (data.get("siteConfig") or data.get("site"))["siteName"] == "City\ufffd"
    finally:
        site_name.value = saved_value
        site_name.save()
        group.delete()
        clear_cache()


# --- 8. single-line fields and URLs ------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["a\x00b", "a\nb", "a\rb", "a\u202eb", "a\u2066b", "a\u2028b"])
def test_single_line_fields_refuse_control_and_bidi_characters(
    api: httpx.Client, super_admin: AdminUser, bad: str
) -> None:
    headers = {**super_admin.headers, **EN}
    for path, body in (
        ("/srv/admin/auth/group/add", {"name": bad, "rules": []}),
        ("/srv/admin/user/group/add", {"name": bad, "rules": []}),
        ("/srv/admin/auth/rule/add", {"title": bad, "name": unique("r"), "type": "menu"}),
        ("/srv/admin/auth/rule/add", {"title": "ok", "name": unique("r"), "type": "menu", "path": bad}),
        ("/srv/admin/routine/adminInfo/edit", {"nickname": bad}),
    ):
        response = api.post(path, json=body, headers=headers)
        assert response.status_code == 400, (path, bad, response.text)


def test_multi_line_fields_keep_their_line_breaks(api: httpx.Client, super_admin: AdminUser) -> None:
    name = unique("g")
    body = {"name": name, "rules": [], "remark": "first line\nsecond line"}
    ok(api.post("/srv/admin/user/group/add", json=body, headers={**super_admin.headers, **EN}))


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        " JavaScript:alert(1)",
        "java\tscript:alert(1)",
        "javascript&colon;alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "VBScript:msgbox(1)",
    ],
)
def test_url_fields_refuse_script_urls(api: httpx.Client, super_admin: AdminUser, url: str) -> None:
    headers = {**super_admin.headers, **EN}
    rule = {"title": "link", "name": unique("r"), "type": "menu", "menu_type": "link", "url": url}
    assert api.post("/srv/admin/auth/rule/add", json=rule, headers=headers).status_code == 400
    profile = {"nickname": "Admin", "avatar": url}
    assert api.post("/srv/admin/routine/adminInfo/edit", json=profile, headers=headers).status_code == 400


def test_url_fields_accept_ordinary_links(api: httpx.Client, super_admin: AdminUser) -> None:
    headers = {**super_admin.headers, **EN}
    rule = {
        "title": "link",
        "name": unique("r"),
        "type": "menu",
        "menu_type": "link",
        "url": "https://example.com/a",
    }
    ok(api.post("/srv/admin/auth/rule/add", json=rule, headers=headers))


# --- 11. deep JSON -----------------------------------------------------------------------------------
def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [33, 600, 900, 100_000])
def test_deep_json_bodies_are_a_400_without_traceback(
    api: httpx.Client, super_admin: AdminUser, caplog: pytest.LogCaptureFixture, depth: int
) -> None:
    caplog.clear()
    login = '{"username": "x", "password": "y", "deep": ' + nested(depth) + "}"
    response = raw_post(api, "/srv/admin/index/login", login)
    assert assert_400_envelope(response)["msg"] == "The request data is nested too deeply"
    group = '{"name": "deep", "rules": [], "extra": ' + nested(depth) + "}"
    assert_400_envelope(raw_post(api, "/srv/admin/user/group/add", group, super_admin.headers))
    assert not [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]


@pytest.mark.parametrize("depth", [5, 600, 900])
def test_deep_search_parameter_is_a_400(
    api: httpx.Client, super_admin: AdminUser, caplog: pytest.LogCaptureFixture, depth: int
) -> None:
    caplog.clear()
    search = json.dumps([{"field": "id", "operator": "in", "val": json.loads(nested(depth))}])
    for table in ("auth/adminLog", "user/user", "auth/rule"):
        response = api.get(
            f"/srv/admin/{table}/index", params={"search": search}, headers={**super_admin.headers, **EN}
        )
        assert assert_400_envelope(response)["msg"] == "The request data is nested too deeply"
    assert not [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]


def test_admin_log_masking_survives_any_depth() -> None:
    from functions.services.admin_log import serialize

    value: Any = {"password": "p"}
    for _ in range(5000):
        value = {"a": [value]}
    assert "p" not in serialize(value) or serialize(value).startswith("{")  # no RecursionError


# --- 12. unbounded keys and numbers ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["", "a" * 100_000])
def test_config_item_names_are_bounded(api: httpx.Client, super_admin: AdminUser, name: str) -> None:
    headers = {**super_admin.headers, **EN}
    item = {"group": "site", "name": name, "title": "T", "type": "string"}
    assert_400_envelope(api.post("/srv/admin/routine/config/add", json=item, headers=headers))
    values = {"group": "site", "values": {name: "v"}}
    assert_400_envelope(api.post("/srv/admin/routine/config/edit", json=values, headers=headers))
    query_name = name[:10_000]  # a URL has its own limits
    response = api.delete(
        "/srv/admin/routine/config/del", params={"group": "site", "name": query_name}, headers=headers
    )
    assert_400_envelope(response)
    response = api.delete(
        "/srv/admin/routine/config/del", params={"group": query_name, "name": "x"}, headers=headers
    )
    assert_400_envelope(response)


@pytest.mark.parametrize("points", ["1e40", str(10**40), str(-(10**40)), "100000001"])
def test_points_are_bounded(
    api: httpx.Client, super_admin: AdminUser, fast_hashing: None, points: str
) -> None:
    user = new_member()
    body = f'{{"user_id": {int(user.id)}, "score": {points}, "memo": "x"}}'
    assert_400_envelope(raw_post(api, "/srv/admin/user/scoreLog/add", body, super_admin.headers))


def test_wallet_refuses_changes_beyond_its_maximum(fast_hashing: None, admin_seed: None) -> None:
    from functions.core.responses import ApiError
    from functions.services import wallet

    user = new_member()
    with pytest.raises(ApiError):
        wallet.change_score(user.id, wallet.MAX_POINTS + 1, "too much")
    with pytest.raises(ApiError):
        wallet.change_money(user.id, wallet.MAX_CENTS + 1, "too much")


@pytest.mark.parametrize("number", [str(10**40), "1e40", "1" * 5000])
def test_huge_ids_are_a_400(api: httpx.Client, super_admin: AdminUser, number: str) -> None:
    headers = {**super_admin.headers, **EN}
    assert_400_envelope(api.get(f"/srv/admin/auth/admin/edit?id={number}", headers=headers))
    body = '{"id": ' + number + ', "targetId": 1}'
    assert_400_envelope(raw_post(api, "/srv/admin/auth/rule/sortable", body, super_admin.headers))


def test_storage_path_with_nul_is_not_found(serve: Any, tmp_path: Any) -> None:
    from functions.local.gateway import Gateway

    site = tmp_path / "site"
    site.mkdir()
    (site / "404.html").write_text("not found", encoding="utf-8")
    (tmp_path / "uploads" / "storage").mkdir(parents=True)
    with serve(Gateway(None, site, tmp_path / "dist", tmp_path / "uploads")) as client:
        for path in ("/storage/%00", "/storage/a%00b.png", "/storage/%2e%2e/x", "/storage/" + "a" * 5000):
            response = client.get(path)
            assert response.status_code == 404, (path, response.status_code)
