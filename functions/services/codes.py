"""Verification codes sent by e-mail or SMS.

Events (the `event` of `POST /api/Ems/send`, the `template_code` of `POST /api/Sms/sendSms`):

| event | who | the target must |
|---|---|---|
| user_register | anyone | not belong to a member yet |
| user_retrieve_pwd | anyone | (anything: see below) |
| user_email_verify / user_mobile_verify | logged-in member | be the member's own bound value |
| user_change_email / user_change_mobile | logged-in member | not belong to any member |

The password reset never reveals whether an address is registered: for an address no member owns,
`request_code` answers exactly as for a registered one — same message, same per-target limits
(`reserve_send`), a code stored — but sends nothing; the reset then fails like a wrong code.

Rules: 6-digit codes, valid `CODE_TTL` (10 minutes); only an HMAC of the code is stored; a new send
replaces the previous code of that event and target; `MAX_ATTEMPTS` wrong guesses use the code up;
a right guess uses it up too (single-use). Sending: at most one message per target per
`RESEND_SECONDS` (60 s) and `DAILY_CAP` per target per day (UTC). The message is written in the
language of the request (the member's UI language).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
from datetime import UTC, datetime
from typing import Literal

from pydantic import Field
from pynamodb.exceptions import DeleteError, UpdateError

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.i18n import t
from functions.core.responses import ApiError, login_required
from functions.core.settings import get_settings
from functions.core.validators import Schema, check_email, check_mobile
from functions.models.base import now
from functions.models.code import VerifyCode
from functions.models.user import User
from functions.services import senders
from functions.services.accounts import require_captcha
from functions.services.site_config import get_site_config

Channel = Literal["email", "mobile"]
CODE_TTL = 600
RESEND_SECONDS = 60
DAILY_CAP = 10
MAX_ATTEMPTS = 5

# event → (channel, rule): rule is "unused", "exists", "own" (the member's bound value).
EVENTS: dict[str, tuple[str, str]] = {
    "user_register": ("any", "unused"),
    "user_retrieve_pwd": ("any", "exists"),
    "user_email_verify": ("email", "own"),
    "user_mobile_verify": ("mobile", "own"),
    "user_change_email": ("email", "unused"),
    "user_change_mobile": ("mobile", "unused"),
}
LOGIN_EVENTS = frozenset(e for e, (_, rule) in EVENTS.items() if rule == "own") | {
    "user_change_email",
    "user_change_mobile",
}


def normalize_target(target: str) -> str:
    return (target or "").strip().lower()


def _hash(key: str, code: str) -> str:
    secret = get_settings().jwt_secret.encode()
    return hmac.new(secret, f"{key}:{code}".encode(), hashlib.sha256).hexdigest()


def _ts(value: int) -> datetime:
    return datetime.fromtimestamp(value, tz=UTC)


def code_key(event: str, target: str) -> str:
    return f"code#{event}#{normalize_target(target)}"


def event_allowed(event: str, channel: Channel) -> bool:
    spec = EVENTS.get(event)
    return spec is not None and spec[0] in ("any", channel)


def reserve_send(target: str) -> None:
    """Count one send to `target`; raises when the 60 s gap or the daily cap forbids it."""
    current = now()
    day = datetime.fromtimestamp(current, tz=UTC).strftime("%Y%m%d")
    item = VerifyCode(f"send#{normalize_target(target)}#{day}")
    try:
        item.update(
            actions=[
                VerifyCode.count.add(1),
                VerifyCode.last_sent.set(current),
                VerifyCode.expires_at.set(_ts(current + 2 * 86400)),
            ],
            condition=VerifyCode.key.does_not_exist()
            | ((VerifyCode.last_sent <= current - RESEND_SECONDS) & (VerifyCode.count < DAILY_CAP)),
        )
    except UpdateError as exc:
        if exc.cause_response_code != "ConditionalCheckFailedException":
            raise
        try:
            seen = VerifyCode.get(item.key, consistent_read=True)
        except VerifyCode.DoesNotExist:
            seen = None
        if seen is not None and int(seen.count) >= DAILY_CAP:
            raise ApiError("The daily sending limit has been reached, please try again tomorrow") from exc
        wait = RESEND_SECONDS - (current - int(seen.last_sent if seen else current))
        raise ApiError(
            "Please wait {seconds} seconds before sending again",
            params={"seconds": max(1, min(RESEND_SECONDS, wait))},
        ) from exc


def issue(event: str, target: str) -> str:
    """Store a new code for `event` and `target` (replacing an older one) and return it."""
    code = f"{secrets.randbelow(1_000_000):06d}"
    key = code_key(event, target)
    current = now()
    VerifyCode(
        key, code_hash=_hash(key, code), attempts=0, create_time=current, expires_at=_ts(current + CODE_TTL)
    ).save()
    return code


def _message(event: str, code: str, channel: Channel) -> tuple[str, str]:
    site = get_site_config()["siteName"]
    params = {"action": t(f"event.{event}"), "code": code, "minutes": CODE_TTL // 60, "site": site}
    if channel == "email":
        return f"{t('Your verification code')} - {site}", t("mail.code.body", **params)
    return "", t("sms.code.body", **params)


def send(event: str, channel: Channel, target: str) -> None:
    """Reserve the send, issue a code and deliver it. The caller has checked the event's rule."""
    target = target.strip()
    reserve_send(target)
    code = issue(event, target)
    subject, text = _message(event, code, channel)
    try:
        if channel == "email":
            senders.send_email(target, subject, text)
        else:
            senders.send_sms(target, text)
    except senders.SendError as exc:
        discard(event, target)
        raise ApiError("Sending failed, please try again later") from exc


