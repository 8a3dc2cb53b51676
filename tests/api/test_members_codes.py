"""Sending verification codes (`/srv/api/Ems/send`, `/srv/api/Sms/sendSms`): captcha first, the
rule of each event, the 60 s gap and the daily cap, wrong-guess limits, message language."""

from __future__ import annotations

import httpx
import pytest

from functions.models.code import VerifyCode
from functions.services import codes

from .members_support import (
    Mailbox,
    auth,
    logged_in,
    new_email,
    new_member,
    new_mobile,
    send_code,
    solve_captcha,
)

pytestmark = pytest.mark.usefixtures("fast_hashing")

EMS = "/srv/api/Ems/send"
SMS = "/srv/api/Sms/sendSms"


def test_email_code_is_sent_over_smtp_in_the_request_language(api: httpx.Client, mailbox: Mailbox) -> None:
    zh, en = new_email(), new_email()
    body = send_code(api, "email", zh, "user_register")
    assert body == {**body, "code": 1, "msg": "发送成功"}
    message = mailbox.emails_to(zh)[-1]
    assert "您的验证码" in message["Subject"]
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "注册会员账户" in text and "10 分钟内有效" in text
    code = mailbox.latest_code(zh)
    assert len(code) == 6
    # Only a hash is stored.
    stored = VerifyCode.get(codes.code_key("user_register", zh), consistent_read=True)
    assert code not in stored.code_hash

    extras = solve_captcha(api)
    response = api.post(
        EMS, json={"email": en, "event": "user_register", "extras": extras}, headers={"Accept-Language": "en"}
    )
    assert response.json()["msg"] == "Sent successfully"
    text = mailbox.emails_to(en)[-1].get_body(preferencelist=("plain",)).get_content()
    assert "register your member account" in text and "valid for 10 minutes" in text


def test_sms_code_goes_to_the_outbox(api: httpx.Client, mailbox: Mailbox) -> None:
    mobile = new_mobile()
    assert send_code(api, "mobile", mobile, "user_register")["code"] == 1
    (text,) = mailbox.sms_to(mobile)
    assert text.startswith(f"To: {mobile}")
    assert "注册会员账户" in text


def test_captcha_fields_at_the_top_level_are_accepted(api: httpx.Client, mailbox: Mailbox) -> None:
    body = {"email": new_email(), "event": "user_register", **solve_captcha(api)}
    assert api.post(EMS, json=body).json()["code"] == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"event": "user_register"}, "请输入正确的电子邮箱地址"),
        ({"email": "no-at-sign", "event": "user_register"}, "请输入正确的电子邮箱地址"),
        ({"email": "x@example.com", "event": "delete_everything"}, "未知的验证码用途"),
        ({"email": "x@example.com", "event": "user_mobile_verify"}, "未知的验证码用途"),
        ({"email": "x@example.com"}, "未知的验证码用途"),
    ],
)
def test_email_send_refusals(api: httpx.Client, mailbox: Mailbox, body, message) -> None:
    body = {**body, "extras": solve_captcha(api)}
    response = api.post(EMS, json=body).json()
    assert response["code"] == 0
    assert response["msg"] == message


def test_sms_send_refusals(api: httpx.Client, mailbox: Mailbox) -> None:
    for mobile in ("12345", "2" * 11, "１３９１２３４５６７８", "13912345678 OR 1=1"):
        body = {"mobile": mobile, "template_code": "user_register", "extras": solve_captcha(api)}
        assert api.post(SMS, json=body).json()["msg"] == "请输入正确的手机号"
        assert mailbox.sms_to(mobile) == []


def test_sending_needs_a_right_unused_captcha(api: httpx.Client, mailbox: Mailbox) -> None:
    email = new_email()
    assert send_code(api, "email", email, "user_register", captcha=False)["msg"] == "请输入验证码"
    extras = solve_captcha(api)
    wrong = {**extras, "captchaInfo": "nope"}
    assert api.post(EMS, json={"email": email, "event": "user_register", "extras": wrong}).json()["msg"] == (
        "图形验证码错误或已过期，请重新输入"
    )
    # The wrong guess used the captcha up.
    assert (
        api.post(EMS, json={"email": email, "event": "user_register", "extras": extras}).json()["code"] == 0
    )
    assert mailbox.emails_to(email) == []


