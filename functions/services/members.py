"""Member identity: login (with lockout), registration, password change and retrieval, changing a
bound e-mail/mobile, profile edits, the account overview.

Decisions:
- Login accepts a username, an e-mail address or a mobile number (told apart by shape: an "@" means
  e-mail, 11 digits starting with 1 a mobile number; usernames must start with a letter). Unknown
  accounts and wrong passwords get the same message.
- Lockout (`functions.services.lockout`, shared with admins): `MAX_FAILURES` (5) consecutive wrong
  passwords lock the account for `LOCK_MINUTES` (15); the message says how long. While locked even
  the right password is refused. Each attempt is reserved atomically before the password is
  checked, so a parallel burst gets at most 5 checks. A successful login resets the count.
- Registration runs every check (format, uniqueness, captcha, code) before writing; the code is used
  up only once the member exists. The new member is logged in at once.
- Changing or resetting the password revokes sessions: a change keeps only the current session, a
  reset (forgotten password) revokes all of them. Both clear the lockout.
"""

from __future__ import annotations

import contextlib
import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

from pynamodb.exceptions import TransactWriteError, UpdateError

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.clock import COMPANY_TZ
from functions.core.i18n import get_lang
from functions.core.responses import ApiError
from functions.core.security import hash_password, needs_rehash, verify_password
from functions.core.validators import MOBILE_RE
from functions.models.base import DuplicateError, is_condition_failure, now, transact_write
from functions.models.group import UserGroup
from functions.models.unique import Unique, unique_key
from functions.models.user import SCOPES, User, cents_to_yuan
from functions.services import accounts, area, codes, lockout, sessions, stats, wallet
from functions.services.lockout import LOCK_MINUTES
from functions.services.member_info import member_info

DUPLICATE_MESSAGES = {
    "username": "Username already exists",
    "email": "Email already exists",
    "mobile": "Mobile number already exists",
}
# Day buckets of the overview chart follow China Standard Time (the company's time zone).
CHART_DAYS = 7
RECENT_ROWS = 5
_DUMMY_HASH: list[str] = []


def classify(account: str) -> str:
    """Which unique field an account string names: "email", "mobile" or "username"."""
    if "@" in account:
        return "email"
    if MOBILE_RE.fullmatch(account):
        return "mobile"
    return "username"


def _burn_time(password: str) -> None:
    """Hash work for unknown accounts too, so response times do not reveal which accounts exist."""
    if not _DUMMY_HASH:
        _DUMMY_HASH.append(hash_password("not-a-real-password"))
    verify_password(_DUMMY_HASH[0], password)


def member_payload(user: User, tokens: dict[str, str]) -> dict[str, Any]:
    """The login/registration answer: `{userInfo: {…member info, token, refresh_token}, routePath}`."""
    return {
        "userInfo": {**member_info(user), "token": tokens["token"], "refresh_token": tokens["refresh_token"]},
        "routePath": "/user",
    }


def _check_password(user: User, password: str) -> None:
    """Reserve an attempt (`functions.services.lockout`), then check the password; raises the
    member messages for a wrong password and a locked account."""
    try:
        attempt = lockout.reserve(user)
    except lockout.Locked as locked:
        raise ApiError(
            "The account is locked, please try again in {minutes} minutes", params={"minutes": locked.minutes}
        ) from None
    if verify_password(user.password_hash, password):
        return
    try:
        lockout.failed(user, attempt)
    except lockout.Locked:
        raise ApiError(
            "Too many failed logins: the account is locked for {minutes} minutes",
            params={"minutes": LOCK_MINUTES},
        ) from None
    raise ApiError(
        "Incorrect account or password, {remaining} attempts left before the account is locked",
        params={"remaining": lockout.remaining(attempt)},
    )


def _start(user: User, keep: bool, ip: str, user_agent: str, current: int) -> dict[str, Any]:
    lockout.succeeded(
        user, User.last_login_time.set(current), User.last_login_ip.set(ip[:64]), User.lang.set(get_lang())
    )
    tokens = sessions.open_session("user", int(user.id), remember=keep, ip=ip, user_agent=user_agent)
    stats.bump(stats.MEMBER_LOGIN)
    return member_payload(user, tokens)


def login(account: str, password: str, *, keep: bool, ip: str, user_agent: str) -> dict[str, Any]:
    account = account.strip()
    user = User.get_by(classify(account), account)
    if user is None:
        _burn_time(password)
        raise ApiError("Incorrect account or password")
    _check_password(user, password)
    if not user.enabled:
        lockout.succeeded(user)
        raise ApiError("The account has been disabled")
    if needs_rehash(user.password_hash):
        user.update(actions=[User.password_hash.set(hash_password(password))])
    return _start(user, keep, ip, user_agent, now())


