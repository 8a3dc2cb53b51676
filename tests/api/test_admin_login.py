"""Back-office sign-in: login and its answers, lockout, the login captcha, logout, and the admin's own
password change (other sessions end; a refusal changes nothing)."""

from __future__ import annotations

import httpx

from tests.api.admin_support import (
    EN,
    PASSWORD,
    get,
    login,
    make_admin,
    make_group,
    ok,
    post,
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
