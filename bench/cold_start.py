"""Cold start: importing the Lambda handler and building the app, against a bare baseline.

    .venv/bin/python -m bench.cold_start [--runs 15]

Each sample is a fresh interpreter that imports the module and reports the seconds it took (the
interpreter's own start-up is excluded, the same for both). Samples alternate between the product
(`functions.handler`) and `bench.bare_app` so that machine noise hits both alike; the medians are
compared with DESIGN §5's budget: product ≤ 1.5 × baseline. Writes bench/results/cold_start.json.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys

from bench.common import record

BUDGET_RATIO = 1.5
SNIPPET = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"


def sample(module: str) -> float:
    env = {
        **os.environ,
        "CITYOPS_ENV": "production",
        "CITYOPS_JWT_SECRET": secrets.token_urlsafe(48),
        "AWS_DEFAULT_REGION": "us-east-1",
        "PYTHONDONTWRITEBYTECODE": "0",
    }
    done = subprocess.run(
        [sys.executable, "-c", SNIPPET.format(module=module)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    sample("functions.handler")  # warm the file cache and compile bytecode for both
    sample("bench.bare_app")
    product, bare = [], []
    for _ in range(args.runs):
        product.append(sample("functions.handler"))
        bare.append(sample("bench.bare_app"))
    result = {
        "runs": args.runs,
        "product_median_s": round(statistics.median(product), 4),
        "baseline_median_s": round(statistics.median(bare), 4),
    }
    result["ratio"] = round(result["product_median_s"] / result["baseline_median_s"], 3)
    result["budget_ratio"] = BUDGET_RATIO
    result["within_budget"] = result["ratio"] <= BUDGET_RATIO
    record("cold_start", result)
    print(
        f"cold start: product {result['product_median_s'] * 1000:.0f} ms, "
        f"baseline {result['baseline_median_s'] * 1000:.0f} ms, ratio {result['ratio']} "
        f"(budget ≤ {BUDGET_RATIO})"
    )
    return 0 if result["within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
