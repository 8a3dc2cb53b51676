"""The two budgets of the stateful property tests, and the step counter they report.

- Bounded (default, inside `make test`): a fixed number of examples and steps, derandomized (the same
  sequences every run), no example database — a few minutes at most on a loaded two-core machine.
- Soak (`make soak`, `bench/soak.py`): `SOAK_EXAMPLES` examples of up to `SOAK_STEPS` steps each,
  random, with Hypothesis' example database in `var/hypothesis/invariants/` so a failure found once is
  tried first next time (resumable campaigns).

`SOAK_SKIP` (comma-separated rule names, e.g. `move,retype`) leaves rules out, to look past a defect
that is already known (the machine stops at the first broken invariant it finds).

`STEPS` counts the steps (rules run) of the whole test; `first_failure` records the step count at the
first broken invariant, so a campaign can say how many steps it needed to find it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.database import DirectoryBasedExampleDatabase

REPO = Path(__file__).resolve().parents[2]
DATABASE = REPO / "var" / "hypothesis" / "invariants"  # Hypothesis' example database (kept between runs)
# The soak's per-test results, read by bench/soak.py; `SOAK_RUN` names a campaign run beside others.
RESULTS = REPO / "var" / "invariants" / os.environ.get("SOAK_RUN", "")

SOAK = bool(os.environ.get("SOAK_STEPS") or os.environ.get("SOAK_EXAMPLES"))
PROGRESS_EVERY = int(os.environ.get("SOAK_PROGRESS", "50"))  # a progress line every so many steps
SKIP = {name.strip() for name in os.environ.get("SOAK_SKIP", "").split(",") if name.strip()}


def machine_settings(examples: int, steps: int) -> settings:
    """The settings of one state machine: the bounded run's `examples`×`steps`, or the soak's."""
    common: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": list(HealthCheck),
        "print_blob": True,
    }
    if SOAK:
        return settings(
            max_examples=int(os.environ.get("SOAK_EXAMPLES", "200")),
            stateful_step_count=int(os.environ.get("SOAK_STEPS", "50")),
            database=DirectoryBasedExampleDatabase(str(DATABASE)),
            **common,
        )
    return settings(
        max_examples=examples,
        stateful_step_count=steps,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        **common,
    )


@dataclass
class Counter:
    """Steps run and examples started by one test, and where the first failure was found."""

    name: str
    steps: int = 0
    examples: int = 0
    first_failure_step: int | None = None
    first_failure_example: int | None = None
    first_failure: str = ""
    started: float = field(default_factory=time.monotonic)

    def step(self) -> None:
        self.steps += 1
        if self.steps % PROGRESS_EVERY == 0:
            seconds = time.monotonic() - self.started
            print(
                f"invariants {self.name}: {self.steps} steps, {self.examples} examples, {seconds:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    def example(self) -> None:
        self.examples += 1

    def failed(self, what: str) -> None:
        if self.first_failure_step is None:
            self.first_failure_step = self.steps
            self.first_failure_example = self.examples
            self.first_failure = what[:500]

    def report(self, outcome: str) -> dict[str, Any]:
        seconds = round(time.monotonic() - self.started, 1)
        result = {
            "test": self.name,
            "outcome": outcome,
            "steps": self.steps,
            "examples": self.examples,
            "seconds": seconds,
            "first_failure_step": self.first_failure_step,
            "first_failure_example": self.first_failure_example,
            "first_failure": self.first_failure,
            "soak": SOAK,
            "skip": sorted(SKIP),
        }
        print(f"invariants {self.name}: {json.dumps(result, ensure_ascii=False)}")
        if SOAK:
            RESULTS.mkdir(parents=True, exist_ok=True)
            (RESULTS / f"{self.name}.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
        return result
