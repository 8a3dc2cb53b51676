"""Fixtures of the invariant machines: tables of their own (`isolated`), seeded like `make run`, and a
super admin driving the API over HTTP (`office`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.admin_support import make_admin, seed_defaults
from tests.api.conftest import fast_hashing  # noqa: F401 - the fixture, shared with the API tests
from tests.conftest import isolated
from tests.invariants.backoffice import BackOffice


@pytest.fixture(scope="module")
def office(api: httpx.Client, dynamodb: Any) -> Iterator[BackOffice]:
    """The back office on fresh tables of the module (seeded: rules, groups, config, recycle and
    sensitive rules); every machine's example makes its own table or rows."""
    with isolated(dynamodb):
        seed_defaults()
        yield BackOffice(api, make_admin(api, is_super=True))
