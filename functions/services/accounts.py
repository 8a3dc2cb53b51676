"""Account rules shared by both audiences, admins and members: one implementation each.

- `require_captcha(captcha_id, answer, wrong=…)`: the image captcha of a form (login, registration,
  code sending). No id or an empty answer → "Please enter the captcha"; a wrong, used or expired
  one → `wrong` (the admin login says "Captcha error", the member forms "The captcha is wrong or
  has expired"). The captcha is used up either way (`functions.services.captcha`).
- `logout(kind, refresh_token, access_token)`: revokes the session of the refresh token and the
  session of the access token sent along, **even when that access token has expired** (a
  correctly signed token is enough to end its own session); never fails.
- Uniqueness of username / e-mail / mobile: `save_with_unique_changes` moves the `Unique` guards of
  changed values in the same transaction as the account; `delete_with_unique` drops them with it.
- `require_password(value)`: the password rule of `functions.core.validators.check_password`
  (the same rule as the `Password` field type), raising the translated message.
- `change_password(kind, account, old, new, keep_sid)`: an account's own password change, the same for
  admins (profile page) and members (account center): the old password must match, the new one keep
  the rule and differ from the old; the login lockout is cleared and every other session ends.
- `require_contact(email, mobile)`: formats of optional e-mail / mobile fields; `contact_value(kind,
  value)` of a required one.

Lockout is `functions.services.lockout`; the client address is `functions.core.client_ip`.
"""

from __future__ import annotations

from typing import Any

from pynamodb.exceptions import TransactWriteError

from functions.core.responses import ApiError
from functions.core.security import hash_password, verify_password
from functions.core.validators import check_email, check_mobile, check_password
from functions.models.admin import Admin
from functions.models.base import failed_condition, is_condition_failure, now, transact_write
from functions.models.listing import count_rows
from functions.models.unique import Unique, unique_key
from functions.models.user import User
from functions.services import captcha, sessions
from functions.services.sessions import Kind


def require_captcha(
    captcha_id: str | None, answer: str | None, *, wrong: str = "The captcha is wrong or has expired"
) -> None:
    """Refuse a form whose image captcha is missing or wrong."""
    if not captcha_id or not (answer or "").strip():
        raise ApiError("Please enter the captcha")
    if not captcha.check_captcha(captcha_id, answer):
        raise ApiError(wrong)


def logout(kind: Kind, refresh_token: str = "", access_token: str = "") -> None:
    """End the session of `refresh_token` and the one of `access_token` (expired or not)."""
    if refresh_token:
        sessions.revoke_by_refresh(refresh_token)
    if access_token:
        sid = sessions.session_id_of(access_token, kind)
        if sid:
            sessions.revoke_session(sid)


def require_password(value: str) -> None:
    """Refuse a password that breaks the rule (6–32 characters, none of & < > " ')."""
    problem = check_password(value)
    if problem:
        raise ApiError(problem)


def set_password(account: Admin | User, password: str) -> None:
    """Store `password` (Argon2id) and clear the login lockout, in one write."""
    model: Any = type(account)
    account.update(
        actions=[
            model.password_hash.set(hash_password(password)),
            model.login_failures.set(0),
            model.lock_until.set(0),
            model.update_time.set(now()),
        ]
    )


def change_password(kind: Kind, account: Admin | User, old: str, new: str, keep_sid: str) -> None:
    """`account` changes its own password from `old` to `new`; every session but `keep_sid` ends.
    Nothing is written when it is refused. The account object holds the new hash afterwards."""
    if not old:
        raise ApiError("Please enter your password")
    if not verify_password(account.password_hash, old):
        raise ApiError("The old password is incorrect")
    require_password(new)
    if old == new:
        raise ApiError("The new password must be different from the old one")
    set_password(account, new)
    sessions.revoke_all(kind, int(account.id), except_sid=keep_sid, reason="password-changed")


def require_contact(email: str, mobile: str) -> None:
    """Refuse a malformed e-mail address or mobile number (empty ones are allowed)."""
    for value, check in ((email, check_email), (mobile, check_mobile)):
        if value:
            problem = check(value)
            if problem:
                raise ApiError(problem)


def contact_value(kind: str, value: str) -> str:
    """`value` stripped, refused unless it is a well-formed e-mail address (`kind` "email") or
    mobile number ("mobile")."""
    value = value.strip()
    problem = check_email(value) if kind == "email" else check_mobile(value)
    if problem:
        raise ApiError(problem)
    return value


def save_with_unique_changes(item: Any, changes: list[tuple[str, str, str]], duplicate: str) -> None:
    """Save the account `item`. `changes` are `(scope, old, new)` of its unique values: the guards of
    the values that really change (ignoring letter case) move in the same transaction, and a taken
    new value answers `duplicate`."""
    moved = [
        (scope, old or "", new or "")
        for scope, old, new in changes
        if unique_key(scope, old or "") != unique_key(scope, new or "")
    ]
    if not moved:
        item.save()
        return
    try:
        with transact_write() as tx:
            for scope, old, new in moved:
                if new:
                    tx.save(
                        Unique(unique_key(scope, new), owner=str(item.id)),
                        condition=Unique.key.does_not_exist(),
                    )
                if old:
                    tx.delete(Unique(unique_key(scope, old)))
            tx.save(item)
    except TransactWriteError as exc:
        if is_condition_failure(exc):
            raise ApiError(duplicate) from exc
        raise


def delete_with_unique(item: Any, guards: list[tuple[str, str]]) -> bool:
    """Delete the account `item` with the guards `(scope, value)` of its unique values and its row
    count; False when it was already gone (deleted meanwhile by someone else)."""
    model = type(item)

    def build(tx: Any) -> None:
        tx.delete(item, condition=model.id.exists())
        for scope, value in guards:
            if value:
                tx.delete(Unique(unique_key(scope, value)))
        count_rows(tx, item, -1)

    return failed_condition(build) is None
