"""Stateful property test of data scope (`data_scope_machine`): an admin limited to its own rows, or to
its group's, never lists, edits, deletes or sorts a row beyond them, whatever the sequence of writes and
scope changes; a row outside the scope answers like a missing row and a refused write changes nothing."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.data_scope_machine import DataScopeMachine


@pytest.mark.timeout(0)
def test_a_limited_admin_reaches_only_the_rows_of_its_scope(office: BackOffice) -> None:
    counter = Counter("data_scope")
    DataScopeMachine.office = office
    DataScopeMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(DataScopeMachine, settings=machine_settings(examples=3, steps=12))
        outcome = "passed"
    finally:
        counter.report(outcome)
