# ruff: noqa: F811 - the fixtures imported from the support modules are used as parameters
"""A fresh install tells someone about an enquiry (issue 13): the seeded first admin has no e-mail
address, so the notification goes to the site's contact e-mail (系统配置 → 联系邮箱) until an admin who
may read enquiries has one. Proved over a real SMTP conversation with the capture `make run` uses
(`functions.local.smtp`), against a freshly seeded set of tables and the app served over HTTP."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import httpx
import pytest

from functions.core.settings import Settings
from tests.api.members_support import Mailbox, solve_captcha

SEND = "/srv/api/contact/send"
SEEDED_CONTACT_EMAIL = "service@cityops.example.cn"  # functions/services/site_config.py's default


@pytest.fixture
def fresh_install(dynamodb: Settings, serve) -> Iterator[httpx.Client]:
    """What `make run` starts with: new tables, the seed (first admin without e-mail), the app."""
    from functions.app import create_app
    from functions.seed import seed
    from tests.conftest import isolated

    with isolated(dynamodb) as settings:
        assert seed(settings) is not None  # the first admin was created now
        with serve(create_app(settings)) as client:
            yield client


def send_enquiry(api: httpx.Client) -> str:
    subject = f"道路保洁外包 {uuid.uuid4().hex[:8]}"
    body = {
        "name": "王小明",
        "phone": "13800138000",
        "email": "visitor@example.com",
        "subject": subject,
        "message": "我们想了解道路保洁外包服务。",
    }
    response = api.post(SEND, json=body | solve_captcha(api))
    assert response.status_code == 200 and response.json()["code"] == 1, response.text
    return subject


def subjects_to(mailbox: Mailbox, address: str) -> list[str]:
    return [str(m["Subject"]) for m in mailbox.emails_to(address)]


def test_a_fresh_install_mails_enquiries_to_the_sites_contact_email(
    fresh_install: httpx.Client, mailbox: Mailbox
) -> None:
    from functions.models.admin import Admin
    from functions.models.config import Config
    from functions.seed import FIRST_ADMIN_USERNAME
    from functions.services.site_config import clear_cache

    first = Admin.get_by_username(FIRST_ADMIN_USERNAME)
    assert first is not None and not (first.email or "")  # nobody has an address yet

    subject = send_enquiry(fresh_install)
    (mail,) = [m for m in mailbox.emails_to(SEEDED_CONTACT_EMAIL) if subject in str(m["Subject"])]
    text = mail.get_body(preferencelist=("plain",)).get_content()
    assert (
        "收到一条新的在线留言" in text
        and "A new enquiry arrived" in text
        and "/admin/business/contact" in text
    )

    # The contact e-mail changed in Config: the next enquiry goes there.
    item = Config.get("site", "company_email")
    item.value = "enquiries@example.org"
    item.save()
    clear_cache()
    subject = send_enquiry(fresh_install)
    assert any(subject in s for s in subjects_to(mailbox, "enquiries@example.org"))
    assert not any(subject in s for s in subjects_to(mailbox, SEEDED_CONTACT_EMAIL))

    # Once the first admin (who may read enquiries) has an address, the admins are told, not the site.
    first.update(actions=[Admin.email.set("first-admin@example.org")])
    subject = send_enquiry(fresh_install)
    assert any(subject in s for s in subjects_to(mailbox, "first-admin@example.org"))
    assert not any(subject in s for s in subjects_to(mailbox, "enquiries@example.org"))
