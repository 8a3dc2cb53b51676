# ruff: noqa: F811 - the fixture imported from members_support is used as a parameter
"""Fuzzing the whole API from its OpenAPI document (schemathesis): no input may make it answer 5xx.

Every operation of `/srv/openapi.json` gets generated requests — valid ones (positive) and ones that
break the schema (negative) — as three callers: anonymous, a logged-in member and a super admin. Each
answer must not be a 5xx and must carry a status the document declares (every operation declares the
400/413/429/500 envelopes, `functions.app._document_400`).

The run is bounded for `make test` (`FUZZ_EXAMPLES` per operation, mode and caller; derandomized, so
the same examples every run) and writes to tables of its own (`isolated_tables`): the fuzzer adds,
edits and deletes rows at random. Operations that would end the callers' own sessions (logout) are
left out. `CITYOPS_FUZZ_EXAMPLES=200 pytest tests/api/test_fuzz.py` runs a longer campaign.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import httpx
import pytest

from tests.api.admin_support import make_admin, seed_defaults
from tests.api.members_support import logged_in, new_member  # noqa: F401 - fixture

FUZZ_EXAMPLES = int(os.environ.get("CITYOPS_FUZZ_EXAMPLES", "6"))
# Calls that end the caller's own session would leave the rest of the run anonymous.
SKIPPED = {"admin_index_logout", "user_logout"}


def _callers(api: httpx.Client) -> dict[str, dict[str, str]]:
    admin = make_admin(api, is_super=True)
    member = logged_in(api, new_member())
    return {"anonymous": {}, "member": {"ba-user-token": member["token"]}, "admin": admin.headers}


def _fuzz(operation: Any, mode: Any, base_url: str, caller: str, headers: dict[str, str]) -> list[str]:
    """Send `FUZZ_EXAMPLES` generated requests to `operation`; the problems found."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis.errors import Unsatisfiable
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import status_code_conformance

    problems: list[str] = []
    where = f"{caller} {operation.method.upper()} {operation.path} ({mode.value})"

    @settings(
        max_examples=FUZZ_EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        response = case.call(base_url=base_url, headers=headers, timeout=30)
        SENT[caller] += 1
        STATUSES[f"{caller} {response.status_code}"] += 1
        try:
            case.validate_response(response, checks=[not_a_server_error, status_code_conformance])
        except (Exception, BaseExceptionGroup) as exc:  # schemathesis' FailureGroup: reported below
            problems.append(
                f"{where} → {response.status_code}: {' '.join(str(exc).split())[:300]}\n"
                f"    body={str(case.body)[:300]!r} query={str(case.query)[:200]!r} "
                f"path={str(case.path_parameters)[:100]!r}"
            )

    try:
        run()
    except Unsatisfiable:
        pass  # no negative example exists for this operation
    except (Exception, BaseExceptionGroup) as exc:
        problems.append(f"{where}: {exc!r}"[:400])
    return problems


SENT: Counter[str] = Counter()
STATUSES: Counter[str] = Counter()


@pytest.mark.timeout(3600)  # a longer campaign (CITYOPS_FUZZ_EXAMPLES) may take a while
def test_no_input_makes_the_api_fail(api: httpx.Client, isolated_tables: Any, fast_hashing: None) -> None:
    import schemathesis
    from schemathesis import GenerationMode

    seed_defaults()
    callers = _callers(api)
    base_url = str(api.base_url)
    schema = schemathesis.openapi.from_url(f"{base_url}/srv/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    operations = [op for op in operations if op.definition.raw.get("operationId") not in SKIPPED]
    assert len(operations) > 50
    SENT.clear()
    STATUSES.clear()
    failures: list[str] = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            for caller, headers in callers.items():
                failures += _fuzz(operation, mode, base_url, caller, headers)
    print(f"fuzz: {len(operations)} operations, {sum(SENT.values())} requests {dict(SENT)}")
    print(f"fuzz: statuses {sorted(STATUSES.items())}")
    assert not failures, f"{len(failures)} failing calls:\n" + "\n".join(failures[:60])
