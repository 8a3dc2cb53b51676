"""Stateful property test of the publish pipeline: after any sequence of an editor's changes to the
projects and a publish, the public site is what a plain function of the enabled rows says it must be
(`publish_machine.expected_site` and the checks beside it); a publish that must fail leaves the
previous site byte-identical; every change of a public row schedules a publish.

The publish runs for real (export from DynamoDB Local, Pelican, the atomic swap) into a temporary
site folder (the `publishing` fixture). Scheduling is observed at
`functions.services.publish_jobs.request_publish` (what `schedule_publish` calls when saves publish by
themselves), recorded instead of started: the machine publishes when it decides to."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.invariants.budget import Counter, machine_settings
from tests.invariants.publish_machine import PublishMachine


@pytest.mark.timeout(0)
def test_the_public_site_is_a_function_of_the_enabled_rows(publishing: Path) -> None:
    counter = Counter("publish_function")
    PublishMachine.counter = counter
    outcome = "failed"
    try:
        run_state_machine_as_test(PublishMachine, settings=machine_settings(examples=2, steps=8))
        outcome = "passed"
    finally:
        counter.report(outcome)
