"""Stateful property test of the built-in config table (`config_machine`): items of every kind of value
added, saved and deleted; a refused save changes nothing; the public site config equals the model."""

from __future__ import annotations

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings
from tests.invariants.config_machine import ConfigMachine


@pytest.mark.timeout(0)
def test_config_items_keep_their_invariants(office: BackOffice) -> None:
    counter = Counter("config")
    ConfigMachine.office = office
    ConfigMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(ConfigMachine, settings=machine_settings(examples=3, steps=15))
        outcome = "passed"
    finally:
        counter.report(outcome)
