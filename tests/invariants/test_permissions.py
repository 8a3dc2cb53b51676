"""Stateful property test of permissions (`permissions_machine`): a limited admin's allowed set never
grows through any sequence of group and admin changes, rule deletes and restores."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.permissions_machine import PermissionsMachine


@pytest.mark.timeout(0)
def test_a_limited_admins_allowed_set_never_grows(office: BackOffice) -> None:
    counter = Counter("permissions")
    PermissionsMachine.office = office
    PermissionsMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(PermissionsMachine, settings=machine_settings(examples=3, steps=12))
        outcome = "passed"
    finally:
        counter.report(outcome)
