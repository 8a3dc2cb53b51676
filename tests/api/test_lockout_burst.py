"""Login lockout under a parallel burst (`functions.services.lockout`, members and admins): 30 wrong
passwords at once get at most 5 password checks; the rest, and the right password afterwards, are
refused with the lockout message."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from functions.models.admin import Admin
from functions.models.user import User
from tests.api.admin_support import PASSWORD as ADMIN_PASSWORD
from tests.api.admin_support import unique
from tests.api.members_support import PASSWORD, new_member, solve_captcha

BURST = 30
EN = {"Accept-Language": "en"}


class CountingHasher:
    """The cheap test hasher, counting password checks and making each take a little while (as the
    real Argon2 does), so that parallel requests overlap."""

    def __init__(self) -> None:
        from argon2 import PasswordHasher, Type

        self.inner = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.ID)
        self.checks = 0
        self._lock = threading.Lock()

    def hash(self, password: str) -> str:
        return self.inner.hash(password)

    def check_needs_rehash(self, password_hash: str) -> bool:
        return self.inner.check_needs_rehash(password_hash)

    def verify(self, password_hash: str, password: str) -> bool:
        with self._lock:
            self.checks += 1
        time.sleep(0.05)
        return self.inner.verify(password_hash, password)


@pytest.fixture
def hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[CountingHasher]:
    import functions.core.security as security

    counting = CountingHasher()
    monkeypatch.setattr(security, "_hasher", lambda: counting)
    yield counting


def burst(api: httpx.Client, path: str, bodies: list[dict[str, Any]]) -> list[str]:
    clients = [httpx.Client(base_url=api.base_url, timeout=30, trust_env=False) for _ in bodies]
    try:
        with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
            answers = list(
                pool.map(
                    lambda cb: cb[0].post(path, json=cb[1], headers=EN).json(),
                    zip(clients, bodies, strict=True),
                )
            )
    finally:
        for client in clients:
            client.close()
    assert all(answer["code"] == 0 for answer in answers), answers
    return [answer["msg"] for answer in answers]


def test_a_burst_of_wrong_member_passwords_gets_five_checks(
    api: httpx.Client, hasher: CountingHasher
) -> None:
    user = new_member()
    bodies = [
        {"tab": "login", "username": user.username, "password": "wrong-pass", **solve_captcha(api)}
        for _ in range(BURST)
    ]
    hasher.checks = 0
    messages = burst(api, "/srv/api/user/checkIn", bodies)
    assert hasher.checks <= 5
    checked = [
        m for m in messages if m.startswith("Incorrect account or password") or m.startswith("Too many")
    ]
    refused = [m for m in messages if m.startswith("The account is locked, please try again in")]
    assert len(checked) <= 5 and len(checked) + len(refused) == BURST, messages
    # Locked now: even the right password is refused, without a check.
    before = hasher.checks
    right = {"tab": "login", "username": user.username, "password": PASSWORD, **solve_captcha(api)}
    answer = api.post("/srv/api/user/checkIn", json=right, headers=EN).json()
    assert answer["code"] == 0 and answer["msg"] == "The account is locked, please try again in 15 minutes"
    assert hasher.checks == before
    assert int(User.get(user.id, consistent_read=True).lock_until) > time.time()


def test_a_burst_of_wrong_admin_passwords_gets_five_checks(
    api: httpx.Client, admin_seed: None, hasher: CountingHasher
) -> None:
    name = unique("burst")
    admin = Admin.create(name, ADMIN_PASSWORD)
    hasher.checks = 0
    messages = burst(api, "/srv/admin/index/login", [{"username": name, "password": "bad-pass1"}] * BURST)
    assert hasher.checks <= 5
    wrong = [m for m in messages if m == "Incorrect username or password!"]
    locked = [m for m in messages if m == "Too many failed logins, please try again in 15 minutes"]
    assert len(wrong) <= 4 and len(wrong) + len(locked) == BURST, messages
    answer = api.post(
        "/srv/admin/index/login", json={"username": name, "password": ADMIN_PASSWORD}, headers=EN
    )
    assert answer.json()["msg"] == "Too many failed logins, please try again in 15 minutes"
    assert int(Admin.get(admin.id, consistent_read=True).lock_until) > time.time()


def test_a_lock_left_over_from_a_lost_attempt_does_not_last_forever(
    api: httpx.Client, hasher: CountingHasher
) -> None:
    """Five attempts reserved but never finished (a process died between reserving and checking):
    the next attempt locks the account for the usual time instead of refusing it forever."""
    user = new_member()
    user.update(actions=[User.login_failures.set(5), User.lock_until.set(0)])
    body = {"tab": "login", "username": user.username, "password": PASSWORD, **solve_captcha(api)}
    assert (
        api.post("/srv/api/user/checkIn", json=body, headers=EN)
        .json()["msg"]
        .startswith("The account is locked")
    )
    user.refresh(consistent_read=True)
    assert int(user.lock_until) > time.time() and int(user.login_failures) == 0
    user.update(actions=[User.lock_until.set(1_000)])  # the lock has passed
    body = {"tab": "login", "username": user.username, "password": PASSWORD, **solve_captcha(api)}
    assert api.post("/srv/api/user/checkIn", json=body, headers=EN).json()["code"] == 1
