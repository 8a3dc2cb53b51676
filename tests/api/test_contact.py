# ruff: noqa: F811 - the fixtures imported from the support modules are used as parameters
"""The public contact form over HTTP (`/srv/api/contact/send` and `/form`): an enquiry is stored in
the designed table business/contact and e-mailed (real SMTP capture) to the admins who may read it;
bad input, a wrong captcha and the per-IP limit are refused in the visitor's language; without
JavaScript a plain form POST gets the captcha step, then a 303 to the thank-you page; the back office's
badge counts the enquiries still pending."""

from __future__ import annotations

import json
import os
import re
import uuid
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest

from functions.models.admin import Admin
from functions.models.captcha import Captcha
from functions.models.design import Record
from tests.api.admin_support import AdminUser, make_admin, ok
from tests.api.members_support import Mailbox, solve_captcha
from tests.api.test_rate_limit import at, clock, fake_ip, limits  # noqa: F401 - fixtures

assert at  # fixtures, imported for pytest

SEND = "/srv/api/contact/send"
FORM = "/srv/api/contact/form"
BADGES = "/srv/admin/index/badges"
EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-cn"}
FORM_TYPE = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def contact_table(admin_seed: None) -> None:
    """The designed table business/contact, loaded from its design file as the seed does."""
    from functions.services.designs import DESIGNS_DIR, DesignDoc, get_design, save_design

    if get_design("business/contact") is None:
        save_design(DesignDoc.model_validate_json((DESIGNS_DIR / "contact.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def reader(api: httpx.Client, contact_table: None) -> AdminUser:
    """An admin who may read and handle enquiries and has an e-mail address (gets the notification)."""
    admin = make_admin(
        api, ["business", "business/contact", "business/contact/index", "business/contact/edit"]
    )
    Admin.get(admin.id).update(actions=[Admin.email.set(f"reader-{admin.id}@example.com")])
    return admin


def enquiry(**overrides: str) -> dict[str, str]:
    body = {
        "name": "王小明",
        "phone": "13800138000",
        "email": "visitor@example.com",
        "company": "滨江街道办",
        "subject": f"道路保洁外包 {uuid.uuid4().hex[:8]}",
        "message": "我们想了解道路保洁外包服务。\n请联系我。",
    }
    return {**body, **overrides}


def rows_with(subject: str) -> list[dict[str, Any]]:
    return [r.values() | {"id": int(r.id)} for r in Record.query("business/contact") if subject in r.data]


def test_valid_enquiry_is_stored_and_mailed_to_admins_who_may_read_it(
    api: httpx.Client, reader: AdminUser, mailbox: Mailbox
) -> None:
    outsider = make_admin(api, ["dashboard"])
    Admin.get(outsider.id).update(actions=[Admin.email.set(f"outsider-{outsider.id}@example.com")])
    body = enquiry(name="  Cafe\u0301 Li  ", phone="+86 138-0013-8000")
    response = api.post(SEND, json={**body, **solve_captcha(api)}, headers=EN)
    assert response.status_code == 200
    assert response.json()["code"] == 1
    assert response.json()["msg"] == "Thank you: your enquiry has been sent, we will get back to you soon."

    (row,) = rows_with(body["subject"])
    # Stored as sent, normalised: NFC, trimmed, the mobile number without +86, spaces and hyphens.
    assert row["name"] == "Café Li" and row["phone"] == "13800138000"
    assert row["message"] == body["message"] and row["status"] == "new"

    (mail,) = mailbox.emails_to(f"reader-{reader.id}@example.com")
    assert body["subject"] in mail["Subject"] and "新的在线留言" in mail["Subject"]
    text = mail.get_body(preferencelist=("plain",)).get_content()
    assert "收到一条新的在线留言" in text and "A new enquiry arrived" in text
    assert (
        "姓名: Café Li" in text
        and "Name: Café Li" in text
        and "我们想了解道路保洁外包服务。\n请联系我。" in text
    )
    assert "/admin/business/contact" in text
    assert mailbox.emails_to(f"outsider-{outsider.id}@example.com") == []  # not allowed to read enquiries

    # The admin reads it in the back office's list of enquiries.
    listed = ok(
        api.get(
            "/srv/admin/business/contact/index",
            headers=reader.headers,
            params={"quick_search": body["subject"]},
        )
    )
    assert [r["name"] for r in listed["list"]] == ["Café Li"]


@pytest.mark.parametrize(
    ("headers", "messages"),
    [
        (
            ZH,
            {
                "name": "必填项",
                "phone": "请输入正确的电话号码：手机、带区号的座机或以 + 开头的国际号码",
                "email": "请输入正确的电子邮箱地址",
                "subject": "只能是一行文字，不能包含控制字符或文字方向控制字符",
                "message": "长度不能超过 2000 个字符",
            },
        ),
        (
            EN,
            {
                "name": "Required",
                "phone": "Please enter a mobile number, a landline number with its area code, or an "
                "international number starting with +",
                "email": "Please enter the correct email address",
                "subject": "Must be one line without control characters",
                "message": "At most 2000 characters",
            },
        ),
    ],
)
def test_bad_input_is_refused_field_by_field_in_the_visitors_language(
    api: httpx.Client, contact_table: None, headers: dict[str, str], messages: dict[str, str]
) -> None:
    subject = f"bad \u202eevil {uuid.uuid4().hex[:6]}"
    body = enquiry(name=" ", phone="12345", email="no-at-sign", subject=subject, message="x" * 2001)
    response = api.post(SEND, json={**body, **solve_captcha(api)}, headers=headers)
    assert response.status_code == 400
    answer = response.json()
    found = {e["field"]: e["msg"] for e in answer["data"]["errors"]}
    assert found == messages
    assert answer["msg"] == ("姓名：必填项" if headers is ZH else "Name: Required")
    assert rows_with(subject) == []


@pytest.mark.parametrize(
    ("phone", "email", "stored"),
    [
        ("+44 20 7946 0958", "", "+442079460958"),  # from abroad, by phone
        ("", "visitor@example.org", ""),  # by e-mail only
        ("010-6552 9999", "", "01065529999"),  # a Beijing landline with its area code
    ],
)
def test_visitors_without_a_mainland_mobile_can_write(
    api: httpx.Client, contact_table: None, phone: str, email: str, stored: str
) -> None:
    body = enquiry(phone=phone, email=email)
    response = api.post(SEND, json={**body, **solve_captcha(api)}, headers=EN)
    assert response.status_code == 200 and response.json()["code"] == 1, response.text
    [row] = rows_with(body["subject"])
    assert row["phone"] == stored and row["email"] == email


def test_an_enquiry_needs_a_way_to_reply(api: httpx.Client, contact_table: None) -> None:
    body = enquiry(phone="", email="")
    for headers, message in ((ZH, "请填写联系电话或邮箱，方便我们回复您"), (EN, "so that we can reply")):
        response = api.post(SEND, json={**body, **solve_captcha(api)}, headers=headers)
        assert response.status_code == 400
        errors = response.json()["data"]["errors"]
        assert [(e["field"], message in e["msg"]) for e in errors] == [("phone", True)]
    assert rows_with(body["subject"]) == []


def test_captcha_missing_or_wrong_stores_nothing(api: httpx.Client, contact_table: None) -> None:
    body = enquiry()
    missing = api.post(SEND, json=body, headers=ZH).json()
    assert missing["code"] == 0 and missing["msg"] == "请输入验证码"
    wrong = {**solve_captcha(api), "captchaInfo": "zzzz"}
    answer = api.post(SEND, json={**body, **wrong}, headers=EN).json()
    assert answer["code"] == 0 and answer["msg"].startswith("The captcha is wrong or has expired")
    assert answer["data"]["errors"][0]["field"] == "captchaInfo"
    # A wrong answer uses the picture up.
    assert (
        api.post(SEND, json={**body, **solve_captcha(api) | {"captchaId": wrong["captchaId"]}}).json()["code"]
        == 0
    )
    assert rows_with(body["subject"]) == []


def test_honeypot_is_answered_like_a_success_but_nothing_is_kept(
    api: httpx.Client, contact_table: None
) -> None:
    body = enquiry(website="http://spam.example")
    answer = api.post(SEND, json={**body, **solve_captcha(api)}).json()
    assert answer["code"] == 1
    assert rows_with(body["subject"]) == []
    response = api.post(FORM, data={**body, "lang": "en"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/en/about/contact/sent/"
    assert rows_with(body["subject"]) == []


def _captcha_id(html: str) -> str:
    match = re.search(r'name="captchaId" value="([A-Za-z0-9_-]+)"', html)
    assert match, html
    return match.group(1)


def test_without_javascript_a_form_post_gets_the_captcha_step_then_the_thank_you_page(
    api: httpx.Client, reader: AdminUser
) -> None:
    body = enquiry(company='<script>alert("x")</script>', message="第一行\r\n第二行")
    first = api.post(
        FORM, data={**body, "lang": "en", "captchaId": "", "captchaInfo": ""}, follow_redirects=False
    )
    assert first.status_code == 200 and first.headers["content-type"].startswith("text/html")
    assert "script-src" not in first.headers["content-security-policy"]  # a page without any script
    html = first.text
    assert '<html lang="en">' in html and "One more step: type the characters in the picture" in html
    assert "<script>" not in html and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html  # escaped
    assert body["subject"] in html and "第一行\n第二行</textarea>" in html  # what was typed is kept
    captcha_id = _captcha_id(html)
    assert f'src="/srv/api/common/captcha?id={captcha_id}"' in html
    assert rows_with(body["subject"]) == []

    # "Show another picture" gives a new captcha and keeps the values.
    again = api.post(FORM, data={**body, "lang": "en", "refresh": "1"}, follow_redirects=False)
    assert (
        again.status_code == 200 and _captcha_id(again.text) != captcha_id and body["subject"] in again.text
    )

    image = api.get("/srv/api/common/captcha", params={"id": captcha_id})
    assert image.headers["content-type"] == "image/png"
    answer = Captcha.get(captcha_id, consistent_read=True).answer
    sent = api.post(
        FORM,
        content=httpx.QueryParams(
            {**body, "lang": "en", "captchaId": captcha_id, "captchaInfo": answer.upper()}
        ).__str__(),
        headers=FORM_TYPE,
        follow_redirects=False,
    )
    assert sent.status_code == 303 and sent.headers["location"] == "/en/about/contact/sent/"
    (row,) = rows_with(body["subject"])
    assert row["company"] == '<script>alert("x")</script>' and row["message"] == "第一行\n第二行"

    zh = api.post(FORM, data={**enquiry(), "lang": "zh-cn", **solve_captcha(api)}, follow_redirects=False)
    assert zh.status_code == 303 and zh.headers["location"] == "/about/contact/sent/"


def test_without_javascript_errors_are_listed_on_a_page_in_the_visitors_language(
    api: httpx.Client, contact_table: None
) -> None:
    body = enquiry(phone="123", message="")
    zh = api.post(FORM, data={**body, "lang": "zh-cn", **solve_captcha(api)}, follow_redirects=False)
    assert zh.status_code == 400 and '<html lang="zh-CN">' in zh.text
    assert "留言还没有发送，请修改以下内容" in zh.text
    assert '<a href="#f-phone">电话：请输入正确的电话号码：手机、带区号的座机或以 + 开头的国际号码</a>' in (
        zh.text
    )
    assert '<a href="#f-message">留言内容：必填项</a>' in zh.text
    assert 'id="f-phone" name="phone" maxlength="20" aria-describedby="err-phone help-phone"' in zh.text
    assert 'aria-invalid="true"' in zh.text
    en = api.post(FORM, data={**body, "lang": "en", "captchaId": "x" * 10, "captchaInfo": "abcd"})
    assert en.status_code == 400 and "Please correct the following" in en.text
    assert "Phone: Please enter a mobile number, a landline number with its area code" in en.text
    wrong = api.post(FORM, data={**enquiry(), "lang": "en", "captchaId": "x" * 10, "captchaInfo": "abcd"})
    assert wrong.status_code == 400 and "Captcha: The captcha is wrong or has expired" in wrong.text
    assert rows_with(body["subject"]) == []

    # A reload or bookmark of the form's address goes back to the contact page.
    back = api.get(FORM, headers=EN, follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == "/en/about/contact/"


def test_per_ip_limit_counts_both_forms(api: httpx.Client, at: Any, limits: Any, contact_table: None) -> None:
    limits("contact", 2)
    client = at(fake_ip())
    assert client.post(SEND, json=enquiry()).json()["code"] == 0  # captcha missing, counted
    assert client.post(FORM, data={**enquiry(), "lang": "zh-cn"}).status_code == 200  # captcha step
    limited = client.post(SEND, json=enquiry(), headers=EN)
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
    assert limited.json()["msg"] == "Too many requests, please try again later!"
    page = client.post(FORM, data={**enquiry(), "lang": "zh-cn"})
    assert page.status_code == 429 and int(page.headers["retry-after"]) > 0
    assert "您发送得太频繁了" in page.text and "<form" not in page.text
    # Another address is not affected.
    assert at(fake_ip()).post(FORM, data={**enquiry(), "lang": "en"}).status_code == 200


def test_badge_counts_pending_enquiries_until_they_are_handled(
    api: httpx.Client, reader: AdminUser, mailbox: Mailbox
) -> None:
    def count(admin: AdminUser) -> int | None:
        return ok(api.get(BADGES, headers=admin.headers))["badges"].get("business/contact")

    before = count(reader)
    assert before is not None
    body = enquiry()
    assert api.post(SEND, json={**body, **solve_captcha(api)}).json()["code"] == 1
    assert count(reader) == min(before + 1, 100)
    (row,) = rows_with(body["subject"])
    row.update(status="handled", handled_by="客服小李", remark="已电话回复")
    row_id = row.pop("id")
    ok(api.post("/srv/admin/business/contact/edit", json={"id": row_id, **row}, headers=reader.headers))
    assert count(reader) == before
    # An admin who may not read enquiries gets no count for them.
    assert (
        "business/contact"
        not in ok(api.get(BADGES, headers=make_admin(api, ["dashboard"]).headers))["badges"]
    )
    assert json.dumps(ok(api.get(BADGES, headers=reader.headers)))  # plain JSON


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("case", "lang", "fields"),
    [
        ("captcha-step-zh", "zh-cn", {"captchaId": "", "captchaInfo": ""}),
        ("errors-en", "en", {"phone": "123", "message": "", "captchaId": "x" * 10, "captchaInfo": "abcd"}),
    ],
)
def test_without_javascript_the_page_is_the_one_the_visitor_knows(
    api: httpx.Client, contact_table: None, case: str, lang: str, fields: dict[str, str]
) -> None:
    """The no-script page (chrome, form, captcha, error list) is exactly the reviewed page of
    `tests/api/golden/contact-<case>.html`, whatever builds it (the picture's random id aside).
    After an intended change: UPDATE_GOLDEN=1, then review the diff."""
    body = {**enquiry(subject="道路保洁外包"), "company": '<b>"滨江" & Co</b>', **fields, "lang": lang}
    answer = api.post(FORM, data=body, follow_redirects=False)
    page = re.sub(r"(captcha\?id=|name=\"captchaId\" value=\")[A-Za-z0-9_-]+", r"\1ID", answer.text)
    golden = GOLDEN / f"contact-{case}.html"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(page, encoding="utf-8")
    assert answer.status_code == (200 if "step" in case else 400)
    assert parsed(page) == parsed(golden.read_text(encoding="utf-8"))


def parsed(page: str) -> list[tuple[str, ...]]:
    """What a browser builds from `page`: elements with their attributes, and text, in order (the way a
    character is escaped, `&#39;` or `&#x27;`, does not matter)."""
    events: list[tuple[str, ...]] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            events.append((tag, *(f"{name}={value}" for name, value in attrs)))

        def handle_endtag(self, tag: str) -> None:
            events.append((f"/{tag}",))

        def handle_data(self, data: str) -> None:
            events.append(("text", data))

        def handle_decl(self, decl: str) -> None:
            events.append(("decl", decl))

    Reader(convert_charrefs=True).feed(page)
    return events