def register(
    *,
    username: str,
    password: str,
    verify_type: str,
    email: str = "",
    mobile: str = "",
    code: str = "",
    keep: bool = False,
    ip: str = "",
    user_agent: str = "",
) -> dict[str, Any]:
    """Create a member and log it in. The route has validated formats and the captcha."""
    if User.value_taken("username", username):
        raise ApiError(DUPLICATE_MESSAGES["username"])
    target = ""
    if verify_type in ("email", "mobile"):
        target = email if verify_type == "email" else mobile
        if User.value_taken(verify_type, target):
            raise ApiError(DUPLICATE_MESSAGES[verify_type])
        codes.verify("user_register", target, code, consume=False)
    try:
        user = User.create(
            username,
            password,
            email=email.strip().lower() if verify_type == "email" else "",
            mobile=mobile if verify_type == "mobile" else "",
            join_ip=ip,
            lang=get_lang(),
        )
    except DuplicateError as exc:
        raise ApiError(DUPLICATE_MESSAGES.get(str(exc), "Username already exists")) from exc
    if target:
        with contextlib.suppress(ApiError):  # used concurrently: the member exists either way
            codes.consume_code("user_register", target)
    return _start(user, keep, ip, user_agent, now())


def retrieve_password(kind: str, target: str, code: str, password: str) -> None:
    """Reset the password of the member owning `target` (e-mail or mobile) with a code. The code is
    checked first, so an unregistered address answers like a wrong code (it never got a real one)."""
    codes.verify("user_retrieve_pwd", target, code)
    user = User.get_by(kind, target)
    if user is None:
        raise ApiError("Verification code error")
    accounts.set_password(user, password)
    sessions.revoke_all("user", int(user.id), reason="password-reset")


def verify_account(user: User, kind: str, code: str, password: str) -> str:
    """First step of changing a bound e-mail/mobile: prove the account. With a value bound, the code
    sent to it (event user_<kind>_verify); with none bound, the password. Returns the token that
    `change_bind` needs (valid 10 minutes)."""
    current_value = getattr(user, kind) or ""
    if current_value:
        codes.verify(f"user_{kind}_verify", current_value, code)
    elif not password or not verify_password(user.password_hash, password):
        raise ApiError("The old password is incorrect" if password else "Please enter your password")
    return codes.issue_pass(kind, int(user.id))


def change_bind(user: User, kind: str, value: str, code: str, pass_token: str) -> User:
    """Second step: bind `value` (new, unused) after checking its code (event user_change_<kind>)."""
    codes.check_pass(kind, int(user.id), pass_token)
    old = getattr(user, kind) or ""
    if kind == "email":
        value = value.strip().lower()
    if old and old.lower() == value.lower():
        raise ApiError("The new value is the same as the current one")
    if User.value_taken(kind, value):
        raise ApiError(DUPLICATE_MESSAGES[kind])
    codes.verify(f"user_change_{kind}", value, code)
    attr = User.email if kind == "email" else User.mobile
    try:
        with transact_write() as tx:
            if old:
                tx.delete(Unique(unique_key(SCOPES[kind], old)), condition=Unique.owner == str(user.id))
            tx.save(
                Unique(unique_key(SCOPES[kind], value), owner=str(user.id)),
                condition=Unique.key.does_not_exist(),
            )
            tx.update(user, actions=[attr.set(value), User.update_time.set(now())], condition=attr == old)
    except TransactWriteError as exc:
        if is_condition_failure(exc):
            raise ApiError(DUPLICATE_MESSAGES[kind]) from exc
        raise
    codes.drop_pass(kind, int(user.id))
    setattr(user, kind, value)
    return user


_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def check_birthday(value: str) -> str:
    value = (value or "").strip()
    if not value:
        return ""
    if not _DATE_RE.fullmatch(value):
        raise ApiError("Please enter a valid date")
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise ApiError("Please enter a valid date") from None
    if day.year < 1900 or day > datetime.now(UTC).date():
        raise ApiError("Please enter a valid date")
    return value


def update_profile(user: User, values: dict[str, Any]) -> User:
    nickname = str(values.get("nickname", user.nickname)).strip()
    if not nickname:
        raise ApiError("The nickname cannot be empty")
    gender = values.get("gender", user.gender)
    if gender not in (0, 1, 2):
        raise ApiError("Please select a valid gender")
    birthday = check_birthday(str(values.get("birthday", user.birthday) or ""))
    region = values.get("region")
    region = list(user.region or []) if region is None else [str(code).strip() for code in region]
    if area.region_names(region) is None:
        raise ApiError("Please select a valid region")
    changes = {
        "nickname": nickname,
        "avatar": str(values.get("avatar", user.avatar) or "").strip(),
        "gender": int(gender),
        "birthday": birthday,
        "motto": str(values.get("motto", user.motto) or "").strip(),
        "region": region,
    }
    try:
        user.update(
            actions=[getattr(User, name).set(value) for name, value in changes.items()]
            + [User.update_time.set(now())],
            condition=User.id.exists(),
        )
    except UpdateError as exc:
        raise ApiError("The member does not exist") from exc
    return user


