"""Security primitives: password hashing, access tokens, refresh tokens (DESIGN §3 "Auth").

- Passwords: Argon2id (argon2-cffi `PasswordHasher`, RFC 9106 low-memory profile). Hashes look like
  `$argon2id$v=19$m=65536,t=3,p=4$…`; `needs_rehash` tells a login to upgrade an old hash.
- Access tokens: short-lived HS256 JWTs signed with `settings.jwt_secret`, claims `sub` (account id
  as a string), `kind` ("admin" | "user"), `sid` (session id), `iat`, `exp`. Decoding checks the
  signature, the expiry, the required claims and, when asked, the kind, so a member token is never
  accepted as an admin token.
- Refresh tokens: random (256 bits, URL-safe); only their SHA-256 is stored.

Session storage and rotation live with the auth service, not here. PyJWT and argon2 are imported on
first use to keep the Lambda cold start small (`tests/unit/test_cold_imports.py`): measured after
`functions.handler` was imported, PyJWT costs ~40 ms (it loads `cryptography`) and argon2 ~3.5 ms
(median of 5 runs, 2-core machine under load, 2026-11), and a request that checks no token or password
needs neither.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal

from functions.core.secrets import accepted_values, current_value, first_accepted, refresh
from functions.core.settings import Settings, get_settings

if TYPE_CHECKING:
    from argon2 import PasswordHasher

TokenKind = Literal["admin", "user"]
TOKEN_KINDS: tuple[str, ...] = ("admin", "user")
JWT_ALGORITHM = "HS256"
JWT_KEY_VARIABLE = "CITYOPS_JWT_SECRET"


class TokenError(Exception):
    """An access token that cannot be used."""


class TokenExpired(TokenError):
    """The token was valid but its `exp` has passed: the client should refresh (body code 409)."""


class TokenInvalid(TokenError):
    """Malformed, tampered with, signed with another key, missing claims or of the wrong kind."""


@dataclass(frozen=True, slots=True)
class AccessClaims:
    sub: str
    kind: TokenKind
    sid: str
    iat: int
    exp: int


@cache
def _hasher() -> PasswordHasher:
    from argon2 import PasswordHasher, Type  # deferred: cold start (module docstring)

    return PasswordHasher(type=Type.ID)


def hash_password(password: str) -> str:
    """An Argon2id hash of `password` (with its own random salt)."""
    return _hasher().hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """True when `password` matches `password_hash`; False for a mismatch or an unreadable hash."""
    # deferred: cold start (module docstring)
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return _hasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """True when the hash was made with other parameters than today's (re-hash after a good login)."""
    from argon2.exceptions import InvalidHashError  # deferred: cold start (module docstring)

    try:
        return _hasher().check_needs_rehash(password_hash)
    except InvalidHashError:
        return True


def create_access_token(
    sub: str | int,
    kind: TokenKind,
    sid: str,
    *,
    settings: Settings | None = None,
    now: int | None = None,
    ttl_seconds: int | None = None,
) -> str:
    """A signed access token for account `sub` of `kind` in session `sid`."""
    import jwt  # deferred: cold start (module docstring)

    if kind not in TOKEN_KINDS:
        raise ValueError(f"unknown token kind: {kind!r}")
    settings = settings or get_settings()
    issued = int(time.time()) if now is None else now
    lifetime = settings.access_token_minutes * 60 if ttl_seconds is None else ttl_seconds
    claims = {"sub": str(sub), "kind": kind, "sid": sid, "iat": issued, "exp": issued + lifetime}
    key = current_value(JWT_KEY_VARIABLE, settings.jwt_secret)  # the new key once a rotation was seen
    return jwt.encode(claims, key, algorithm=JWT_ALGORITHM)


def decode_access_token(
    token: str,
    *,
    kind: TokenKind | None = None,
    settings: Settings | None = None,
    allow_expired: bool = False,
) -> AccessClaims:
    """The claims of a valid token; raises `TokenExpired` or `TokenInvalid`. `allow_expired` accepts
    a correctly signed token past its expiry (logout still ends its session)."""
    import jwt  # deferred: cold start (module docstring)

    settings = settings or get_settings()

    def decode(keys: tuple[str, ...]) -> dict:
        return first_accepted(
            lambda key: jwt.decode(
                token,
                key,
                algorithms=[JWT_ALGORITHM],
                options={"require": ["sub", "kind", "sid", "iat", "exp"], "verify_exp": not allow_expired},
            ),
            keys,
            jwt.InvalidSignatureError,
        )

    try:
        # During a rotation of the signing key the previous key is still accepted; a signature none of
        # the known keys verifies may come from a container that started after a rotation: the secret
        # is read again (at most once a minute) and the token checked with the fresh keys
        # (core/secrets.py).
        try:
            claims = decode(accepted_values(JWT_KEY_VARIABLE, settings.jwt_secret))
        except jwt.InvalidSignatureError:
            if not refresh(JWT_KEY_VARIABLE):
                raise
            claims = decode(accepted_values(JWT_KEY_VARIABLE, settings.jwt_secret))
    except jwt.ExpiredSignatureError as exc:
        raise TokenExpired("access token expired") from exc
    except jwt.InvalidTokenError as exc:
        raise TokenInvalid("access token invalid") from exc
    token_kind = claims.get("kind")
    if token_kind not in TOKEN_KINDS or (kind is not None and token_kind != kind):
        raise TokenInvalid("access token of another kind")
    sid = claims.get("sid")
    if not isinstance(sid, str) or not sid:
        raise TokenInvalid("access token without a session")
    return AccessClaims(
        sub=claims["sub"], kind=token_kind, sid=sid, iat=int(claims["iat"]), exp=int(claims["exp"])
    )


def new_refresh_token() -> str:
    """A fresh random refresh token (given to the client once; store only its hash)."""
    return secrets.token_urlsafe(32)


def hash_refresh_token(token: str) -> str:
    """The SHA-256 (hex) under which a refresh token is stored and looked up."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_session_id() -> str:
    return secrets.token_urlsafe(16)
