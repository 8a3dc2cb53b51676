"""Back-office accounts: admins (CRUD, a limited admin assigns only the groups it manages), the admin
log (secrets masked, rows scoped) and members (CRUD and wallet)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.admin_support import (
    PASSWORD,
    AdminUser,
    delete,
    login,
    make_admin,
    make_group,
    ok,
    post,
    post_member,
    rule_ids,
    unique,
)


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
