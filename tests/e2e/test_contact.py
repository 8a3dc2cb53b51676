"""Contact enquiries in the browser (issue 13 part 2): a visitor sends one from /about/contact with
JavaScript (zh-cn, 1440 px: checked in place, captcha beside the form, confirmed without leaving the
page) and one without JavaScript (English, 390 px: the API's captcha step, then the thank-you page);
the admin sees the count of pending enquiries beside the menu, reads the enquiry and marks it
handled, and the count goes down. Screenshots in /tmp/shots/contact/."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_admin import admin_page, menu
from tests.e2e.test_members import stored_captcha_answer

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/contact")


def _wait_for_picture(page: Page) -> str:
    image = page.locator(".captcha-field img")
    expect(image).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    return page.locator('input[name="captchaId"]').input_value()


def _send_with_javascript(server, browser: Browser, subject: str) -> None:
    context = browser.new_context(locale="zh-CN", viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(server.url("/"))
        page.locator("footer").get_by_role("link", name="在线留言").click()  # the footer's call to action
        expect(page).to_have_url(re.compile(r"/about/contact/#contact-form$"))
        form = page.locator("form.contact-form")
        expect(form).to_have_js_property("noValidate", True)  # the page's script has taken the form over
        # Checked in the page's language before anything is sent.
        form.get_by_role("button", name="发送留言").click()
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("留言还没有发送")
        expect(alert.get_by_role("link", name="姓名：必填项")).to_be_visible()
        expect(alert).to_be_focused()
        form.get_by_label("姓名").fill("王小明")
        form.get_by_label("电话").fill("138 0013 8000")
        form.get_by_label("电子邮箱").fill("wang@example.com")
        form.get_by_label("单位名称").fill("滨江街道办")
        form.get_by_label("咨询主题").fill(subject)
        form.get_by_label("留言内容").fill("想了解道路保洁外包服务，请尽快联系。")
        captcha_id = _wait_for_picture(page)
        form.get_by_label("验证码").fill("zzzz")  # wrong: a new picture, the fields stay
        form.get_by_role("button", name="发送留言").click()
        expect(alert).to_contain_text("验证码错误或已过期")
        new_id = _wait_for_picture(page)
        assert new_id != captcha_id
        expect(form.get_by_label("咨询主题")).to_have_value(subject)
        form.get_by_label("验证码").fill(stored_captcha_answer(server, new_id))
        form.get_by_role("button", name="发送留言").click()
        sent = page.get_by_role("status")
        expect(sent).to_contain_text("感谢您的留言")
        expect(form).to_be_hidden()
        page.screenshot(path=str(SHOTS / "sent-js-zh-1440.png"), full_page=True)
    finally:
        context.close()


def _send_without_javascript(server, browser: Browser, subject: str) -> None:
    context = browser.new_context(
        locale="en-US", viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(server.url("/en/about/contact/"))
        expect(page.locator(".captcha-field")).to_be_hidden()
        form = page.locator("form.contact-form")
        form.get_by_label("Name").fill("Alex Lee")
        form.get_by_label("Phone").fill("+44 20 7946 0958")  # a visitor from abroad
        form.get_by_label("Subject").fill(subject)
        form.get_by_label("Message").fill("Please quote for street cleaning.")
        form.get_by_role("button", name="Send enquiry").click()
        # The API's own page: the values kept, a captcha picture the server chose.
        expect(page.get_by_role("heading", level=1, name="Send your enquiry")).to_be_visible()
        expect(page.get_by_role("status")).to_contain_text("One more step")
        expect(page.get_by_label("Subject")).to_have_value(subject)
        page.screenshot(path=str(SHOTS / "step-nojs-en-390.png"), full_page=True)
        captcha_id = page.locator('input[name="captchaId"]').input_value()
        image = page.get_by_role("img", name="Captcha picture")
        expect(image).to_be_visible()
        page.get_by_label("Captcha").fill(stored_captcha_answer(server, captcha_id))
        page.get_by_role("button", name="Send enquiry").click()
        expect(page).to_have_url(re.compile(r"/en/about/contact/sent/$"))
        expect(page.get_by_role("heading", level=1, name="Enquiry sent")).to_be_visible()
        page.screenshot(path=str(SHOTS / "sent-nojs-en-390.png"), full_page=True)
    finally:
        context.close()


def _pending(page: Page, title: str) -> int:
    """The count shown beside a menu item (0 without one)."""
    item = menu(page).get_by_role("menuitem", name=re.compile(f"^{title}"))
    badge = item.first.locator("[data-badge]")
    return int(badge.get_attribute("data-badge")) if badge.count() else 0


def test_visitors_send_enquiries_with_and_without_javascript_and_an_admin_reads_them(
    server, browser: Browser
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mark = uuid.uuid4().hex[:6]
    with_js, without_js = f"道路保洁外包咨询 {mark}", f"Street cleaning quote {mark}"
    _send_with_javascript(server, browser, with_js)
    _send_without_javascript(server, browser, without_js)

    with admin_page(browser, server, 1440, 900) as page:
        page.goto(server.url("/admin/business/contact"))
        area = page.locator('[data-tab="/admin/business/contact"]')
        expect(area.locator("[data-design]")).to_be_visible()
        item = menu(page).get_by_role("menuitem", name=re.compile(r"^在线留言\s*（\d+ 条待处理）$"))
        expect(item).to_be_visible()
        before = _pending(page, "在线留言")
        assert before >= 2
        page.screenshot(path=str(SHOTS / "admin-badge-zh-1440.png"))

        row = area.locator("tr").filter(has_text=with_js)
        expect(row).to_contain_text("王小明")
        expect(row).to_contain_text("13800138000")
        expect(area.locator("tr").filter(has_text=without_js)).to_contain_text("Alex Lee")
        row.get_by_role("button", name=re.compile(r"^编\s*辑$")).click()
        dialog = page.get_by_role("dialog", name="编辑")
        expect(dialog.get_by_label("留言内容")).to_have_value("想了解道路保洁外包服务，请尽快联系。")
        expect(dialog.get_by_label("邮箱")).to_have_value("wang@example.com")
        dialog.get_by_label("处理状态").click()
        page.locator(".ant-select-dropdown .ant-select-item-option").filter(has_text="已处理").click()
        dialog.get_by_label("处理人").fill("客服小李")
        dialog.get_by_role("button", name=re.compile(r"^保\s*存$")).click()
        expect(page.get_by_text("更新成功")).to_be_visible()
        expect(row).to_contain_text("已处理")
        # Handled: the count beside the menu goes down at once.
        expect(menu(page).locator("[data-badge]").filter(has_text="在线留言")).to_have_attribute(
            "data-badge", str(before - 1)
        )
        page.screenshot(path=str(SHOTS / "admin-handled-zh-1440.png"))
