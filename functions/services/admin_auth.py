"""Admin login with lockout (used by `POST /admin/index/login`).

- Lockout (`functions.services.lockout`, shared with members): each attempt is reserved atomically
  before the password is checked; at `MAX_FAILURES` (5) consecutive failures the account is locked
  for `LOCK_MINUTES` (15): every login answers "Too many failed logins, please try again in N
  minutes" (N rounded up) until the time has passed, even with the right password, and a parallel
  burst gets no more than 5 password checks. A right password resets the counter.
- An unknown username answers exactly like a wrong password (and costs the same Argon2 time).
- A disabled account answers "Account disabled" (only after the right password, so the state of an
  account is not revealed to someone who does not know its password).
- The captcha is required when the Config switch `security.admin_login_captcha` is on.
- A successful login adds one to today's `admin_login` counter (`functions.services.stats`: the
  dashboard's login trend).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from functions.core.responses import ApiError
from functions.core.security import hash_password, needs_rehash, verify_password
from functions.models.admin import Admin
from functions.models.base import now
from functions.models.config import Config
from functions.services import lockout, stats
from functions.services.lockout import MAX_FAILURES  # noqa: F401 - re-exported for callers and tests

SECURITY_GROUP = "security"
CAPTCHA_SWITCH = "admin_login_captcha"


@cache
def _dummy_hash() -> str:
    return hash_password("not-a-real-password-0000")


def captcha_required() -> bool:
    try:
        item = Config.get(SECURITY_GROUP, CAPTCHA_SWITCH)
    except Config.DoesNotExist:
        return False
    return item.value in (True, 1, "1", "true")


def locked_error(lock_until: int) -> ApiError:
    return ApiError(
        "Too many failed logins, please try again in {minutes} minutes",
        params={"minutes": lockout.Locked(lock_until).minutes},
    )


def authenticate_admin(username: str, password: str, ip: str) -> Admin:
    """The admin whose credentials these are (login bookkeeping done), or an ApiError."""
    admin = Admin.get_by_username(username)
    if admin is None:
        verify_password(_dummy_hash(), password)
        raise ApiError("Incorrect username or password!")
    try:
        attempt = lockout.reserve(admin)
        if not verify_password(admin.password_hash, password):
            lockout.failed(admin, attempt)
            raise ApiError("Incorrect username or password!")
    except lockout.Locked as locked:
        raise locked_error(locked.lock_until) from None
    if not admin.enabled:
        lockout.succeeded(admin)
        raise ApiError("Account disabled")
    actions: list[Any] = [Admin.last_login_time.set(now()), Admin.last_login_ip.set(ip[:64])]
    if needs_rehash(admin.password_hash):
        actions.append(Admin.password_hash.set(hash_password(password)))
    lockout.succeeded(admin, *actions)
    stats.bump(stats.ADMIN_LOGIN)
    return admin
