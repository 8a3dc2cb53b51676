"""Sessions of admins and members: open, authenticate, refresh with rotation, revoke.

Decisions:
- A login opens a `Session` row (see `functions.models.session`). The access token is a JWT whose
  `sid` names that row; `authenticate()` decodes it and reads the row by key (consistent read), so
  logout or a password change ends the session at once.
- With "remember me" the login also gets a refresh token: random, stored only as a hash, valid
  `settings.refresh_token_days` (sliding: each refresh extends the session), and the access token
  lives `settings.access_token_minutes`. Without it there is no refresh token and the access token
  covers the whole (shorter) session of `settings.short_session_minutes`.
- Refresh tokens start with their kind (`a.` admin, `u.` member) so that even an unknown or
  expired one tells which login page to send the client to.
- Every refresh rotates the token. Presenting a token that was already rotated (a replay: it may have
  been stolen) revokes the whole session — unless it comes within `settings.refresh_grace_seconds`
  (30 s) of that rotation: two tabs that refresh with the same token at once both get the same new
  pair. The new refresh token is derived from the old one (an HMAC with the signing key) and the
  access token from the rotation time, so the pair can be given again without storing it.
- Failures: an expired access token → body code 409 (`token_expired()`); anything else (missing,
  tampered, revoked, expired session, unknown refresh token) → body code 302 with `routeName`
  "adminLogin" or "userLogin" (`login_required()`). Never HTTP 403.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from pynamodb.exceptions import TransactWriteError, UpdateError

from functions.core.responses import login_required, token_expired
from functions.core.security import (
    TokenExpired,
    TokenInvalid,
    create_access_token,
    decode_access_token,
    hash_refresh_token,
    new_refresh_token,
    new_session_id,
)
from functions.core.settings import get_settings
from functions.models import stamp as stamps
from functions.models.base import BaseModel, now, transact_write
from functions.models.session import RefreshToken, Session, owner_key

Kind = Literal["admin", "user"]
AccountT = TypeVar("AccountT", bound=BaseModel)
LOGIN_ROUTES: dict[str, str] = {"admin": "adminLogin", "user": "userLogin"}
_PREFIX: dict[str, str] = {"admin": "a.", "user": "u."}
MAX_UA = 255


@dataclass(frozen=True, slots=True)
class Claims:
    """Who is calling: the account id (as in the token, a string), the session id and the kind."""

    sub: str
    sid: str
    kind: str


def login_route(kind: str) -> str:
    return LOGIN_ROUTES.get(kind, "userLogin")


def _kind_of_refresh(token: str) -> str:
    for kind, prefix in _PREFIX.items():
        if token.startswith(prefix):
            return kind
    return "user"


def _ts(value: int) -> datetime:
    return datetime.fromtimestamp(value, tz=UTC)


def _check_kind(kind: str) -> None:
    if kind not in LOGIN_ROUTES:
        raise ValueError(f"unknown session kind: {kind!r}")


def open_session(
    kind: Kind, subject_id: str | int, *, remember: bool, ip: str = "", user_agent: str = ""
) -> dict[str, str]:
    """Start a session; returns `{"token": access JWT, "refresh_token": token or ""}`."""
    _check_kind(kind)
    settings = get_settings()
    started = now()
    sid = new_session_id()
    if remember:
        lifetime = settings.refresh_token_days * 86400
        access_ttl = settings.access_token_minutes * 60
    else:
        lifetime = settings.short_session_minutes * 60
        access_ttl = lifetime
    session = Session(
        sid,
        kind=kind,
        subject_id=str(subject_id),
        owner=owner_key(kind, subject_id),
        remember=remember,
        ip=(ip or "")[:64],
        user_agent=(user_agent or "")[:MAX_UA],
        create_time=started,
        update_time=started,
        expires_at=_ts(started + lifetime),
    )
    refresh = ""
    if remember:
        refresh = _PREFIX[kind] + new_refresh_token()
        token_hash = hash_refresh_token(refresh)
        session.refresh_hash = token_hash
        item = RefreshToken(
            token_hash, sid=sid, kind=kind, create_time=started, expires_at=_ts(started + lifetime)
        )
        with transact_write() as tx:
            tx.save(session, condition=Session.sid.does_not_exist())
            tx.save(item, condition=RefreshToken.token_hash.does_not_exist())
    else:
        session.save(condition=Session.sid.does_not_exist())
    token = create_access_token(subject_id, kind, sid, settings=settings, now=started, ttl_seconds=access_ttl)
    return {"token": token, "refresh_token": refresh}


def get_session(sid: str) -> Session | None:
    try:
        return Session.get(sid, consistent_read=True)
    except Session.DoesNotExist:
        return None


def _decode(access_token: str | None, kind: Kind) -> Claims:
    route = login_route(kind)
    if not access_token:
        raise login_required(route)
    try:
        claims = decode_access_token(access_token, kind=kind)
    except TokenExpired as exc:
        raise token_expired() from exc
    except TokenInvalid as exc:
        raise login_required(route) from exc
    return Claims(sub=claims.sub, sid=claims.sid, kind=kind)


def _check_session(session: Session | None, claims: Claims) -> None:
    if (
        session is None
        or session.kind != claims.kind
        or session.subject_id != claims.sub
        or not session.active()
    ):
        raise login_required(login_route(claims.kind), "Login expired, please log in again")


def authenticate(access_token: str | None, kind: Kind) -> Claims:
    """The claims of a usable access token of `kind`; raises body code 409 or 302 otherwise."""
    claims = _decode(access_token, kind)
    _check_session(get_session(claims.sid), claims)
    return claims


class Authenticated(NamedTuple, Generic[AccountT]):
    """What `authenticate_account` read: the claims, the account row (None when it is gone) and the
    write stamps asked for (`functions.models.stamp`), by model `logical_name`."""

    claims: Claims
    account: AccountT | None
    stamps: dict[str, int | None]


def authenticate_account(
    access_token: str | None,
    kind: Kind,
    account_model: type[AccountT],
    *,
    stamped: Sequence[type[BaseModel]] = (),
) -> Authenticated[AccountT]:
    """`authenticate()` plus the account row (`account_model`, keyed by the numeric id in the token)
    and the current stamps of the `stamped` tables (what a cache of the caller's permissions is
    checked against), read together with the session in one consistent BatchGetItem: one round trip."""
    claims = _decode(access_token, kind)
    try:
        account_id = int(claims.sub)
    except ValueError:
        raise login_required(login_route(kind)) from None
    session, account, stamp_values = _get_session_and_account(claims.sid, account_model, account_id, stamped)
    _check_session(session, claims)
    return Authenticated(claims, account, stamp_values)


def _get_session_and_account(
    sid: str, account_model: type[AccountT], account_id: int, stamped: Sequence[type[BaseModel]]
) -> tuple[Session | None, AccountT | None, dict[str, int | None]]:
    key_attr = account_model._hash_key_attribute()
    account_key = {key_attr.attr_name: {key_attr.attr_type: key_attr.serialize(account_id)}}
    tables: dict[str, dict[str, Any]] = {
        Session.Meta.table_name: {"Keys": [{"sid": {"S": sid}}], "ConsistentRead": True},
        account_model.Meta.table_name: {"Keys": [account_key], "ConsistentRead": True},
    }
    if stamped:
        tables[stamps.table()] = {"Keys": [stamps.key(model) for model in stamped], "ConsistentRead": True}
    client = Session._get_connection().connection.client
    answer = client.batch_get_item(RequestItems=tables)
    found = answer.get("Responses", {})
    if answer.get("UnprocessedKeys"):  # throttled: read what is left one by one
        session = get_session(sid)
        try:
            account = account_model.get(account_id, consistent_read=True)
        except account_model.DoesNotExist:
            account = None
        return session, account, {model.logical_name: stamps.current(model) for model in stamped}
    sessions = found.get(Session.Meta.table_name, [])
    accounts = found.get(account_model.Meta.table_name, [])
    return (
        Session.from_raw_data(sessions[0]) if sessions else None,
        account_model.from_raw_data(accounts[0]) if accounts else None,
        stamps.values_in(stamped, found.get(stamps.table(), [])) if stamped else {},
    )


def _next_refresh_token(kind: str, token: str) -> str:
    """The token that replaces `token` on rotation: secret (keyed with the signing key) and the same
    every time, so a refresh within the grace window can hand out the same pair again."""
    mac = hmac.new(get_settings().jwt_secret.encode(), b"refresh-rotation:" + token.encode(), hashlib.sha256)
    return _PREFIX[kind] + base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode()


def _pair(item: RefreshToken, session: Session, token: str, rotated_at: int) -> dict[str, str]:
    settings = get_settings()
    access = create_access_token(session.subject_id, item.kind, item.sid, settings=settings, now=rotated_at)  # type: ignore[arg-type]
    return {
        "type": f"{item.kind}-refresh",
        "token": access,
        "refresh_token": _next_refresh_token(item.kind, token),
    }


def _within_grace(item: RefreshToken, current: int) -> bool:
    rotated_at = int(item.rotated_at or 0)
    return rotated_at > 0 and current - rotated_at < get_settings().refresh_grace_seconds


def _again_or_replay(item: RefreshToken, token: str, route: str, current: int) -> dict[str, str]:
    """A token that was already rotated: the same new pair within the grace window, else a replay
    (the session is revoked)."""
    again = "Login expired, please log in again"
    if _within_grace(item, current):
        session = get_session(item.sid)
        if session is None or not session.active(current):
            raise login_required(route, again)
        return _pair(item, session, token, int(item.rotated_at))
    revoke_session(item.sid, reason="refresh-replay")
    raise login_required(route, again)


def _rotated(token_hash: str) -> RefreshToken | None:
    """The token's row once a concurrent rotation has finished (None if it never shows as used)."""
    for _ in range(20):
        try:
            item = RefreshToken.get(token_hash, consistent_read=True)
        except RefreshToken.DoesNotExist:
            return None
        if item.used:
            return item
        time.sleep(0.05)
    return None


