"""Fixtures of the API tests; their helpers are in tests/api/admin_support.py (back office) and
tests/api/members_support.py (members).

`admin_seed`, `super_admin` and `_mail_capture` are module-scoped: each test module seeds once, gets
its own super admin and its own mail capture.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.local.dynamodb import free_port
from tests.api.admin_support import AdminUser, make_admin, seed_defaults
from tests.api.members_support import Mailbox


@pytest.fixture(scope="module")
def admin_seed(dynamodb: Any) -> None:
    """The default rules, groups and config items (what `make run` seeds)."""
    seed_defaults()


@pytest.fixture(scope="module")
def super_admin(api: httpx.Client, admin_seed: None) -> AdminUser:
    """A flag-super admin, logged in."""
    return make_admin(api, is_super=True)


@pytest.fixture
def fast_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Password hashing made cheap (the member tests log in many times)."""
    from argon2 import PasswordHasher, Type

    import functions.core.security as security

    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.ID)
    monkeypatch.setattr(security, "_hasher", lambda: cheap)


@pytest.fixture(scope="module")
def _mail_capture(dynamodb, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Mailbox, int]]:
    """A local SMTP server and an SMS outbox folder that catch what the API sends."""
    from functions.local import smtp

    mail_dir = tmp_path_factory.mktemp("mail")
    sms_dir = tmp_path_factory.mktemp("sms")
    port = free_port()
    controller = smtp.start(mail_dir, port, announce=False)
    try:
        yield Mailbox(mail_dir, sms_dir), port
    finally:
        controller.stop()


@pytest.fixture
def mailbox(_mail_capture: tuple[Mailbox, int], monkeypatch: pytest.MonkeyPatch) -> Mailbox:
    """Point the settings the API reads *now* (other suites may have rebuilt them) at the capture."""
    from functions.core.settings import get_settings

    box, port = _mail_capture
    settings = get_settings()
    for name, value in (
        ("smtp_host", "127.0.0.1"),
        ("smtp_port", port),
        ("sms_outbox_dir", box.sms_dir),
        ("mail_backend", "smtp"),
        ("sms_backend", "outbox"),
    ):
        monkeypatch.setattr(settings, name, value)
    return box
