"""`make bench`: run every benchmark and record its results in bench/results/.

Each benchmark is also runnable alone (`python -m bench.<name>`). Budgets are DESIGN §5's; a
benchmark over budget makes this command exit non-zero. Results are committed so that a change's
effect can be seen in its diff; see bench/README.md.
"""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = ["page_weight", "static_build", "cold_start", "api_throughput", "web_bundle"]


def main() -> int:
    failed = []
    for name in BENCHMARKS:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        sys.argv = [f"bench.{name}"]
        if module.main() != 0:
            failed.append(name)
    if failed:
        print("over budget: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
