"""Stateful property test of the data engine: any sequence of an editor's actions on a designed table
keeps the invariants of `designed_machine` (rows equal the model, money exact to the cent, totals equal
the counters, a cursor walk returns each row once in the declared order, delete + restore gives the row
back byte for byte, a rollback is exact or refused, uniqueness holds, a refused write changes nothing).

The bounded run (`make test`) is seeded and small; `make soak` runs the same machine for thousands of
steps (tests/invariants/budget.py). A failure prints the shortest sequence of steps found, as Python
that replays it (`state = DesignedTableMachine()` …)."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.designed_machine import DesignedTableMachine


@pytest.mark.timeout(0)
def test_designed_tables_keep_their_invariants(office: BackOffice) -> None:
    counter = Counter("designed_tables")
    DesignedTableMachine.office = office
    DesignedTableMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(DesignedTableMachine, settings=machine_settings(examples=4, steps=20))
        outcome = "passed"
    finally:
        counter.report(outcome)
