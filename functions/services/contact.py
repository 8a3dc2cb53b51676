"""Enquiries sent through the public site's contact form (`/about/contact/`, issue 13 part 2).

Storage: one row of the designed table `business/contact` (`functions/data/designs/contact.json`),
written by `functions.services.records.create_row` like a row added in the back office, so it is
listed there under 业务管理 → 在线留言 (Business → Enquiries) with status `new` (待处理 / Pending).

`send(data)` is what both routes of `functions/routes/api/contact.py` call (JSON from the page's
script, and a plain form POST without JavaScript):

1. Honeypot: the form has a field `website` that people never see or fill; a request with a value
   there is answered like a success but nothing is stored or sent (`send` returns None).
2. The values: text only (anything else counts as empty), Unicode NFC, surrounding spaces removed,
   the message's CR LF turned into LF, the phone number without spaces, hyphens or brackets (and
   without +86 before a mainland mobile number).
3. Checks, all reported at once as `{field, msg, title}` (HTTP 400, `ContactInvalid`): a phone number
   or an e-mail address is needed to reply (either will do, so visitors from abroad can write); the
   phone is a mainland mobile, a landline with its area code or an international number with +; the
   e-mail address by the rule members get (`check_email`); then the
   design's own request model (required fields, lengths, pattern, no control or bidi characters in
   one-line fields), so a change of the design in the CRUD generator applies to the form too.
4. The image captcha (`functions.services.captcha`), only once the fields pass: a visitor who
   corrects a field keeps the captcha already typed. Missing or wrong → body code 0 with the error
   on the field `captchaInfo`; a wrong answer uses the picture up.
5. The row is stored, then the admins are told by e-mail (`notify`). A mail that cannot be sent is
   logged and does not fail the enquiry: it is in the back office either way.

Who gets the e-mail (`recipients`): every enabled admin holding the permission
`business/contact/index` (super admins included) who has an e-mail address in their profile, at
most `MAX_RECIPIENTS`; when there is none (a fresh install: the seeded first admin has no e-mail
address), the site's contact e-mail of the site Config (系统配置 → 联系邮箱, `company_email`), so an
enquiry always reaches someone. The message is in Chinese and English, with a link to the back-office
page.

The back office's badge on the 在线留言 menu is `pending_count()`: the rows whose status is `new`,
read through the design's filter index on `status` (capped at `BADGE_CAP`). Marking an enquiry
handled (status `handled`) takes it off the count.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import functions.core.messages_contact  # noqa: F401 - registers the contact messages
from functions.core.clock import COMPANY_TZ
from functions.core.i18n import t
from functions.core.log import logger
from functions.core.responses import ApiError
from functions.core.settings import get_settings
from functions.core.validators import check_email
from functions.models.admin import Admin
from functions.models.design import Record, filter_key
from functions.models.listing import PART
from functions.services import captcha, records, senders
from functions.services.design_doc import DesignDoc, get_design, load_doc
from functions.services.permissions import admin_grant, load_rules
from functions.services.site_config import company_email, get_site_config

DESIGN = "business/contact"
FIELDS = ("name", "phone", "email", "company", "subject", "message")
MULTILINE_FIELDS = frozenset({"message"})
HONEYPOT = "website"
CAPTCHA_ID, CAPTCHA_INFO = "captchaId", "captchaInfo"
STATUS_NEW = "new"
MAX_RECIPIENTS = 20
BADGE_CAP = 100
MISSING_CAPTCHA = "Please enter the captcha"
WRONG_CAPTCHA = "The captcha is wrong or has expired"
UNAVAILABLE = "contact.page.failed"
# The phone rule is the design's `pattern` of `phone` (a mainland mobile, a landline with its area code,
# or +international), so the back office's form and this one accept the same numbers.
MAINLAND_MOBILE = re.compile(r"1[3-9][0-9]{9}")
WRONG_PHONE = "contact.phone.wrong"
NO_REPLY_ADDRESS = "contact.reply.missing"


class ContactInvalid(ApiError):
    """Fields that do not pass: HTTP 400, `data.errors` = [{field, msg, title}], the first one in `msg`."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(message_of(errors[0]), http_status=400, data={"errors": errors})
        self.errors = errors


def message_of(error: dict[str, str]) -> str:
    """ "Mobile: Please enter the correct mobile number" (the field by its title)."""
    return t("contact.field.error", field=error.get("title", error["field"]), reason=error["msg"])


class CaptchaRefused(ApiError):
    """The captcha is missing or wrong: body code 0, the error on the field `captchaInfo`."""

    def __init__(self, key: str) -> None:
        super().__init__(
            key, data={"errors": [{"field": CAPTCHA_INFO, "msg": t(key), "title": t("contact.captcha")}]}
        )
        self.missing = key == MISSING_CAPTCHA


def contact_design() -> tuple[DesignDoc, int]:
    """The design of the enquiries table; refused with "cannot be sent now" when it was deleted."""
    design = get_design(DESIGN)
    if design is None:
        logger.warning("contact design missing: enquiry refused", extra={"design": DESIGN})
        raise ApiError(UNAVAILABLE)
    return load_doc(design), int(design.version)


def _text(value: Any) -> str:
    return unicodedata.normalize("NFC", value).strip() if isinstance(value, str) else ""


def clean(data: Mapping[str, Any]) -> dict[str, str]:
    """The form's values as they are checked and stored (see the module docstring, step 2)."""
    values = {name: _text(data.get(name)) for name in FIELDS}
    values["message"] = values["message"].replace("\r\n", "\n").replace("\r", "\n")
    phone = "".join(ch for ch in values["phone"] if ch not in " -()\u3000")
    values["phone"] = phone[3:] if phone.startswith("+86") and MAINLAND_MOBILE.fullmatch(phone[3:]) else phone
    return values


