"""The contact page's enquiry form in the built site: a plain POST form to the API in both languages
(labelled fields with the design's limits, the visitor's language, a honeypot hidden from people),
reached from every page's footer; the thank-you pages the API redirects to exist; the script adds
the captcha only where it runs (the API side is tests/api/test_contact.py, the flows
tests/e2e/test_contact.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.conftest import html_pages


@pytest.mark.parametrize(
    ("rel", "lang"), [("about/contact/index.html", "zh-cn"), ("en/about/contact/index.html", "en")]
)
def test_contact_page_has_a_plain_post_form_in_its_language(built_site: Path, rel: str, lang: str) -> None:
    html = (built_site / rel).read_text(encoding="utf-8")
    form = html[html.index("<form") : html.index("</form>")]
    assert 'method="post" action="/srv/api/contact/form"' in form
    assert f'<input type="hidden" name="lang" value="{lang}">' in form
    for name in ("name", "phone", "email", "company", "subject", "message", "captchaInfo", "website"):
        assert f'id="f-{name}" name="{name}"' in form, name
        assert f'<label for="f-{name}">' in form, name
    assert 'maxlength="30" required' in form and 'maxlength="2000" required' in form
    assert re.search(r'<div class="field field-hp" aria-hidden="true">', form)
    assert 'tabindex="-1"' in form  # the honeypot is out of the keyboard order
    assert re.search(r'<div class="field field-wide captcha-field" hidden', form)  # shown by the script
    assert '<script src="/theme/js/contact.js?v=' in html and "<noscript>" in form
    heading = "在线留言" if lang == "zh-cn" else "Send us a message"
    assert f'<h2 id="contact-form-title">{heading}</h2>' in html


def test_every_page_footer_calls_to_send_a_message(built_site: Path) -> None:
    for rel in html_pages(built_site):
        html = (built_site / rel).read_text(encoding="utf-8")
        footer = html[html.index("<footer") :]
        prefix = "/en" if rel.startswith("en/") else ""
        assert f'href="{prefix}/about/contact/#contact-form"' in footer, rel


def test_thank_you_pages_exist_in_both_languages(built_site: Path) -> None:
    zh = (built_site / "about/contact/sent/index.html").read_text(encoding="utf-8")
    en = (built_site / "en/about/contact/sent/index.html").read_text(encoding="utf-8")
    assert "<h1>留言已发送</h1>" in zh and "一个工作日内" in zh
    assert "<h1>Enquiry sent</h1>" in en and "within one working day" in en


def test_the_script_shows_the_captcha_only_when_it_runs(browser, site_server: str) -> None:
    for enabled in (True, False):
        context = browser.new_context(java_script_enabled=enabled, viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(site_server + "/en/about/contact/")
        captcha = page.locator(".captcha-field")
        if enabled:
            page.wait_for_selector(".captcha-field img", state="attached")
            assert captcha.is_visible()
            assert (
                page.locator(".captcha-field img")
                .get_attribute("src")
                .startswith("/srv/api/common/captcha?id=c")
            )
            assert page.locator('input[name="captchaId"]').input_value().startswith("c")
        else:
            assert not captcha.is_visible()
            assert page.get_by_label("Name (required)").is_visible()
        context.close()