def _day(ts: int) -> str:
    return datetime.fromtimestamp(ts, tz=COMPANY_TZ).strftime("%Y-%m-%d")


def overview(user: User) -> dict[str, Any]:
    """Balance, points, the latest changes and the per-day changes of the last 7 days."""
    current = now()
    today = datetime.fromtimestamp(current, tz=COMPANY_TZ).replace(hour=0, minute=0, second=0, microsecond=0)
    days = [(today - timedelta(days=CHART_DAYS - 1 - i)).strftime("%Y-%m-%d") for i in range(CHART_DAYS)]
    since = int((today - timedelta(days=CHART_DAYS - 1)).timestamp())
    money_rows = wallet.recent_log("money", user, since)
    score_rows = wallet.recent_log("score", user, since)
    money_by_day = dict.fromkeys(days, 0)
    score_by_day = dict.fromkeys(days, 0)
    for row in money_rows:
        key = _day(row["create_time"])
        if key in money_by_day:
            money_by_day[key] += row["change"]
    for row in score_rows:
        key = _day(row["create_time"])
        if key in score_by_day:
            score_by_day[key] += row["change"]
    recent_money = wallet.list_log("money", user, 1, RECENT_ROWS)["list"]
    recent_score = wallet.list_log("score", user, 1, RECENT_ROWS)["list"]
    return {
        "money": cents_to_yuan(int(user.money or 0)),
        "score": int(user.score or 0),
        "recent": {
            "money": [money_row(r) for r in recent_money],
            "score": recent_score,
        },
        "chart": {
            "days": days,
            "money": [cents_to_yuan(money_by_day[d]) for d in days],
            "score": [score_by_day[d] for d in days],
        },
    }


def money_row(row: dict[str, Any]) -> dict[str, Any]:
    """A money log row for the API: amounts in yuan strings."""
    return {
        **row,
        "change": cents_to_yuan(row["change"]),
        "before": cents_to_yuan(row["before"]),
        "after": cents_to_yuan(row["after"]),
    }


# --- the back office's member table (`/admin/user/user/…`) ------------------------------------------
DUPLICATE_ANY = "The same data already exists in the system!"


def check_group(group_id: int) -> None:
    try:
        UserGroup.get(group_id)
    except UserGroup.DoesNotExist:
        raise ApiError("The group does not exist") from None


def create_member(values: dict[str, Any]) -> User:
    """A member created by an admin. `values`: username, password, nickname, group_id, email,
    mobile, avatar, gender, birthday, motto, status."""
    accounts.require_contact(values["email"], values["mobile"])
    check_group(values["group_id"])
    try:
        user = User.create(
            values["username"],
            values["password"],
            email=values["email"],
            mobile=values["mobile"],
            nickname=values["nickname"].strip(),
            group_id=values["group_id"],
            status=values["status"],
            avatar=values["avatar"],
            gender=values["gender"],
            birthday=values["birthday"],
            motto=values["motto"],
        )
    except DuplicateError as exc:
        raise ApiError(DUPLICATE_ANY) from exc
    return user


def update_member(user: User, values: dict[str, Any]) -> User:
    """Save a member from the back office (an empty password keeps the old one). Changed
    username/e-mail/mobile move their guards in one transaction; disabling or a new password ends
    the member's sessions."""
    accounts.require_contact(values["email"], values["mobile"])
    password = values.get("password") or ""
    if password:
        accounts.require_password(password)
    if values["group_id"] != int(user.group_id or 0):
        check_group(values["group_id"])
    changes = [(SCOPES[f], getattr(user, f) or "", values[f] or "") for f in ("username", "email", "mobile")]
    disabled_now = user.enabled and values["status"] != "enable"
    for field in (
        "username",
        "email",
        "mobile",
        "group_id",
        "avatar",
        "gender",
        "birthday",
        "motto",
        "status",
    ):
        setattr(user, field, values[field])
    user.nickname = values["nickname"].strip()
    if password:
        user.set_password(password)
    user.update_time = now()
    accounts.save_with_unique_changes(user, changes, DUPLICATE_ANY)
    if disabled_now or password:
        sessions.revoke_all("user", int(user.id), reason="disabled" if disabled_now else "password-changed")
    return user


def delete_members(items: list[User]) -> int:
    deleted = 0
    for user in items:
        if accounts.delete_with_unique(
            user, [(SCOPES[f], getattr(user, f)) for f in ("username", "email", "mobile")]
        ):
            deleted += 1
        sessions.revoke_all("user", int(user.id), reason="deleted")
    return deleted
