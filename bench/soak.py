"""The long invariant campaign (`make soak`): the state machines of tests/invariants run for thousands of
steps, random, resumable from Hypothesis' example database (`var/hypothesis/invariants/`: a failure found
once is replayed first next time). Settings by environment:

- `SOAK_EXAMPLES` (default 200) examples of up to `SOAK_STEPS` (default 50) steps each, per machine;
- `SOAK_SKIP`: rules or checks left out (comma-separated, e.g. `move,markup`), to look past a known defect;
- `SOAK_TESTS`: a pytest `-k` expression choosing the machines (default: all of tests/invariants);
- `SOAK_RUN`: a name for this run, so that several runs (e.g. one per machine, side by side) keep their
  results apart: `bench/results/soak-<SOAK_RUN>.json`, per-test results in `var/invariants/<SOAK_RUN>/`.

Writes `bench/results/soak.json` (or `soak-<SOAK_RUN>.json`: per machine: outcome, steps, examples,
seconds, the step and example at which the first broken invariant was found and what it was; the load
average before and after) and prints the pytest output, whose
failure report is the shortest sequence found as Python that replays it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from bench.common import record
from tests.invariants.budget import RESULTS


def main() -> int:
    env = {**os.environ}
    env.setdefault("SOAK_EXAMPLES", "200")
    env.setdefault("SOAK_STEPS", "50")
    env["PYTHONPATH"] = os.getcwd()
    for old in RESULTS.glob("*.json") if RESULTS.exists() else []:
        old.unlink()
    command = [
        sys.executable,
        "-m",
        "pytest",
        "tests/invariants",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:logging",
        "-q",
        "-s",
        "-k",
        env.get("SOAK_TESTS", ""),
    ]
    started = time.monotonic()
    load_before = os.getloadavg()
    done = subprocess.run(command, env=env, check=False)
    machines = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("*.json"))]
    result = {
        "examples_per_machine": int(env["SOAK_EXAMPLES"]),
        "steps_per_example": int(env["SOAK_STEPS"]),
        "skip": env.get("SOAK_SKIP", ""),
        "tests": env.get("SOAK_TESTS", ""),
        "exit_code": done.returncode,
        "seconds": round(time.monotonic() - started, 1),
        "load_average_before": [round(x, 1) for x in load_before],
        "load_average_after": [round(x, 1) for x in os.getloadavg()],
        "total_steps": sum(m["steps"] for m in machines),
        "machines": machines,
    }
    run = env.get("SOAK_RUN", "")
    path = record(f"soak-{run}" if run else "soak", result)
    print(f"soak: {result['total_steps']} steps in {result['seconds']} s, exit {done.returncode} -> {path}")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
