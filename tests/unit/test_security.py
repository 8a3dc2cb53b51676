"""Password hashing, access tokens and refresh tokens."""

from __future__ import annotations

import base64
import json
import time

import pytest
from argon2 import PasswordHasher, Type

from functions.core.security import (
    TokenExpired,
    TokenInvalid,
    create_access_token,
    decode_access_token,
    hash_password,
    hash_refresh_token,
    needs_rehash,
    new_refresh_token,
    verify_password,
)
from functions.core.settings import Settings

SETTINGS = Settings(env="test", jwt_secret="unit-test-secret-" + "x" * 32, access_token_minutes=15)


def test_password_hash_is_argon2id_salted_and_verifies() -> None:
    first = hash_password("correct horse 1")
    second = hash_password("correct horse 1")
    assert first.startswith("$argon2id$")
    assert first != second  # random salt
    assert verify_password(first, "correct horse 1")
    assert verify_password(second, "correct horse 1")
    assert not verify_password(first, "correct horse 2")
    assert not verify_password(first, "")
    assert not needs_rehash(first)


def test_unreadable_or_weaker_hashes() -> None:
    assert not verify_password("not-a-hash", "whatever")
    assert not verify_password("5f4dcc3b5aa765d61d8327deb882cf99", "password")  # salted-MD5 era
    assert needs_rehash("not-a-hash")
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.ID).hash("pw123456")
    assert verify_password(weak, "pw123456")
    assert needs_rehash(weak)


def _claims(token: str) -> dict:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def test_access_token_round_trip() -> None:
    now = int(time.time())
    token = create_access_token(42, "admin", "session-1", settings=SETTINGS, now=now)
    claims = decode_access_token(token, kind="admin", settings=SETTINGS)
    assert claims.sub == "42"
    assert claims.kind == "admin"
    assert claims.sid == "session-1"
    assert claims.iat == now
    assert claims.exp == now + 15 * 60
    assert _claims(token)["exp"] - _claims(token)["iat"] == 900


def test_expired_token_is_rejected_as_expired() -> None:
    token = create_access_token(1, "user", "s", settings=SETTINGS, now=int(time.time()) - 3600)
    with pytest.raises(TokenExpired):
        decode_access_token(token, settings=SETTINGS)


def test_tampered_token_is_rejected() -> None:
    token = create_access_token(1, "user", "s", settings=SETTINGS)
    header, payload, signature = token.split(".")
    claims = _claims(token)
    claims["sub"] = "2"
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    with pytest.raises(TokenInvalid):
        decode_access_token(f"{header}.{forged}.{signature}", settings=SETTINGS)
    with pytest.raises(TokenInvalid):
        decode_access_token(token[:-2] + ("AA" if not token.endswith("AA") else "BB"), settings=SETTINGS)
    with pytest.raises(TokenInvalid):
        decode_access_token("garbage", settings=SETTINGS)


def test_token_signed_with_another_secret_is_rejected() -> None:
    other = SETTINGS.model_copy(update={"jwt_secret": "another-secret-" + "y" * 32})
    token = create_access_token(1, "admin", "s", settings=other)
    with pytest.raises(TokenInvalid):
        decode_access_token(token, settings=SETTINGS)


def test_none_algorithm_is_rejected() -> None:
    header = base64.urlsafe_b64encode(b'{"alg":"none","typ":"JWT"}').rstrip(b"=").decode()
    now = int(time.time())
    body = {"sub": "1", "kind": "admin", "sid": "s", "iat": now, "exp": now + 60}
    payload = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    with pytest.raises(TokenInvalid):
        decode_access_token(f"{header}.{payload}.", settings=SETTINGS)


def test_member_token_is_not_an_admin_token() -> None:
    token = create_access_token(1, "user", "s", settings=SETTINGS)
    assert decode_access_token(token, kind="user", settings=SETTINGS).kind == "user"
    with pytest.raises(TokenInvalid):
        decode_access_token(token, kind="admin", settings=SETTINGS)
    with pytest.raises(ValueError):
        create_access_token(1, "root", "s", settings=SETTINGS)  # type: ignore[arg-type]


def test_refresh_tokens_are_random_and_stored_as_sha256() -> None:
    first, second = new_refresh_token(), new_refresh_token()
    assert first != second
    assert len(first) >= 43
    digest = hash_refresh_token(first)
    assert len(digest) == 64 and int(digest, 16) >= 0
    assert digest == hash_refresh_token(first)
    assert digest != hash_refresh_token(second)
    assert first not in digest
