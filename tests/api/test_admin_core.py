# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Back-office behaviour: login and lockout, logout, the shell's index, rules, groups, admins, the
admin log, members, config, profile and the generic table parameters."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.admin_support import (
    EN,
    PASSWORD,
    AdminUser,
    delete,
    get,
    login,
    make_admin,
    make_group,
    ok,
    post,
    post_member,
    rule_ids,
    unique,
)


# --- login ------------------------------------------------------------------------------------------
def test_login_returns_admin_info_and_tokens(api: httpx.Client, admin_seed: None) -> None:
    from functions.models.admin import Admin

    name = unique("log")
    Admin.create(name, PASSWORD, group_ids=[make_group(rule_ids(["dashboard"]))])
    body = api.post(
        "/srv/admin/index/login", json={"username": name, "password": PASSWORD, "keep": True}
    ).json()
    assert body["code"] == 1 and body["msg"] == "登录成功！"
    info = body["data"]["userInfo"]
    assert {
        "id",
        "username",
        "nickname",
        "avatar",
        "lastlogintime",
        "token",
        "refresh_token",
        "super",
        "group_arr",
    } <= set(info)
    assert info["super"] is False and info["refresh_token"].startswith("a.")
    without_keep = login(api, name, keep=False)
    assert without_keep["refresh_token"] == ""


def test_wrong_password_and_unknown_user_read_the_same(api: httpx.Client, admin_seed: None) -> None:
    from functions.models.admin import Admin

    name = unique("wp")
    Admin.create(name, PASSWORD)
    wrong = api.post(
        "/srv/admin/index/login", json={"username": name, "password": "nope12345"}, headers=EN
    ).json()
    unknown = api.post(
        "/srv/admin/index/login", json={"username": unique("zz"), "password": "nope12345"}, headers=EN
    ).json()
    assert wrong["code"] == unknown["code"] == 0
    assert wrong["msg"] == unknown["msg"] == "Incorrect username or password!"


def test_lockout_after_repeated_failures(api: httpx.Client, admin_seed: None) -> None:
    from functions.models.admin import Admin
    from functions.services.admin_auth import MAX_FAILURES

    name = unique("lock")
    Admin.create(name, PASSWORD)
    for _ in range(MAX_FAILURES - 1):
        body = api.post(
            "/srv/admin/index/login", json={"username": name, "password": "bad-pass1"}, headers=EN
        ).json()
        assert body["msg"] == "Incorrect username or password!"
    body = api.post(
        "/srv/admin/index/login", json={"username": name, "password": "bad-pass1"}, headers=EN
    ).json()
    assert body["code"] == 0 and body["msg"] == "Too many failed logins, please try again in 15 minutes"
    # The right password is refused while locked, and the message says for how long (zh-cn too).
    body = api.post("/srv/admin/index/login", json={"username": name, "password": PASSWORD}).json()
    assert body["code"] == 0 and body["msg"] == "登录失败次数过多，请 15 分钟后再试"
    admin = Admin.get_by_username(name)
    admin.update(actions=[Admin.lock_until.set(1)])  # the lock has passed
    assert login(api, name)["username"] == name


def test_disabled_admin_cannot_log_in(api: httpx.Client, admin_seed: None) -> None:
    from functions.models.admin import Admin

    name = unique("dis")
    admin = Admin.create(name, PASSWORD)
    admin.update(actions=[Admin.status.set("disable")])
    body = api.post(
        "/srv/admin/index/login", json={"username": name, "password": PASSWORD}, headers=EN
    ).json()
    assert body["code"] == 0 and body["msg"] == "Account disabled"


def test_login_captcha_switch(api: httpx.Client, admin_seed: None) -> None:
    from functions.models.admin import Admin
    from functions.models.config import Config

    name = unique("cap")
    Admin.create(name, PASSWORD)
    Config("security", "admin_login_captcha").update(actions=[Config.value.set(True)])
    try:
        assert ok(api.get("/srv/admin/index/login")) == {"captcha": True}
        body = api.post(
            "/srv/admin/index/login", json={"username": name, "password": PASSWORD}, headers=EN
        ).json()
        assert body["msg"] == "Please enter the captcha"
        body = api.post(
            "/srv/admin/index/login",
            json={"username": name, "password": PASSWORD, "captchaId": "abcdefgh1234", "captchaInfo": "xxxx"},
            headers=EN,
        ).json()
        assert body["msg"] == "Captcha error"
    finally:
        Config("security", "admin_login_captcha").update(actions=[Config.value.set(False)])
    assert ok(api.get("/srv/admin/index/login")) == {"captcha": False}