def refresh(refresh_token: str) -> dict[str, str]:
    """Rotate a refresh token: `{"type": "<kind>-refresh", "token", "refresh_token"}`.

    Unknown or expired tokens and revoked sessions → body code 302. A token that was already rotated
    gets the same new pair within the grace window; later it revokes its session, then → 302."""
    kind = _kind_of_refresh(refresh_token or "")
    route = login_route(kind)
    again = "Login expired, please log in again"
    if not refresh_token or len(refresh_token) > 200:
        raise login_required(route, again)
    old_hash = hash_refresh_token(refresh_token)
    try:
        item = RefreshToken.get(old_hash, consistent_read=True)
    except RefreshToken.DoesNotExist:
        raise login_required(route, again) from None
    route = login_route(item.kind)
    current = now()
    if item.used:
        return _again_or_replay(item, refresh_token, route, current)
    if int(item.expires_at.timestamp()) <= current:
        raise login_required(route, again)
    session = get_session(item.sid)
    if session is None or not session.active(current):
        raise login_required(route, again)
    if session.refresh_hash != old_hash:  # rotated since we read the token (another tab), or stale
        rotated = _rotated(old_hash)
        if rotated is None:
            raise login_required(route, again)
        return _again_or_replay(rotated, refresh_token, route, now())

    settings = get_settings()
    lifetime = settings.refresh_token_days * 86400
    expires = _ts(current + lifetime)
    new_token = _next_refresh_token(item.kind, refresh_token)
    new_hash = hash_refresh_token(new_token)
    next_item = RefreshToken(new_hash, sid=item.sid, kind=item.kind, create_time=current, expires_at=expires)
    try:
        with transact_write() as tx:
            tx.update(
                item,
                actions=[RefreshToken.used.set(True), RefreshToken.rotated_at.set(current)],
                condition=RefreshToken.used == False,  # noqa: E712 - a PynamoDB condition
            )
            tx.save(next_item, condition=RefreshToken.token_hash.does_not_exist())
            tx.update(
                session,
                actions=[
                    Session.refresh_hash.set(new_hash),
                    Session.update_time.set(current),
                    Session.expires_at.set(expires),
                ],
                condition=(Session.revoked == False) & (Session.refresh_hash == old_hash),  # noqa: E712
            )
    except TransactWriteError as exc:
        reasons = exc.cancellation_reasons or []
        if not reasons or not any(
            r is not None and r.code in ("ConditionalCheckFailed", "TransactionConflict") for r in reasons
        ):
            raise
        # Someone rotated this very token at the same moment (another tab): within the grace window
        # this request gets the same pair; otherwise (it never shows as rotated) log in again.
        rotated = _rotated(old_hash)
        if rotated is None:
            raise login_required(route, again) from exc
        return _again_or_replay(rotated, refresh_token, route, now())
    return _pair(item, session, refresh_token, current)


