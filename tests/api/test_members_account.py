"""The member center over HTTP (`/srv/api/account/…`): overview, profile, change password, retrieve
password, the two-step change of a bound e-mail/mobile, balance and points logs."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from functions.core.security import verify_password
from functions.models.unique import Unique, unique_key
from functions.models.user import User
from functions.services import wallet

from .members_support import (
    PASSWORD,
    Mailbox,
    auth,
    logged_in,
    login,
    new_email,
    new_member,
    new_mobile,
    send_code,
)

pytestmark = pytest.mark.usefixtures("fast_hashing")

A = "/srv/api/account"


def change_bind(api: httpx.Client, token: str, kind: str, target: str, code: str, verified: str) -> Any:
    """Step 2 of changing the bound `kind` ("email" or "mobile"): bind `target` with the `code` sent to
    it and the verification token of step 1; the envelope."""
    body = {"type": kind, kind: target, "captcha": code, "accountVerificationToken": verified}
    return api.post(A + "/changeBind", json=body, headers=auth(token)).json()


@pytest.fixture
def member(api: httpx.Client):
    user = new_member(email=new_email())
    tokens = logged_in(api, user)
    return user, tokens["token"]


def test_every_account_call_needs_a_member_token(api: httpx.Client) -> None:
    for method, path in (
        ("GET", "/overview"),
        ("GET", "/profile"),
        ("POST", "/profile"),
        ("POST", "/verification"),
        ("POST", "/changeBind"),
        ("POST", "/changePassword"),
        ("GET", "/balance"),
        ("GET", "/integral"),
    ):
        body = api.request(method, A + path, json={} if method == "POST" else None).json()
        assert body["code"] == 302, path
        assert body["data"]["routeName"] == "userLogin"


def test_profile_read_and_save(api: httpx.Client, member) -> None:
    user, token = member
    data = api.get(A + "/profile", headers=auth(token)).json()["data"]
    assert data["userInfo"]["username"] == user.username
    assert data["accountVerificationType"] == ["email", "mobile"]
    values = {
        "nickname": "小明 😀 <b>x</b>",
        "avatar": "/storage/avatar/a.png",
        "gender": 2,
        "birthday": "1990-02-28",
        "motto": "'; DROP TABLE user; -- 你好",
    }
    body = api.post(A + "/profile", json=values, headers=auth(token)).json()
    assert body["code"] == 1
    assert body["msg"] == "保存成功"
    info = body["data"]["userInfo"]
    for key, value in values.items():
        assert info[key] == value
    stored = User.find(user.id)
    assert stored.nickname == values["nickname"] and stored.motto == values["motto"]


def test_profile_region_is_checked_against_the_area_data(api: httpx.Client, member) -> None:
    user, token = member
    assert api.get(A + "/profile", headers=auth(token)).json()["data"]["userInfo"]["region"] == []
    body = api.post(
        A + "/profile", json={"nickname": "n", "region": ["44", "4403", "440305"]}, headers=auth(token)
    ).json()
    assert body["code"] == 1, body
    assert body["data"]["userInfo"]["region"] == ["44", "4403", "440305"]
    assert body["data"]["userInfo"]["region_names"] == ["广东省", "深圳市", "南山区"]
    assert User.find(user.id).region == ["44", "4403", "440305"]
    # Left out: unchanged. The member info of /api/user/index carries it too.
    assert api.post(A + "/profile", json={"nickname": "m"}, headers=auth(token)).json()["code"] == 1
    info = api.get("/srv/api/user/index", headers=auth(token)).json()["data"]["userInfo"]
    assert info["region"] == ["44", "4403", "440305"]
    # A municipality's city level shows the municipality's name; a prefix is a valid region.
    body = api.post(
        A + "/profile", json={"nickname": "m", "region": ["11", "1101"]}, headers=auth(token)
    ).json()
    assert body["data"]["userInfo"]["region_names"] == ["北京市", "北京市"]
    # [] clears it.
    body = api.post(A + "/profile", json={"nickname": "m", "region": []}, headers=auth(token)).json()
    assert body["data"]["userInfo"]["region"] == [] and User.find(user.id).region == []


@pytest.mark.parametrize(
    "region",
    [
        ["广东省", "深圳市"],  # names are not codes
        ["99"],  # no such province
        ["44", "1101"],  # a city of another province
        ["4403"],  # a city without its province
        ["44", "440305"],  # a district without its city
        ["44", "4403", "110101"],  # a district of another city
        ["<script>"],
    ],
)
def test_profile_refuses_an_invalid_region(api: httpx.Client, member, region) -> None:
    user, token = member
    before = User.find(user.id).attribute_values
    body = api.post(A + "/profile", json={"nickname": "n", "region": region}, headers=auth(token)).json()
    assert body["code"] == 0, region
    assert body["msg"] == "请选择有效的所在地区"
    assert User.find(user.id).attribute_values == before


def test_profile_region_refused_in_english(api: httpx.Client, member) -> None:
    _, token = member
    headers = {**auth(token), "Accept-Language": "en"}
    body = api.post(A + "/profile", json={"nickname": "n", "region": ["0"]}, headers=headers).json()
    assert body["msg"] == "Please select a valid region"
    for region in (["x" * 13], ["44", "4403", "440305", "440305"], "44"):
        response = api.post(A + "/profile", json={"nickname": "n", "region": region}, headers=headers)
        assert response.status_code == 400, region


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"nickname": "  "}, "昵称不能为空"),
        ({"nickname": "n", "gender": 3}, "请选择有效的性别"),
        ({"nickname": "n", "gender": -1}, "请选择有效的性别"),
        ({"nickname": "n", "birthday": "1990-02-30"}, "请输入有效的日期（年-月-日）"),
        ({"nickname": "n", "birthday": "2999-01-01"}, "请输入有效的日期（年-月-日）"),
        ({"nickname": "n", "birthday": "yesterday"}, "请输入有效的日期（年-月-日）"),
    ],
)
def test_profile_refusals_change_nothing(api: httpx.Client, member, values, message) -> None:
    user, token = member
    before = User.find(user.id).attribute_values
    body = api.post(A + "/profile", json=values, headers=auth(token)).json()
    assert body["code"] == 0
    assert body["msg"] == message
    assert User.find(user.id).attribute_values == before


def test_profile_overlong_fields_answer_400(api: httpx.Client, member) -> None:
    _, token = member
    response = api.post(A + "/profile", json={"nickname": "x" * 51}, headers=auth(token))
    assert response.status_code == 400
    assert response.json()["msg"] == "参数 nickname：长度不能超过 50 个字符"


def test_change_password_revokes_other_sessions(api: httpx.Client, member) -> None:
    user, token = member
    other = logged_in(api, user)["token"]
    wrong = api.post(
        A + "/changePassword",
        json={"oldPassword": "nope-nope", "newPassword": "NewPass_1"},
        headers=auth(token),
    )
    assert wrong.json()["msg"] == "旧密码不正确"
    weak = api.post(
        A + "/changePassword", json={"oldPassword": PASSWORD, "newPassword": "short"}, headers=auth(token)
    )
    assert weak.json()["msg"].startswith("密码须为 6 到 32 个字符")
    same = api.post(
        A + "/changePassword", json={"oldPassword": PASSWORD, "newPassword": PASSWORD}, headers=auth(token)
    )
    assert same.json()["msg"] == "新密码不能与旧密码相同"
    assert verify_password(User.find(user.id).password_hash, PASSWORD)
    assert api.get(A + "/overview", headers=auth(other)).json()["code"] == 1

    body = api.post(
        A + "/changePassword", json={"oldPassword": PASSWORD, "newPassword": "NewPass_1"}, headers=auth(token)
    ).json()
    assert body["code"] == 1
    assert body["msg"] == "密码已修改，请重新登录"
    assert api.get(A + "/overview", headers=auth(other)).json()["code"] == 302
    assert api.get(A + "/overview", headers=auth(token)).json()["code"] == 1
    assert login(api, user.username)["code"] == 0
    assert login(api, user.username, "NewPass_1")["code"] == 1


def test_change_password_refusals_in_english(api: httpx.Client, member) -> None:
    """A member's own password change answers in English with the reasons an admin's gets
    (services.accounts.change_password serves both): wrong old password, reused password; then it works."""
    user, token = member
    headers = {**auth(token), "Accept-Language": "en"}
    refusals = [
        ({"oldPassword": "nope-nope", "newPassword": "NewPass_1"}, "The old password is incorrect"),
        (
            {"oldPassword": PASSWORD, "newPassword": PASSWORD},
            "The new password must be different from the old one",
        ),
    ]
    for fields, message in refusals:
        body = api.post(A + "/changePassword", json=fields, headers=headers).json()
        assert (body["code"], body["msg"]) == (0, message)
    assert verify_password(User.find(user.id).password_hash, PASSWORD)
    body = api.post(
        A + "/changePassword", json={"oldPassword": PASSWORD, "newPassword": "NewPass_1"}, headers=headers
    ).json()
    assert body["code"] == 1
    assert verify_password(User.find(user.id).password_hash, "NewPass_1")


def test_retrieve_password_by_email_code(api: httpx.Client, mailbox: Mailbox, member) -> None:
    user, token = member
    assert send_code(api, "email", user.email, "user_retrieve_pwd")["code"] == 1
    code = mailbox.latest_code(user.email)
    body = {
        "type": "email",
        "account": user.email,
        "captcha": "999999" if code != "999999" else "888888",
        "password": "Reset_123",
    }
    assert api.post(A + "/retrievePassword", json=body).json()["msg"] == "验证码错误"
    body["captcha"] = code
    body["password"] = "x"
    assert api.post(A + "/retrievePassword", json=body).json()["msg"].startswith("密码须为")
    assert verify_password(User.find(user.id).password_hash, PASSWORD)
    body["password"] = "Reset_123"
    done = api.post(A + "/retrievePassword", json=body).json()
    assert done["code"] == 1
    assert done["msg"] == "密码已重置，请使用新密码登录"
    assert api.get(A + "/overview", headers=auth(token)).json()["code"] == 302  # every session ended
    assert login(api, user.email, "Reset_123")["code"] == 1
    assert api.post(A + "/retrievePassword", json=body).json()["code"] == 0  # the code is used up


def test_password_reset_does_not_reveal_whether_an_address_is_registered(
    api: httpx.Client, mailbox: Mailbox
) -> None:
    known = new_member(email=new_email(), mobile=new_mobile())
    unknown_email, unknown_mobile = new_email(), new_mobile()
    for channel, registered, stranger in (
        ("email", known.email, unknown_email),
        ("mobile", known.mobile, unknown_mobile),
    ):
        answers = {}
        for target in (registered, stranger):
            first = send_code(api, channel, target, "user_retrieve_pwd")
            again = send_code(api, channel, target, "user_retrieve_pwd")  # within the 60 s gap
            body = {"type": channel, "account": target, "captcha": "000000", "password": "Reset_123"}
            reset = api.post(A + "/retrievePassword", json=body).json()
            no_code = {"type": channel, "account": target, "captcha": "", "password": "Reset_123"}
            answers[target] = [
                (first["code"], first["msg"]),
                (again["code"], again["msg"].split("秒")[0][:2]),
                (reset["code"], reset["msg"]),
                api.post(A + "/retrievePassword", json=no_code).json()["msg"],
            ]
        assert answers[registered] == answers[stranger], answers
        assert answers[stranger][0] == (1, "发送成功") and answers[stranger][2] == (0, "验证码错误")
    # The registered member got the codes; nothing was sent to the unknown addresses.
    assert mailbox.emails_to(known.email) and mailbox.sms_to(known.mobile)
    assert mailbox.emails_to(unknown_email) == [] and mailbox.sms_to(unknown_mobile) == []


def test_retrieve_password_for_malformed_targets(api: httpx.Client) -> None:
    body = {"type": "mobile", "account": "not-a-number", "captcha": "123456", "password": "Reset_123"}
    assert api.post(A + "/retrievePassword", json=body).json()["msg"] == "请输入正确的手机号"
    assert api.post(A + "/retrievePassword", json={"type": "fax"}).status_code == 400


def test_change_bound_email_in_two_steps(api: httpx.Client, mailbox: Mailbox, member) -> None:
    user, token = member
    old_email, new = user.email, new_email()
    # Step 2 without step 1 is refused.
    assert change_bind(api, token, "email", new, "123456", "forged")["msg"] == "请先完成账户验证"
    # Step 1: the code sent to the current address.
    assert send_code(api, "email", old_email, "user_email_verify", token)["code"] == 1
    bad = api.post(
        A + "/verification", json={"type": "email", "captcha": "000000x"}, headers=auth(token)
    ).json()
    assert bad["msg"] == "验证码错误"
    step1 = api.post(
        A + "/verification",
        json={"type": "email", "captcha": mailbox.latest_code(old_email)},
        headers=auth(token),
    ).json()
    assert step1["code"] == 1
    verified = step1["data"]["accountVerificationToken"]
    # Step 2: the code sent to the new address.
    assert send_code(api, "email", new, "user_change_email", token)["code"] == 1
    code = mailbox.latest_code(new)
    done = change_bind(api, token, "email", new, code, verified)
    assert done["code"] == 1, done
    assert done["msg"] == "绑定成功"
    assert done["data"]["userInfo"]["email"] == new
    assert User.find(user.id).email == new
    assert Unique.get(unique_key("user.email", new)).owner == str(user.id)
    with pytest.raises(Unique.DoesNotExist):
        Unique.get(unique_key("user.email", old_email), consistent_read=True)
    assert login(api, new)["code"] == 1
    # The verification token was used up.
    assert change_bind(api, token, "email", new, code, verified)["msg"] == "请先完成账户验证"


def test_bind_mobile_when_none_is_bound_uses_the_password(
    api: httpx.Client, mailbox: Mailbox, member
) -> None:
    user, token = member
    taken = new_member(mobile=new_mobile()).mobile
    wrong = api.post(
        A + "/verification", json={"type": "mobile", "password": "wrong-pass"}, headers=auth(token)
    ).json()
    assert wrong["msg"] == "旧密码不正确"
    step1 = api.post(
        A + "/verification", json={"type": "mobile", "password": PASSWORD}, headers=auth(token)
    ).json()
    verified = step1["data"]["accountVerificationToken"]
    # A number that belongs to someone else cannot be bound (refused already when sending the code).
    assert send_code(api, "mobile", taken, "user_change_mobile", token)["msg"] == "该手机号已被使用"
    assert change_bind(api, token, "mobile", taken, "123456", verified)["msg"] == "该手机号已被使用"
    assert User.find(user.id).mobile == ""
    mobile = new_mobile()
    assert send_code(api, "mobile", mobile, "user_change_mobile", token)["code"] == 1
    assert change_bind(api, token, "mobile", mobile, mailbox.latest_code(mobile), verified)["code"] == 1
    assert User.find(user.id).mobile == mobile


def test_balance_and_points_logs_page_newest_first(api: httpx.Client, member) -> None:
    user, token = member
    for index in range(1, 24):
        wallet.change_money(user.id, index * 100, f"deposit {index}")
    for index in range(1, 4):
        wallet.change_score(user.id, index, f"points {index}")
    wallet.change_money(user.id, -50, "fee")

    page1 = api.get(A + "/balance", params={"page": 1, "limit": 10}, headers=auth(token)).json()["data"]
    assert page1["total"] == 24
    assert [row["memo"] for row in page1["list"][:3]] == ["fee", "deposit 23", "deposit 22"]
    assert page1["list"][0] == {**page1["list"][0], "change": "-0.50", "before": "276.00", "after": "275.50"}
    page3 = api.get(A + "/balance", params={"page": 3, "limit": 10}, headers=auth(token)).json()["data"]
    assert [row["memo"] for row in page3["list"]] == ["deposit 4", "deposit 3", "deposit 2", "deposit 1"]
    page4 = api.get(A + "/balance", params={"page": 4, "limit": 10}, headers=auth(token)).json()["data"]
    assert page4 == {"list": [], "total": 24}
    points = api.get(A + "/integral", headers=auth(token)).json()["data"]
    assert points["total"] == 3
    assert [row["change"] for row in points["list"]] == [3, 2, 1]
    assert points["list"][0]["after"] == 6
    for params in ({"limit": 0}, {"limit": 101}, {"page": 0}, {"page": "x"}):
        assert api.get(A + "/balance", params=params, headers=auth(token)).status_code == 400

    overview = api.get(A + "/overview", headers=auth(token)).json()["data"]
    assert overview["money"] == "275.50"
    assert overview["score"] == 6
    assert len(overview["recent"]["money"]) == 5
    assert overview["recent"]["money"][0]["memo"] == "fee"
    assert len(overview["chart"]["days"]) == 7
    assert overview["chart"]["money"][-1] == "275.50"
    assert overview["chart"]["score"] == [0, 0, 0, 0, 0, 0, 6]
    info = api.get("/srv/api/user/index", headers=auth(token)).json()["data"]["userInfo"]
    assert info["money"] == "275.50" and info["score"] == 6
