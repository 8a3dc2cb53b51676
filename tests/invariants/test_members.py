"""Stateful property test of the built-in members table with balance and points
(`members_machine`): balances exact to the cent, log chains, edits and restores that keep them."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.members_machine import MembersMachine


@pytest.mark.timeout(0)
def test_members_balances_and_points_keep_their_invariants(office: BackOffice) -> None:
    counter = Counter("members")
    MembersMachine.office = office
    MembersMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(MembersMachine, settings=machine_settings(examples=3, steps=12))
        outcome = "passed"
    finally:
        counter.report(outcome)