def revoke_session(sid: str, reason: str = "logout") -> bool:
    """Mark session `sid` revoked; False when it does not exist."""
    if not sid:
        return False
    try:
        Session(sid).update(
            actions=[
                Session.revoked.set(True),
                Session.revoke_reason.set(reason),
                Session.update_time.set(now()),
            ],
            condition=Session.sid.exists(),
        )
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def revoke_by_refresh(refresh_token: str, reason: str = "logout") -> bool:
    """Revoke the session a refresh token belongs to (rotated or not); False when unknown."""
    if not refresh_token or len(refresh_token) > 200:
        return False
    try:
        item = RefreshToken.get(hash_refresh_token(refresh_token), consistent_read=True)
    except RefreshToken.DoesNotExist:
        return False
    return revoke_session(item.sid, reason)


def revoke_all(
    kind: Kind, subject_id: str | int, except_sid: str | None = None, reason: str = "revoke-all"
) -> int:
    """Revoke every active session of an account (password change, account disabled); returns how many.

    Reads the `owner-index` GSI (eventually consistent: a session opened in the same instant may be
    missed; its own access token still dies with the next check of the account's state)."""
    _check_kind(kind)
    count = 0
    for row in Session.owner_index.query(owner_key(kind, subject_id)):
        if row.sid == except_sid:
            continue
        if revoke_session(row.sid, reason):
            count += 1
    return count


def session_id_of(access_token: str, kind: Kind) -> str | None:
    """The session id of a correctly signed access token of `kind`, expired or not (logout still
    ends it); None for anything else."""
    try:
        return decode_access_token(access_token, kind=kind, allow_expired=True).sid
    except TokenInvalid:
        return None
