"""Stateful property test of tree designs (`tree_machine`): rows under parent rows never become their
own ancestors, never hang under a deleted row, and are listed once each, under their parent, by weight."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.tree_machine import TreeTableMachine


@pytest.mark.timeout(0)
def test_tree_tables_keep_their_invariants(office: BackOffice) -> None:
    counter = Counter("tree_tables")
    TreeTableMachine.office = office
    TreeTableMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(TreeTableMachine, settings=machine_settings(examples=3, steps=15))
        outcome = "passed"
    finally:
        counter.report(outcome)