def test_logout_revokes_the_session(api: httpx.Client, admin_seed: None) -> None:
    who = make_admin(api, ["dashboard"])
    assert get(api, "index/index", who)["code"] == 1
    ok(api.post("/srv/admin/index/logout", json={"refresh_token": who.refresh_token}, headers=who.headers))
    assert get(api, "index/index", who)["code"] == 302
    refresh = api.post("/srv/api/common/refreshToken", json={"refresh_token": who.refresh_token}).json()
    assert refresh["code"] == 302


# --- the shell's index ------------------------------------------------------------------------------
def flatten(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for node in tree:
        out.append(node)
        out.extend(flatten(node.get("children", [])))
    return out


def test_index_menus_follow_the_grant(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    who = make_admin(api, ["auth", "auth/admin", "auth/admin/index", "auth/admin/add", "routine/adminInfo"])
    data = ok(api.get("/srv/admin/index/index", headers={**who.headers, **EN}))
    assert set(data) >= {"adminInfo", "menus", "siteConfig", "terminal"}
    names = {n["name"] for n in flatten(data["menus"])}
    # routine/adminInfo is granted but its parent "routine" is not: unreachable, so not shown.
    assert names == {"auth", "auth/admin", "auth/admin/index", "auth/admin/add"}
    auth = data["menus"][0]
    assert auth["title"] == "Permissions" and auth["children"][0]["title"] == "Administrators"
    assert data["adminInfo"]["super"] is False and data["adminInfo"]["group_arr"] == [who.group_id]
    # Every page of the back office, granted or not (the app answers 401 for these, 404 for others).
    assert {"auth/admin", "user/user", "routine/config"} <= set(data["paths"])
    assert "auth" not in data["paths"] and "auth/admin/add" not in data["paths"]  # a folder, a button
    everything = ok(api.get("/srv/admin/index/index", headers=super_admin.headers))
    top = [n["name"] for n in everything["menus"]]
    assert top[:4] == ["dashboard", "auth", "user", "routine"]
    assert everything["adminInfo"]["super"] is True


# --- rules ------------------------------------------------------------------------------------------
def test_rules_child_grant_delete_order_and_sort(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    from functions.models.group import AdminGroup

    base = unique("r")
    parent = post(
        api, "auth/rule/add", super_admin, {"type": "menu", "title": "测试", "title_en": "Test", "name": base}
    )
    assert parent["code"] == 1, parent
    pid = parent["data"]["id"]
    holder = make_group([pid])
    child = ok(
        api.post(
            "/srv/admin/auth/rule/add",
            json={"pid": pid, "type": "button", "title": "添加", "name": f"{base}/add"},
            headers=super_admin.headers,
        )
    )
    # The group holding the parent now holds the new child.
    assert child["id"] in AdminGroup.get(holder).rules
    dup = post(api, "auth/rule/add", super_admin, {"title": "x", "name": f"{base}/add"})
    assert dup["msg"] == "The rule name already exists"
    # A parent cannot be deleted while it has children; deleting both at once is fine.
    body = delete(api, "auth/rule/del", super_admin, [pid])
    assert body["code"] == 0 and body["msg"] == "Please delete the child rules first"
    second = ok(
        api.post(
            "/srv/admin/auth/rule/add",
            json={"pid": pid, "type": "button", "title": "编辑", "name": f"{base}/edit"},
            headers=super_admin.headers,
        )
    )
    # A rule cannot become its own descendant's child.
    loop = post(
        api, "auth/rule/edit", super_admin, {"id": pid, "pid": second["id"], "title": "测试", "name": base}
    )
    assert loop["msg"] == "The parent cannot be the row itself or one of its descendants"
    # Drag sort among siblings: move the first child below the second.
    listing = ok(
        api.get(
            "/srv/admin/auth/rule/index",
            params={"search": json.dumps([{"field": "pid", "operator": "eq", "val": pid}])},
            headers=super_admin.headers,
        )
    )
    before = [r["id"] for r in listing["list"]]
    assert set(before) == {child["id"], second["id"]}
    ok(
        api.post(
            "/srv/admin/auth/rule/sortable",
            json={"id": before[0], "targetId": before[1]},
            headers=super_admin.headers,
        )
    )
    listing = ok(
        api.get(
            "/srv/admin/auth/rule/index",
            params={
                "search": json.dumps([{"field": "pid", "operator": "eq", "val": pid}]),
                "order": "weigh,desc",
            },
            headers=super_admin.headers,
        )
    )
    assert [r["id"] for r in listing["list"]] == list(reversed(before))
    assert (
        ok(
            api.delete(
                "/srv/admin/auth/rule/del",
                params={"ids[]": [pid, child["id"], second["id"]]},
                headers=super_admin.headers,
            )
        )["count"]
        == 3
    )
    assert child["id"] not in AdminGroup.get(holder).rules


def test_rule_index_is_a_tree_for_super(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    data = ok(api.get("/srv/admin/auth/rule/index", headers=super_admin.headers))
    auth = next(r for r in data["list"] if r["name"] == "auth")
    admin = next(c for c in auth["children"] if c["name"] == "auth/admin")
    assert [b["name"] for b in admin["children"]] == [
        f"auth/admin/{a}" for a in ("index", "add", "edit", "del")
    ]


# --- groups -----------------------------------------------------------------------------------------
def test_groups_grant_only_held_rules_and_not_own_group(api: httpx.Client, admin_seed: None) -> None:
    held = ["auth", "auth/group", "auth/group/index", "auth/group/add", "auth/group/edit", "auth/group/del"]
    who = make_admin(api, held)
    mine = [who.group_id]
    # Own group: visible, not editable.
    rows = ok(api.get("/srv/admin/auth/group/index", headers=who.headers))["list"]
    assert [r["id"] for r in rows] == mine and rows[0]["editable"] is False
    body = post(
        api, "auth/group/edit", who, {"id": who.group_id, "pid": 0, "name": "x", "rules": rule_ids(held)}
    )
    assert body["msg"] == "You cannot edit your own group"
    # A sub-group with rules the admin holds: fine. With one it does not hold, or "*": refused.
    sub = post(api, "auth/group/add", who, {"pid": who.group_id, "name": "sub", "rules": rule_ids(held[:3])})
    assert sub["code"] == 1, sub
    extra = post(
        api,
        "auth/group/add",
        who,
        {"pid": who.group_id, "name": "sub2", "rules": rule_ids(["auth/admin/del"])},
    )
    assert extra["msg"] == "You can only grant rules you hold yourself"
    star = post(api, "auth/group/add", who, {"pid": who.group_id, "name": "sub3", "rules": ["*"]})
    assert star["msg"] == "You can only grant rules you hold yourself"
    top = post(api, "auth/group/add", who, {"pid": 0, "name": "top", "rules": []})
    assert top["msg"] == "You can only assign groups you manage"
    # Deleting the sub-group it manages works.
    assert delete(api, "auth/group/del", who, [sub["data"]["id"]])["code"] == 1


# --- admins -----------------------------------------------------------------------------------------
def test_admin_crud_rules(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    group = make_group(rule_ids(["dashboard"]))
    name = unique("new")

    def add(**fields: Any) -> dict[str, Any]:
        body = {"nickname": "N", "password": PASSWORD, "group_arr": [group], **fields}
        return post(api, "auth/admin/add", super_admin, body)

    weak = add(username=name, password="a<b>c123")
    assert weak["code"] == 0 and "password" in weak["msg"]
    bad_name = add(username="1bad")
    assert bad_name["code"] == 0
    created = add(username=name, email="n@example.com", motto="hi")
    assert created["code"] == 1, created
    new_id = created["data"]["id"]
    again = add(username=name.upper())
    assert again["msg"] == "The username already exists"
    row = ok(api.get("/srv/admin/auth/admin/edit", params={"id": new_id}, headers=super_admin.headers))["row"]
    assert row["motto"] == "hi" and row["group_arr"] == [group] and "password" not in json.dumps(row)
    # The new admin logs in; disabling it ends its session at once.
    info = login(api, name)
    assert api.get("/srv/admin/index/index", headers={"batoken": info["token"]}).json()["code"] == 1
    edit = {
        **{
            k: row[k]
            for k in ("id", "username", "nickname", "group_arr", "email", "mobile", "avatar", "motto")
        },
        "status": "disable",
    }
    assert post(api, "auth/admin/edit", super_admin, edit)["code"] == 1
    assert api.get("/srv/admin/index/index", headers={"batoken": info["token"]}).json()["code"] == 302
    assert (
        api.post("/srv/api/common/refreshToken", json={"refresh_token": info["refresh_token"]}).json()["code"]
        == 302
    )
    # Nobody changes, disables or deletes their own account through the admin table.
    me = ok(
        api.get("/srv/admin/auth/admin/edit", params={"id": super_admin.id}, headers=super_admin.headers)
    )["row"]
    self_edit = {
        **{k: me[k] for k in ("id", "username", "nickname", "email", "mobile", "avatar", "motto")},
        "group_arr": [1],
        "status": "disable",
    }
    assert (
        post(api, "auth/admin/edit", super_admin, self_edit)["msg"]
        == "You cannot change your own account here, please use your profile"
    )
    assert delete(api, "auth/admin/del", super_admin, [super_admin.id])["msg"] == "You cannot delete yourself"
    assert delete(api, "auth/admin/del", super_admin, [new_id])["code"] == 1


def test_limited_admin_assigns_only_managed_groups(api: httpx.Client, admin_seed: None) -> None:
    who = make_admin(api, ["auth", "auth/admin", "auth/admin/index", "auth/admin/add"])
    child = make_group([], pid=who.group_id)
    outsider = make_group([])
    body = post(
        api,
        "auth/admin/add",
        who,
        {"username": unique("x"), "nickname": "x", "password": PASSWORD, "group_arr": [outsider]},
    )
    assert body["msg"] == "You can only assign groups you manage"
    body = post(
        api,
        "auth/admin/add",
        who,
        {"username": unique("x"), "nickname": "x", "password": PASSWORD, "group_arr": [child]},
    )
    assert body["code"] == 1
    listed = {
        r["id"]
        for r in ok(api.get("/srv/admin/auth/admin/index", params={"limit": 100}, headers=who.headers))[
            "list"
        ]
    }
    assert listed == {who.id, body["data"]["id"]}


# --- admin log --------------------------------------------------------------------------------------
def test_admin_log_masks_secrets_and_scopes_rows(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    who = make_admin(
        api,
        [
            "auth",
            "auth/adminLog",
            "auth/adminLog/index",
            "routine",
            "routine/adminInfo",
            "routine/adminInfo/edit",
        ],
    )
    body = post(
        api,
        "routine/adminInfo/edit",
        who,
        {
            "nickname": "Me",
            "password": "New_pass12",
            "old_password": "wrong-one",
            "motto": "m",
            "token": "t0k",
            "api_secret": "s3",
        },
    )
    assert body["msg"] == "The old password is incorrect"
    rows = ok(api.get("/srv/admin/auth/adminLog/index", params={"limit": 50}, headers=who.headers))["list"]
    assert rows and {r["admin_id"] for r in rows} == {who.id}
    latest = rows[0]
    assert latest["url"] == "/srv/admin/routine/adminInfo/edit" and latest["title"] in (
        "个人资料 - 编辑",
        "Profile - Edit",
    )
    data = json.loads(latest["data"])
    assert data["password"] == data["old_password"] == data["token"] == data["api_secret"] == "******"
    assert (
        data["nickname"] == "Me" and "New_pass12" not in latest["data"] and "wrong-one" not in latest["data"]
    )
    # The login itself was logged with the password masked.
    login_row = next(r for r in rows if r["url"].endswith("/index/login"))
    assert json.loads(login_row["data"])["password"] == "******"
    # A super admin sees everybody's rows; rows cannot be edited or deleted through the API.
    everyone = ok(
        api.get("/srv/admin/auth/adminLog/index", params={"limit": 200}, headers=super_admin.headers)
    )
    assert len({r["admin_id"] for r in everyone["list"]}) > 1
    assert api.post("/srv/admin/auth/adminLog/edit", json={}, headers=super_admin.headers).status_code in (
        404,
        405,
    )
    assert api.delete(
        "/srv/admin/auth/adminLog/del", params={"ids[]": [1]}, headers=super_admin.headers
    ).status_code in (404, 405)


# --- profile ----------------------------------------------------------------------------------------
def test_profile_password_change_ends_other_sessions(api: httpx.Client, admin_seed: None) -> None:
    who = make_admin(
        api, ["routine", "routine/adminInfo", "routine/adminInfo/index", "routine/adminInfo/edit"]
    )
    other = login(api, who.username)
    body = post(
        api,
        "routine/adminInfo/edit",
        who,
        {"nickname": "Changed", "password": "New_pass12", "old_password": PASSWORD},
    )
    assert body["code"] == 1, body
    assert get(api, "routine/adminInfo/index", who)["data"]["info"]["nickname"] == "Changed"
    assert api.get("/srv/admin/index/index", headers={"batoken": other["token"]}).json()["code"] == 302
    login(api, who.username, "New_pass12")


def test_profile_password_change_keeps_the_members_rules_and_a_refusal_changes_nothing(
    api: httpx.Client, admin_seed: None
) -> None:
    """An admin's own password change follows the same rules as a member's (services.accounts): the old
    password must match and the new one must differ from it; a refused change writes nothing — not the
    password, not the profile fields sent with it — and ends no session."""
    who = make_admin(
        api, ["routine", "routine/adminInfo", "routine/adminInfo/index", "routine/adminInfo/edit"]
    )
    other = login(api, who.username)
    refusals = [
        ({"password": PASSWORD, "old_password": PASSWORD}, "新密码不能与旧密码相同", "zh-cn"),
        (
            {"password": PASSWORD, "old_password": PASSWORD},
            "The new password must be different from the old one",
            "en",
        ),
        ({"password": "New_pass12", "old_password": ""}, "Please enter your password", "en"),
        ({"password": "New_pass12", "old_password": "wrong-one"}, "旧密码不正确", "zh-cn"),
        ({"password": "short", "old_password": PASSWORD}, "密码须为 6 到 32 个字符", "zh-cn"),
    ]
    for fields, message, lang in refusals:
        body = api.post(
            "/srv/admin/routine/adminInfo/edit",
            json={"nickname": "Not saved", **fields},
            headers={**who.headers, "Accept-Language": lang},
        ).json()
        assert body["code"] == 0 and body["msg"].startswith(message), (fields, body)
    info = get(api, "routine/adminInfo/index", who)["data"]["info"]
    assert info["nickname"] != "Not saved"
    assert api.get("/srv/admin/index/index", headers={"batoken": other["token"]}).json()["code"] == 1
    login(api, who.username, PASSWORD)


# --- members ----------------------------------------------------------------------------------------
def test_members_crud_and_wallet(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    name = unique("mem")
    created = post_member(api, super_admin, username=name, group_id=1, email=f"{name}@example.com")
    assert created["code"] == 1, created
    uid = created["data"]["id"]
    dup = post_member(api, super_admin, email=f"{name}@example.com")
    assert dup["code"] == 0
    assert (
        post(api, "user/moneyLog/add", super_admin, {"user_id": uid, "money": "12.34", "memo": "gift"})[
            "code"
        ]
        == 1
    )
    short = post(api, "user/moneyLog/add", super_admin, {"user_id": uid, "money": "-20", "memo": "too much"})
    assert short["code"] == 0
    assert (
        post(api, "user/scoreLog/add", super_admin, {"user_id": uid, "score": 7, "memo": "bonus"})["code"]
        == 1
    )
    row = ok(api.get("/srv/admin/user/user/edit", params={"id": uid}, headers=super_admin.headers))["row"]
    assert row["money"] == "12.34" and row["score"] == 7
    logs = ok(
        api.get(
            "/srv/admin/user/moneyLog/index",
            params={"search": json.dumps([{"field": "user_id", "operator": "eq", "val": uid}])},
            headers=super_admin.headers,
        )
    )
    assert logs["total"] == 1 and logs["list"][0]["change"] == "12.34" and logs["list"][0]["username"] == name
    # Group in use cannot be deleted; the member can.
    assert delete(api, "user/group/del", super_admin, [1])["code"] == 0
    assert delete(api, "user/user/del", super_admin, [uid])["code"] == 1


# --- config -----------------------------------------------------------------------------------------
def test_config_secrets_and_site_config(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    from functions.models.config import Config

    assert (
        post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_pass": "hunter2-secret"}},
        )["code"]
        == 1
    )
    groups = ok(api.get("/srv/admin/routine/config/index", headers=super_admin.headers))["list"]
    mail = next(g for g in groups if g["name"] == "mail")
    secret = next(i for i in mail["list"] if i["name"] == "smtp_pass")
    assert secret["value"] == "" and secret["has_value"] is True
    assert "hunter2-secret" not in json.dumps(groups)
    # An empty submit keeps the stored secret.
    assert (
        post(api, "routine/config/edit", super_admin, {"group": "mail", "values": {"smtp_pass": ""}})["code"]
        == 1
    )
    assert Config.get("mail", "smtp_pass").value == "hunter2-secret"
    # The site name edited here is what /api/index/index serves (restored afterwards: other suites
    # read the default site config).
    from functions.services.site_config import DEFAULT_SITE_ITEMS, clear_cache

    new_name = {"zh-cn": "测试站点" + unique(""), "en": "Test site"}
    try:
        saved = post(
            api, "routine/config/edit", super_admin, {"group": "site", "values": {"site_name": new_name}}
        )
        assert saved["code"] == 1
        assert api.get("/srv/api/index/index").json()["data"]["site"]["siteName"] == new_name["zh-cn"]
        assert api.get("/srv/api/index/index", headers=EN).json()["data"]["site"]["siteName"] == "Test site"
    finally:
        Config.get("site", "site_name").update(actions=[Config.value.set(DEFAULT_SITE_ITEMS["site_name"][2])])
        clear_cache()
    bad = post(
        api,
        "routine/config/edit",
        super_admin,
        {"group": "security", "values": {"admin_login_captcha": "maybe"}},
    )
    assert bad["code"] == 0
    added = post(
        api,
        "routine/config/add",
        super_admin,
        {"group": "site", "name": unique("x_"), "title": "Colour", "type": "color", "value": "#ff0000"},
    )
    assert added["code"] == 1, added
    gone = delete(api, "routine/config/del", super_admin, group="site", name=added["data"]["name"])
    assert gone["code"] == 1
    builtin = delete(api, "routine/config/del", super_admin, group="site", name="site_name")
    assert builtin["msg"] == "Built-in config items cannot be deleted"


def test_send_test_mail_through_smtp(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser, tmp_path: Any
) -> None:
    from functions.local.dynamodb import free_port
    from functions.local.smtp import read_messages, start

    port = free_port()
    controller = start(tmp_path, port, announce=False)
    try:
        saved = post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_server": "127.0.0.1", "smtp_port": port, "smtp_pass": ""}},
        )
        assert saved["code"] == 1
        body = post(api, "routine/config/sendTestMail", super_admin, {"to": "ops@example.com"})
        assert body["code"] == 1, body
        messages = read_messages(tmp_path)
        assert len(messages) == 1 and messages[0]["To"] == "ops@example.com"
    finally:
        controller.stop()
        post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_server": "", "smtp_port": ""}},
        )


# --- generic table parameters (the dashboard: tests/api/test_dashboard.py) ---------------------------------
def test_table_paging_search_order_select(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    tag = unique("pg")
    ids = []
    for index in range(5):
        body = post_member(api, super_admin, username=f"{tag}{index}", nickname=f"N{index}")
        ids.append(body["data"]["id"])
    page = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"quick_search": tag, "limit": 2, "page": 2, "order": "id,asc"},
            headers=super_admin.headers,
        )
    )
    assert page["total"] == 5 and [r["id"] for r in page["list"]] == ids[2:4]
    ranged = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"search": json.dumps([{"field": "id", "operator": "range", "val": [ids[1], ids[3]]}])},
            headers=super_admin.headers,
        )
    )
    assert {r["id"] for r in ranged["list"]} == set(ids[1:4])
    picked = ok(
        api.get(
            "/srv/admin/user/user/index",
            params={"select": "true", "initKey": "id", "initValue": f"{ids[0]},{ids[4]}"},
            headers=super_admin.headers,
        )
    )
    assert {r["id"] for r in picked["list"]} == {ids[0], ids[4]}
    bad = api.get(
        "/srv/admin/user/user/index",
        params={"order": "password_hash,asc"},
        headers={**super_admin.headers, **EN},
    ).json()
    assert bad["code"] == 0 and bad["msg"] == "The search condition is invalid"


def test_member_rules_are_added_and_edited_with_their_own_types(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser
) -> None:
    name = unique("account/demo")
    body = {
        "type": "nav_user_menu",
        "title": "演示",
        "title_en": "Demo",
        "name": name,
        "no_login_valid": True,
    }
    added = post(api, "user/rule/add", super_admin, body)
    assert added["code"] == 1, added
    rows = ok(
        api.get("/srv/admin/user/rule/index", params={"quick_search": name}, headers=super_admin.headers)
    )
    (row,) = [r for r in rows["list"] if r["name"] == name]
    assert row["type"] == "nav_user_menu" and row["title_en"] == "Demo"
    edited = post(api, "user/rule/edit", super_admin, {**body, "id": row["id"], "title_en": "Demo page"})
    assert edited["code"] == 1, edited
    # A back-office rule type is not a member rule type, and a bad name is refused.
    assert (
        api.post(
            "/srv/admin/user/rule/add", json={**body, "type": "iframe"}, headers=super_admin.headers
        ).status_code
        == 400
    )
    assert (
        api.post(
            "/srv/admin/user/rule/add", json={**body, "name": "bad name!"}, headers=super_admin.headers
        ).status_code
        == 400
    )
