"""Stateful property test of the built-in attachments table (`attachments_machine`): uploads by content,
refused uploads that change nothing, delete, restore and purge keeping rows and stored files in step,
and the usage warning."""

# ruff: noqa: F811 - the fixture imported from uploads_support is a parameter of the test
from __future__ import annotations

from typing import Any

import pytest
from hypothesis.stateful import run_state_machine_as_test

from tests.api.uploads_support import MAX_BYTES, upload_env  # noqa: F401 - a fixture
from tests.invariants.attachments_machine import AttachmentsMachine
from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter, machine_settings


@pytest.mark.timeout(0)
def test_attachments_keep_their_invariants(office: BackOffice, upload_env: Any) -> None:
    counter = Counter("attachments")
    AttachmentsMachine.office = office
    AttachmentsMachine.counter = counter
    AttachmentsMachine.upload_dir = upload_env.upload_dir
    AttachmentsMachine.max_bytes = MAX_BYTES
    outcome = "failed"
    try:
        run_state_machine_as_test(AttachmentsMachine, settings=machine_settings(examples=3, steps=15))
        outcome = "passed"
    finally:
        counter.report(outcome)
