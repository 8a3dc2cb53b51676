"""The member area in Chromium against the real local server (issue 17): registration with the
required consent to the terms and the privacy policy (the captcha asked again only when the server
says registration needs it), the member center's own address in the bar, and the overview and the
balance log on a 390 px phone — brand, labelled chart with its table, no horizontal scroll.

The captcha answer and the e-mail code are read as tests/e2e/test_members.py reads them (DynamoDB
Local, the SMTP capture)."""

from __future__ import annotations

import re
import uuid

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer
from tests.e2e.test_admin import admin_password
from tests.e2e.test_members import _captcha_answer, _mail_code

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LONG_MEMO = "充值奖励：春季社区清洁志愿活动参与奖励，感谢您为城市环境做出的贡献"


def _register(server: LocalServer, page: Page) -> str:
    username = "p" + uuid.uuid4().hex[:10]
    email = f"{username}@example.com"
    needs_captcha_again = httpx.get(server.url("/srv/api/user/checkIn")).json()["data"]["registerCaptcha"]

    page.goto(server.url("/user/reg"))
    form = page.get_by_test_id("user-register")
    expect(page.get_by_test_id("brand-home")).to_have_attribute("href", "/")
    form.get_by_label("账号", exact=True).fill(username)
    form.get_by_label("密码", exact=True).fill("First_pass1")
    form.get_by_label("电子邮箱", exact=True).fill(email)
    form.get_by_label("图形验证码", exact=True).fill(_captcha_answer(server, page, form))
    form.get_by_role("button", name="获取验证码").click()
    code = _mail_code(server, email)
    form.get_by_label("验证码", exact=True).fill(code)
    captcha = form.get_by_label("图形验证码", exact=True)
    if needs_captcha_again:
        expect(captcha).to_have_value("")
        captcha.fill(_captcha_answer(server, page, form))
    else:
        # Solved once: the code's captcha is not asked again.
        expect(captcha).to_have_count(0)

    # Consent is required; its two links open the public pages.
    consent = form.get_by_role("checkbox", name=re.compile("我已阅读并同意"))
    form.locator("button[type=submit]").click()
    expect(form.get_by_text("请阅读并同意用户协议和隐私政策")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/user/reg$"))
    legal_pages = (("《用户协议》", "/terms/", "用户协议"), ("《隐私政策》", "/privacy/", "隐私政策"))
    for name, path, title in legal_pages:
        link = form.get_by_role("link", name=name)
        expect(link).to_have_attribute("href", path)
        with page.context.expect_page() as opened:
            link.click()
        legal = opened.value
        expect(legal.get_by_role("heading", level=1)).to_have_text(title)
        legal.close()
    consent.check()
    form.locator("button[type=submit]").click()

    # The member center opens on the overview with its own address (not /user/loading/%7B…).
    expect(page.get_by_role("heading", level=1, name="会员中心")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/user/account/overview$"))
    return username


def _give_money(server: LocalServer, username: str) -> None:
    api = httpx.Client(base_url=server.base_url)
    token = api.post(
        "/srv/admin/index/login",
        json={"username": "admin", "password": admin_password(server), "keep": False},
    ).json()["data"]["userInfo"]["token"]
    headers = {"batoken": token}
    users = api.get("/srv/admin/user/user/index", params={"quick_search": username}, headers=headers).json()
    user_id = next(row["id"] for row in users["data"]["list"] if row["username"] == username)
    answer = api.post(
        "/srv/admin/user/moneyLog/add",
        json={"user_id": user_id, "money": "25.50", "memo": LONG_MEMO},
        headers=headers,
    ).json()
    assert answer["code"] == 1, answer


def _no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_registration_with_consent_and_the_member_area_on_a_phone(
    server: LocalServer, page: Page, browser: Browser
) -> None:
    username = _register(server, page)
    _give_money(server, username)
    state = page.context.storage_state()

    phone = browser.new_context(locale="zh-CN", viewport=PHONE, storage_state=state)
    try:
        mobile = phone.new_page()
        mobile.set_default_timeout(15_000)
        mobile.goto(server.url("/user/account/overview"))
        overview = mobile.get_by_test_id("account-overview")
        expect(overview.get_by_test_id("overview-money")).to_have_text("¥25.50")
        # The chart (its own chunk) draws both labelled axes; the table carries the same data.
        chart = overview.get_by_test_id("week-chart")
        expect(chart.locator("svg")).to_be_visible()
        expect(chart).to_contain_text("余额（元）")
        expect(chart).to_contain_text("积分")
        overview.get_by_text("以表格查看这 7 天的数据").click()
        table = overview.get_by_role("table", name="最近 7 天的余额与积分变动")
        expect(table).to_be_visible()
        expect(table.get_by_role("row")).to_have_count(8)
        expect(table.get_by_role("cell", name="+25.50")).to_be_visible()
        expect(mobile).to_have_url(re.compile(r"/user/account/overview$"))
        _no_horizontal_scroll(mobile)

        # Every page is in the phone's navigation; the balance log keeps the memo readable.
        nav = mobile.get_by_role("navigation", name="主导航")
        nav.get_by_role("link", name="余额记录").click()
        expect(mobile).to_have_url(re.compile(r"/user/account/balance$"))
        memo = mobile.get_by_test_id("log-balance").get_by_text(LONG_MEMO)
        expect(memo).to_be_visible()
        box = memo.bounding_box()
        assert box is not None and box["width"] > 150, box  # not one character per line
        _no_horizontal_scroll(mobile)
    finally:
        phone.close()
