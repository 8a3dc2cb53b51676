"""Admin login with lockout (used by `POST /admin/index/login`).

- Wrong password: the admin's `login_failures` goes up by one (atomic counter). At
  `MAX_FAILURES` (5) consecutive failures the account is locked for `LOCK_MINUTES` (15): every login
  answers "Too many failed logins, please try again in N minutes" (N rounded up) until the time
  has passed, even with the right password. A successful login resets the counter.
- An unknown username answers exactly like a wrong password (and costs the same Argon2 time).
- A disabled account answers "Account disabled" (only after the right password, so the state of an
  account is not revealed to someone who does not know its password).
- The captcha is required when the Config switch `security.admin_login_captcha` is on.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from functions.core.responses import ApiError
from functions.core.security import hash_password, needs_rehash, verify_password
from functions.models.admin import Admin
from functions.models.base import now
from functions.models.config import Config

MAX_FAILURES = 5
LOCK_MINUTES = 15
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
    minutes = max(1, math.ceil((lock_until - now()) / 60))
    return ApiError(
        "Too many failed logins, please try again in {minutes} minutes", params={"minutes": minutes}
    )


def authenticate_admin(username: str, password: str, ip: str) -> Admin:
    """The admin whose credentials these are (login bookkeeping done), or an ApiError."""
    admin = Admin.get_by_username(username)
    if admin is None:
        verify_password(_dummy_hash(), password)
        raise ApiError("Incorrect username or password!")
    current = now()
    if int(admin.lock_until or 0) > current:
        raise locked_error(int(admin.lock_until))
    if not verify_password(admin.password_hash, password):
        admin.update(actions=[Admin.login_failures.add(1)])
        if int(admin.login_failures or 0) >= MAX_FAILURES:
            lock_until = current + LOCK_MINUTES * 60
            admin.update(actions=[Admin.login_failures.set(0), Admin.lock_until.set(lock_until)])
            raise locked_error(lock_until)
        raise ApiError("Incorrect username or password!")
    if not admin.enabled:
        raise ApiError("Account disabled")
    actions: list[Any] = [
        Admin.login_failures.set(0),
        Admin.lock_until.set(0),
        Admin.last_login_time.set(current),
        Admin.last_login_ip.set(ip[:64]),
    ]
    if needs_rehash(admin.password_hash):
        actions.append(Admin.password_hash.set(hash_password(password)))
    admin.update(actions=actions)
    return admin