def discard(event: str, target: str) -> None:
    with contextlib.suppress(DeleteError):
        VerifyCode(code_key(event, target)).delete()


def verify(event: str, target: str, code: str | None, *, consume: bool = True) -> None:
    """Check `code` for `event` and `target`; raises an `ApiError` saying why it is refused.

    Right codes are used up when `consume` (else call `consume_code` once the action succeeded)."""
    code = (code or "").strip()
    if not code:
        raise ApiError("Please enter the verification code")
    key = code_key(event, target)
    try:
        item = VerifyCode.get(key, consistent_read=True)
    except VerifyCode.DoesNotExist:
        raise ApiError("Please get a verification code first") from None
    if int(item.expires_at.timestamp()) <= now() or not item.code_hash:
        raise ApiError("Please get a verification code first")
    if int(item.attempts) >= MAX_ATTEMPTS:
        raise ApiError("Too many wrong attempts, please get a new verification code")
    if not hmac.compare_digest(item.code_hash, _hash(key, code)):
        try:
            item.update(
                actions=[VerifyCode.attempts.add(1)],
                condition=VerifyCode.code_hash == item.code_hash,
            )
        except UpdateError:
            raise ApiError("Please get a verification code first") from None
        if int(item.attempts) >= MAX_ATTEMPTS:
            raise ApiError("Too many wrong attempts, please get a new verification code")
        raise ApiError("Verification code error")
    if consume:
        consume_code(event, target, item.code_hash)


def consume_code(event: str, target: str, code_hash: str | None = None) -> None:
    """Use a code up; if `code_hash` is given, only that very code (concurrent use → refused)."""
    key = code_key(event, target)
    try:
        condition = VerifyCode.code_hash == code_hash if code_hash else VerifyCode.key.exists()
        VerifyCode(key).delete(condition=condition)
    except DeleteError:
        raise ApiError("Please get a verification code first") from None


# --- The "account verified" token of the two-step change of a bound e-mail/mobile -----------------

PASS_TTL = 600


def issue_pass(kind: str, user_id: int) -> str:
    token = secrets.token_urlsafe(24)
    key = f"pass#{kind}#{user_id}"
    current = now()
    VerifyCode(
        key, code_hash=_hash(key, token), create_time=current, expires_at=_ts(current + PASS_TTL)
    ).save()
    return token


def check_pass(kind: str, user_id: int, token: str | None) -> None:
    """Refuse unless `token` is the member's current, unexpired verification token for `kind`
    (use it up with `drop_pass` once the change is made)."""
    key = f"pass#{kind}#{user_id}"
    if not token:
        raise ApiError("Please verify your account first")
    try:
        item = VerifyCode.get(key, consistent_read=True)
    except VerifyCode.DoesNotExist:
        raise ApiError("Please verify your account first") from None
    if int(item.expires_at.timestamp()) <= now() or not hmac.compare_digest(
        item.code_hash, _hash(key, token)
    ):
        raise ApiError("Please verify your account first")


def drop_pass(kind: str, user_id: int) -> None:
    with contextlib.suppress(DeleteError):
        VerifyCode(f"pass#{kind}#{user_id}").delete()


class Extras(Schema):
    captchaId: str = Field(default="", max_length=64)
    captchaInfo: str = Field(default="", max_length=16)


class CaptchaAnswer(Schema):
    """The image captcha of a code request (`POST /api/Sms/sendSms`, `POST /api/Ems/send`): in
    `extras`, or the same names at the top level."""

    extras: Extras = Field(default_factory=Extras)
    captchaId: str = Field(default="", max_length=64)
    captchaInfo: str = Field(default="", max_length=16)

    def captcha(self) -> tuple[str, str]:
        return self.extras.captchaId or self.captchaId, self.extras.captchaInfo or self.captchaInfo


def request_code(
    channel: Channel,
    target: str,
    event: str,
    captcha_id: str,
    captcha_answer: str,
    user: object | None,
) -> None:
    """The whole "send me a code" call: event, target format, captcha, the event's rule, limits, send.

    `user` is the logged-in member (a `User`) or None."""
    if not event_allowed(event, channel):
        raise ApiError("Unknown event")
    target = (target or "").strip()
    problem = check_email(target) if channel == "email" else check_mobile(target)
    if problem:
        raise ApiError(problem)
    require_captcha(captcha_id, captcha_answer)
    if event in LOGIN_EVENTS and user is None:
        raise login_required("userLogin")
    rule = EVENTS[event][1]
    if rule == "unused" and User.value_taken(channel, target):
        raise ApiError("Email already exists" if channel == "email" else "Mobile number already exists")
    if rule == "exists" and not User.value_taken(channel, target):
        # Answer as if it were sent (see the module doc): nobody learns the address is unknown.
        reserve_send(target.strip())
        issue(event, target.strip())
        return
    if rule == "own":
        bound = (getattr(user, channel, "") or "").lower()
        if bound != target.lower():
            raise ApiError(
                "This is not your bound email address"
                if channel == "email"
                else "This is not your bound mobile number"
            )
    send(event, channel, target)
