"""Member login and registration over HTTP (`/srv/api/user/checkIn`): the form config, registration
with an e-mail code read from the SMTP capture, every refusal (captcha, code, formats, duplicates,
odd input) leaving the tables unchanged, login by username/e-mail/mobile, lockout."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from functions.models.code import VerifyCode
from functions.models.config import Config
from functions.models.session import Session
from functions.models.unique import Unique, unique_key
from functions.models.user import User
from functions.services import codes

from .members_support import (
    PASSWORD,
    Mailbox,
    login,
    new_email,
    new_member,
    new_mobile,
    send_code,
    solve_captcha,
    uid,
)

pytestmark = pytest.mark.usefixtures("fast_hashing")

CHECK_IN = "/srv/api/user/checkIn"
EN = {"Accept-Language": "en"}


@pytest.fixture
def member_config(dynamodb):
    """Set Config group `user` items for one test, then restore the defaults."""
    written: list[str] = []

    def setter(name: str, value: object) -> None:
        Config("user", name, value=value).save()
        written.append(name)

    yield setter
    for name in written:
        Config("user", name).delete()


def _register_body(api: httpx.Client, mailbox: Mailbox, **overrides: object) -> dict[str, object]:
    email = str(overrides.pop("email", new_email()))
    assert send_code(api, "email", email, "user_register")["code"] == 1
    body = {
        "tab": "register",
        "username": uid(),
        "password": PASSWORD,
        "registerType": "email",
        "email": email,
        "captcha": mailbox.latest_code(email),
        "keep": True,
        **solve_captcha(api),
    }
    body.update(overrides)
    return body


def _nothing_created(body: dict[str, object]) -> None:
    assert User.get_by("username", str(body.get("username", ""))) is None if body.get("username") else True
    if body.get("email"):
        try:
            owner = Unique.get(unique_key("user.email", str(body["email"])), consistent_read=True).owner
        except Unique.DoesNotExist:
            owner = None
        existing = User.get_by("email", str(body["email"]))
        assert owner is None or (existing is not None and existing.username != body.get("username"))


def test_check_in_config_defaults(api: httpx.Client) -> None:
    body = api.get(CHECK_IN).json()
    assert body["code"] == 1
    # The code sent by e-mail already needed a captcha: registration asks for none (solved once).
    assert body["data"] == {"loginCaptcha": True, "registerCaptcha": False, "registerType": "email"}


def test_check_in_config_follows_config_items(api: httpx.Client, member_config) -> None:
    member_config("login_captcha", False)
    member_config("register_verify", "mobile")
    assert api.get(CHECK_IN).json()["data"] == {
        "loginCaptcha": False,
        "registerCaptcha": False,
        "registerType": "mobile",
    }


def test_register_with_an_email_code_logs_the_member_in(api: httpx.Client, mailbox: Mailbox) -> None:
    body = _register_body(api, mailbox)
    response = api.post(CHECK_IN, json=body).json()
    assert response["code"] == 1, response
    assert response["msg"] == "注册成功"
    info = response["data"]["userInfo"]
    assert info["username"] == body["username"]
    assert info["email"] == body["email"]
    assert info["money"] == "0.00" and info["score"] == 0
    assert info["token"] and info["refresh_token"].startswith("u.")
    assert response["data"]["routePath"] == "/user"
    user = User.get_by("username", str(body["username"]))
    assert user is not None and user.email == body["email"]
    assert "password" not in str(response) or PASSWORD not in str(response)
    assert user.password_hash.startswith("$argon2id$")
    assert api.get("/srv/api/user/index", headers={"ba-user-token": info["token"]}).json()["code"] == 1
    # The code was used up.
    with pytest.raises(VerifyCode.DoesNotExist):
        VerifyCode.get(codes.code_key("user_register", str(body["email"])), consistent_read=True)


def test_register_by_mobile_with_an_sms_code(api: httpx.Client, mailbox: Mailbox, member_config) -> None:
    member_config("register_verify", "mobile")
    mobile = new_mobile()
    assert send_code(api, "mobile", mobile, "user_register")["code"] == 1
    body = {
        "tab": "register",
        "username": uid(),
        "password": PASSWORD,
        "mobile": mobile,
        "captcha": mailbox.latest_code(mobile),
        **solve_captcha(api),
    }
    response = api.post(CHECK_IN, json=body).json()
    assert response["code"] == 1, response
    assert response["data"]["userInfo"]["mobile"] == mobile
    assert response["data"]["userInfo"]["refresh_token"] == ""  # keep not set


def test_register_without_verification_when_switched_off(api: httpx.Client, member_config) -> None:
    member_config("register_verify", "none")
    body = {"tab": "register", "username": uid(), "password": PASSWORD, **solve_captcha(api)}
    assert api.post(CHECK_IN, json=body).json()["code"] == 1


BAD_USERNAME = "账户名须为 3 到 15 个字符，以字母开头，只能包含字母、数字和下划线"
BAD_PASSWORD = "密码须为 6 到 32 个字符，且不能包含 & < > \" ' 等特殊字符"
BAD_EMAIL = "请输入正确的电子邮箱地址"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"captcha": "000000x"}, "验证码错误"),
        ({"captcha": ""}, "请输入验证码"),
        *(
            ({"username": name}, BAD_USERNAME)
            for name in ("1abc", "ab", "a" * 16, "用户abc", "ａbcdef", "a' OR '1'='1", "abc\u200bdef")
        ),
        *(
            ({"password": word}, BAD_PASSWORD)
            for word in ("12345", "x" * 33, "abc<script>", "abc'def", "abc\ndef1")
        ),
        *(({"email": email}, BAD_EMAIL) for email in ("not-an-email", "a@b.c'; DROP TABLE users;--")),
    ],
)
def test_register_refusals_change_nothing(api: httpx.Client, mailbox: Mailbox, change, message) -> None:
    body = _register_body(api, mailbox)
    body.update(change)
    users_before = _user_count()
    response = api.post(CHECK_IN, json=body).json()
    assert response["code"] == 0, response
    assert response["msg"] == message
    assert _user_count() == users_before
    _nothing_created(body)


def _user_count() -> int:
    from functions.models.counter import Counter

    # The `user` sequence may advance on a refused duplicate, but no row may appear: count rows.
    del Counter
    return sum(1 for _ in User.by_part.query("all", attributes_to_get=["id"]))


def test_register_messages_in_english(api: httpx.Client, mailbox: Mailbox) -> None:
    body = _register_body(api, mailbox, password="12")
    response = api.post(CHECK_IN, json=body, headers=EN).json()
    assert response["msg"] == "The password must be 6 to 32 characters and must not contain & < > \" '"


def test_register_code_of_another_address_is_refused(api: httpx.Client, mailbox: Mailbox) -> None:
    body = _register_body(api, mailbox)
    body["email"] = new_email()  # the code was sent to the first address
    response = api.post(CHECK_IN, json=body).json()
    assert response["msg"] == "验证码无效或已过期，请重新获取"
    _nothing_created(body)


def test_register_with_an_expired_code_is_refused(api: httpx.Client, mailbox: Mailbox) -> None:
    body = _register_body(api, mailbox)
    item = VerifyCode.get(codes.code_key("user_register", str(body["email"])))
    item.expires_at = datetime.fromtimestamp(1_000_000, tz=UTC)
    item.save()
    response = api.post(CHECK_IN, json=body).json()
    assert response["msg"] == "验证码无效或已过期，请重新获取"
    _nothing_created(body)


def test_registration_with_a_code_needs_no_second_captcha(api: httpx.Client, mailbox: Mailbox) -> None:
    # Sending the code took the captcha; the code proves the rest (the captcha is solved once).
    body = _register_body(api, mailbox)
    body.pop("captchaId"), body.pop("captchaInfo")
    assert api.post(CHECK_IN, json=body).json()["code"] == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"captchaInfo": "zzzz"}, "图形验证码错误或已过期，请重新输入"),
        ({"captchaId": "", "captchaInfo": ""}, "请输入验证码"),
    ],
)
def test_registration_without_a_code_needs_the_captcha(
    api: httpx.Client, member_config, change, message
) -> None:
    member_config("register_verify", "none")
    body = {"tab": "register", "username": uid(), "password": PASSWORD, **solve_captcha(api), **change}
    response = api.post(CHECK_IN, json=body).json()
    assert response["code"] == 0 and response["msg"] == message
    _nothing_created(body)


def test_a_captcha_cannot_be_reused(api: httpx.Client, member_config) -> None:
    member_config("register_verify", "none")
    first = {"tab": "register", "username": uid(), "password": PASSWORD, **solve_captcha(api)}
    assert api.post(CHECK_IN, json=first).json()["code"] == 1
    second = {**first, "username": uid()}
    response = api.post(CHECK_IN, json=second).json()
    assert response["msg"] == "图形验证码错误或已过期，请重新输入"
    _nothing_created(second)


def test_duplicate_username_and_email_are_refused(api: httpx.Client, mailbox: Mailbox) -> None:
    existing = new_member(email=new_email())
    body = _register_body(api, mailbox, username=existing.username.upper())
    response = api.post(CHECK_IN, json=body).json()
    assert response["msg"] == "用户名已被占用"
    assert User.get_by("email", str(body["email"])) is None
    # The e-mail address: refused already when asking for a code.
    refused = send_code(api, "email", existing.email.upper(), "user_register")
    assert refused["msg"] == "该邮箱已被使用"


def test_concurrent_registrations_of_one_username_create_one_member(api: httpx.Client) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from functions.models.base import DuplicateError

    name = uid()

    def attempt(_: int) -> bool:
        try:
            User.create(name, PASSWORD)
        except DuplicateError:
            return False
        return True

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(attempt, range(8)))
    assert results.count(True) == 1


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"tab": "signup", "username": "abc", "password": PASSWORD},
        {"tab": "login", "username": ["x"], "password": PASSWORD},
        {"tab": "login", "username": "abc", "password": "x" * 1000},
    ],
)
def test_malformed_check_in_bodies_answer_400(api: httpx.Client, body) -> None:
    response = api.post(CHECK_IN, json=body)
    assert response.status_code == 400
    assert response.json()["code"] == 0


def test_missing_login_fields_have_clear_messages(api: httpx.Client) -> None:
    assert api.post(CHECK_IN, json={"tab": "login"}).json()["msg"] == "请输入用户名、邮箱或手机号"
    body = {"tab": "login", "username": "someone"}
    assert api.post(CHECK_IN, json=body).json()["msg"] == "请输入密码"
    body = {"tab": "login", "username": "someone", "password": PASSWORD}
    assert api.post(CHECK_IN, json=body, headers=EN).json()["msg"] == "Please enter the captcha"


def test_login_by_username_email_and_mobile(api: httpx.Client) -> None:
    user = new_member(email=new_email(), mobile=new_mobile())
    for account in (user.username, user.username.upper(), user.email.upper(), user.mobile):
        body = login(api, account)
        assert body["code"] == 1, (account, body)
        assert body["msg"] == "登录成功"
        assert body["data"]["userInfo"]["id"] == user.id
    fresh = User.find(user.id)
    assert fresh.last_login_time and fresh.last_login_ip == "127.0.0.1"


def test_login_without_captcha_when_switched_off(api: httpx.Client, member_config) -> None:
    member_config("login_captcha", False)
    user = new_member()
    body = {"tab": "login", "username": user.username, "password": PASSWORD}
    assert api.post(CHECK_IN, json=body).json()["code"] == 1


def test_login_with_a_wrong_captcha_is_refused_before_the_password(api: httpx.Client) -> None:
    user = new_member()
    body = {"tab": "login", "username": user.username, "password": "wrong-pass", **solve_captcha(api)}
    body["captchaInfo"] = "nope"
    assert api.post(CHECK_IN, json=body).json()["msg"] == "图形验证码错误或已过期，请重新输入"
    assert User.find(user.id).login_failures == 0


def test_unknown_account_and_wrong_password_look_alike(api: httpx.Client) -> None:
    user = new_member()
    assert login(api, "nobody_" + uid())["msg"] == "账户或密码不正确"
    assert login(api, "nobody@example.com")["msg"] == "账户或密码不正确"
    wrong = login(api, user.username, "wrong-pass")
    assert wrong["code"] == 0
    assert wrong["msg"].startswith("账户或密码不正确")


def test_five_wrong_passwords_lock_the_account_for_15_minutes(api: httpx.Client) -> None:
    user = new_member()
    messages = [login(api, user.username, "wrong-pass", **EN)["msg"] for _ in range(5)]
    assert messages[0] == ("Incorrect account or password: 4 attempts left before the account is locked")
    assert messages[3].startswith("Incorrect account or password: 1 attempts left")
    assert messages[4] == "Too many failed logins: the account is locked for 15 minutes"
    # Even the right password is refused while locked, and no session is opened.
    sessions_before = sum(1 for _ in Session.owner_index.query(f"user#{user.id}"))
    locked = login(api, user.username)
    assert locked["code"] == 0
    assert locked["msg"] == "账户已被锁定，请 15 分钟后再试"
    assert sum(1 for _ in Session.owner_index.query(f"user#{user.id}")) == sessions_before
    # Once the lock has passed, the right password works and the count starts again.
    user.refresh(consistent_read=True)
    user.update(actions=[User.lock_until.set(1_000)])
    assert login(api, user.username)["code"] == 1
    assert User.find(user.id).login_failures == 0


def test_disabled_account_cannot_log_in(api: httpx.Client) -> None:
    user = new_member()
    user.update(actions=[User.status.set("disable")])
    assert login(api, user.username)["msg"] == "账户已被禁用"
    # A wrong password does not reveal that the account is disabled.
    assert login(api, user.username, "wrong-pass")["msg"].startswith("账户或密码不正确")


def test_odd_unicode_and_injection_looking_logins_are_plain_failures(api: httpx.Client) -> None:
    for account in ("' OR 1=1 --", "😀😀😀", '{"$gt": ""}', "user#1", "a" * 254):
        body = login(api, account)
        assert body["code"] == 0, account
        assert body["msg"] == "账户或密码不正确"
    # NUL is refused before any route runs (HTTP 400 with the envelope, functions.core.middleware).
    refused = login(api, "admin\u0000")
    assert (refused["code"], refused["msg"], refused["data"]) == (0, "请求包含无效的字符", None)