def test_one_send_per_target_per_minute(api: httpx.Client, mailbox: Mailbox) -> None:
    email = new_email()
    assert send_code(api, "email", email, "user_register")["code"] == 1
    again = send_code(api, "email", email.upper(), "user_register")
    assert again["code"] == 0
    assert again["msg"].startswith("发送过于频繁，请 ")
    assert len(mailbox.emails_to(email)) == 1


def test_daily_cap(api: httpx.Client, mailbox: Mailbox) -> None:
    from datetime import UTC, datetime

    email = new_email()
    day = datetime.now(UTC).strftime("%Y%m%d")
    VerifyCode(
        f"send#{email}#{day}",
        count=codes.DAILY_CAP,
        last_sent=1_000,
        expires_at=datetime(2100, 1, 1, tzinfo=UTC),
    ).save()
    response = send_code(api, "email", email, "user_register")
    assert response["msg"] == "今日发送次数已达上限，请明天再试"
    assert mailbox.emails_to(email) == []


def test_event_rules(api: httpx.Client, mailbox: Mailbox) -> None:
    user = new_member(email=new_email(), mobile=new_mobile())
    # register: the target must be unused.
    assert send_code(api, "mobile", user.mobile, "user_register")["msg"] == "该手机号已被使用"
    # retrieve: an unknown target answers like a known one (nothing is sent to it, see
    # test_members_account.py::test_password_reset_does_not_reveal_whether_an_address_is_registered).
    assert send_code(api, "email", user.email, "user_retrieve_pwd")["code"] == 1
    # verify / change: logged in only.
    body = send_code(api, "email", user.email, "user_email_verify")
    assert body["code"] == 302 and body["data"]["routeName"] == "userLogin"
    token = logged_in(api, user)["token"]
    other = new_email()
    assert send_code(api, "email", other, "user_email_verify", token)["msg"] == "这不是您绑定的邮箱"
    assert send_code(api, "mobile", user.mobile, "user_mobile_verify", token)["code"] == 1
    assert send_code(api, "email", user.email, "user_change_email", token)["msg"] == "该邮箱已被使用"
    assert send_code(api, "email", other, "user_change_email", token)["code"] == 1
    assert api.get("/srv/api/user/index", headers=auth(token)).json()["code"] == 1


def test_wrong_guesses_use_a_code_up(api: httpx.Client, mailbox: Mailbox) -> None:
    email = new_email()
    assert send_code(api, "email", email, "user_register")["code"] == 1
    code = mailbox.latest_code(email)
    wrong = "000000" if code != "000000" else "111111"
    messages = []
    for _ in range(codes.MAX_ATTEMPTS):
        with pytest.raises(Exception) as caught:
            codes.verify("user_register", email, wrong)
        messages.append(caught.value.msg)
    assert messages[:-1] == ["Verification code error"] * (codes.MAX_ATTEMPTS - 1)
    assert messages[-1] == "Too many wrong attempts, please get a new verification code"
    with pytest.raises(Exception) as caught:
        codes.verify("user_register", email, code)
    assert caught.value.msg == "Too many wrong attempts, please get a new verification code"


def test_a_right_code_works_once(api: httpx.Client, mailbox: Mailbox) -> None:
    email = new_email()
    assert send_code(api, "email", email, "user_register")["code"] == 1
    code = mailbox.latest_code(email)
    codes.verify("user_register", email.upper(), f" {code} ")
    with pytest.raises(Exception) as caught:
        codes.verify("user_register", email, code)
    assert caught.value.msg == "Please get a verification code first"
    # A code is bound to its event.
    assert send_code(api, "email", email, "user_register")["code"] == 0  # 60 s gap
    VerifyCode(f"code#user_register#{email}").delete()


def test_failed_delivery_is_reported_and_the_code_dropped(
    api: httpx.Client, mailbox: Mailbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.core.settings import get_settings
    from functions.local.dynamodb import free_port

    email = new_email()
    monkeypatch.setattr(get_settings(), "smtp_port", free_port())  # nothing listens there
    response = send_code(api, "email", email, "user_register")
    assert response["msg"] == "发送失败，请稍后再试"
    with pytest.raises(VerifyCode.DoesNotExist):
        VerifyCode.get(codes.code_key("user_register", email), consistent_read=True)
