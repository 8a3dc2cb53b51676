"""Fixtures of the invariant machines: tables of their own (`isolated`), seeded like `make run`, and a
super admin driving the API over HTTP (`office`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.admin_support import seed_defaults
from tests.conftest import isolated
from tests.invariants.backoffice import BackOffice, logged_in_admin


@pytest.fixture(scope="module")
def office(api: httpx.Client, dynamodb: Any) -> Iterator[BackOffice]:
    """The back office on fresh tables of the module (seeded: rules, groups, config, recycle and
    sensitive rules); every machine's example makes its own table or rows."""
    from argon2 import PasswordHasher, Type

    import functions.core.security as security

    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.ID)
    with isolated(dynamodb), pytest.MonkeyPatch.context() as patch:
        patch.setattr(security, "_hasher", lambda: cheap)  # logins of the machines' admins stay fast
        seed_defaults()
        yield BackOffice(api, logged_in_admin(api, is_super=True))


@pytest.fixture
def publishing(office: BackOffice, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The projects design (and the other published designs) saved from their files, a private site
    folder, and saves that schedule a publish recorded in `PublishMachine.scheduled` instead of run."""
    from functions.core.settings import get_settings
    from functions.services import publish_jobs as publish
    from functions.services.designs import load_design_files
    from tests.invariants.publish_machine import PublishMachine

    load_design_files()
    site = tmp_path / "site"
    monkeypatch.setattr(get_settings(), "site_dir", site)
    monkeypatch.setattr(get_settings(), "publish_auto", True)
    scheduled: list[str] = []
    monkeypatch.setattr(publish, "request_publish", lambda reason, **_kw: scheduled.append(reason))
    PublishMachine.office = office
    PublishMachine.site = site
    PublishMachine.scheduled = scheduled
    yield site