def is_spam(data: Mapping[str, Any]) -> bool:
    return bool(_text(data.get(HONEYPOT)))


def check(doc: DesignDoc, version: int, values: dict[str, str]) -> tuple[Any, list[dict[str, str]]]:
    """The row's request body when every field passes, else None and every problem found."""
    titles = {f.name: records.words(f.title) for f in doc.fields}
    errors: dict[str, str] = {}
    phone_rule = next((f.pattern for f in doc.fields if f.name == "phone" and f.pattern), None)
    if values["phone"] and phone_rule and not re.fullmatch(phone_rule, values["phone"]):
        errors["phone"] = t(WRONG_PHONE)
    if values["email"] and check_email(values["email"]) is not None:
        errors["email"] = t("Please enter the correct email address")
    if not values["phone"] and not values["email"]:
        errors["phone"] = t(NO_REPLY_ADDRESS)
    body = None
    try:
        body = records.validate_row(doc, version, {**values, "status": STATUS_NEW})
    except ApiError as exc:
        for entry in (exc.data or {}).get("errors", []):
            errors.setdefault(str(entry["field"]), str(entry["msg"]))
    found = [{"field": name, "msg": msg, "title": titles.get(name, name)} for name, msg in errors.items()]
    order = {name: i for i, name in enumerate(FIELDS)}
    found.sort(key=lambda entry: order.get(entry["field"], len(order)))
    return (None if found else body), found


def send(data: Mapping[str, Any]) -> Record | None:
    """Check, store and notify one enquiry (the module docstring's steps); None for a honeypot hit.
    Raises `ContactInvalid`, `CaptchaRefused` or `ApiError` (the form cannot be used now)."""
    if is_spam(data):
        logger.info("contact honeypot filled: enquiry dropped")
        return None
    doc, version = contact_design()
    body, errors = check(doc, version, clean(data))
    if errors:
        raise ContactInvalid(errors)
    captcha_id, answer = data.get(CAPTCHA_ID), data.get(CAPTCHA_INFO)
    if not isinstance(captcha_id, str) or not isinstance(answer, str) or not captcha_id or not answer.strip():
        raise CaptchaRefused(MISSING_CAPTCHA)
    if not captcha.check_captcha(captcha_id, answer):
        raise CaptchaRefused(WRONG_CAPTCHA)
    item = records.create_row(doc, body)
    notify(doc, item)
    return item


# --- notification --------------------------------------------------------------------------------


def recipients() -> list[str]:
    """E-mail addresses of the enabled admins who may read enquiries, else the site's contact e-mail
    (see the module docstring)."""
    rules = load_rules()
    found: dict[str, str] = {}
    for admin in Admin.by_part.query(PART):
        email = (admin.email or "").strip()
        if not admin.enabled or not email or check_email(email) is not None or email.lower() in found:
            continue
        if admin_grant(admin, rules).allows(f"{DESIGN}/index"):
            found[email.lower()] = email
            if len(found) >= MAX_RECIPIENTS:
                break
    if not found:
        fallback = company_email()
        if fallback and check_email(fallback) is None:
            return [fallback]
    return list(found.values())


def message(doc: DesignDoc, item: Record) -> tuple[str, str]:
    """The subject and text of the notification: Chinese, then English."""
    values = item.values()
    when = datetime.fromtimestamp(int(item.create_time), COMPANY_TZ).strftime("%Y-%m-%d %H:%M")
    url = f"{get_settings().public_url.rstrip('/')}/admin/{DESIGN}"
    subject = " / ".join(
        t("contact.mail.subject", lang=lang, subject=values.get("subject", "")) for lang in ("zh-cn", "en")
    )
    parts = []
    for lang, key in (("zh-cn", "zh"), ("en", "en")):
        site = get_site_config(lang)["siteName"]
        lines = [t("contact.mail.intro", lang=lang, site=site, time=when), ""]
        for field in doc.fields:
            if field.name in FIELDS:
                title = getattr(field.title, key) or field.title.zh
                value = str(values.get(field.name) or "-")
                lines.append(f"{title}:\n{value}" if field.name in MULTILINE_FIELDS else f"{title}: {value}")
        lines += ["", t("contact.mail.handle", lang=lang, url=url)]
        parts.append("\n".join(lines))
    return subject, "\n\n----------\n\n".join(parts) + "\n"


def notify(doc: DesignDoc, item: Record) -> int:
    """E-mail the enquiry to `recipients()`; returns how many were sent. Never raises for a mail."""
    try:
        addresses = recipients()
        subject, text = message(doc, item)
    except Exception:  # noqa: BLE001 - the enquiry is stored; a notification problem must not lose it
        logger.exception("contact notification not prepared", extra={"id": int(item.id)})
        return 0
    sent = 0
    for address in addresses:
        try:
            senders.send_email(address, subject, text)
            sent += 1
        except senders.SendError:
            logger.warning("contact notification not sent", extra={"id": int(item.id)})
    if not addresses:
        logger.warning(
            "contact enquiry stored; no admin with an e-mail address may read enquiries and the site's "
            "contact e-mail is empty: nobody was told"
        )
    return sent


# --- the back office's badge ---------------------------------------------------------------------


def pending_count() -> int:
    """Enquiries still `new` (at most `BADGE_CAP`); 0 when the table or its status index is gone."""
    design = get_design(DESIGN)
    if design is None:
        return 0
    slot = next((s for s, name in load_doc(design).slots().items() if name == "status" and s != "n1"), None)
    if slot is None:
        return 0
    index = Record.by_f1 if slot == "f1" else Record.by_f2
    return int(index.count(filter_key(DESIGN, "status", STATUS_NEW), limit=BADGE_CAP))
