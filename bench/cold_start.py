"""Cold start of the built Lambda zip: importing the handler and building the app, against a bare
FastAPI + Mangum + PynamoDB zip built the same way (DESIGN §5: product ≤ 1.3 × baseline).

    .venv/bin/python -m bench.cold_start [--runs 15] [--no-build]

Both packages are built by `infra/package_lambda.py` with its every step (pip wheels for
python3.12, the runtime's SDK removed, dev files stripped, unchecked-hash bytecode compiled by
python3.12), for this machine's processor (`--arch x86_64`: arm64 wheels cannot load here). The
product is `functions/`; the baseline is `bench/bare_app.py` with fastapi, mangum and pynamodb at
the product's version constraints. boto3, which the Lambda runtime provides, is installed and
compiled once into a separate directory put after the package on `sys.path`, for both.

Each sample is a fresh python3.12 (`-I -B`: isolated, never writing bytecode, like the read-only
runtime) that imports the module and reports the seconds it took; samples alternate between the
two so that machine noise hits both alike, and the medians are compared. Writes
bench/results/cold_start.json (with both zip sizes).
"""

from __future__ import annotations

import argparse
import re
import secrets
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from bench.common import record

REPO_ROOT = Path(__file__).resolve().parents[1]
BUILD = REPO_ROOT / "build" / "bench"
BUDGET_RATIO = 1.3
BARE_DISTRIBUTIONS = ("fastapi", "mangum", "pynamodb")
SNIPPET = (
    "import sys, time; sys.path[:0] = {paths!r}; t = time.perf_counter(); import {module}; "
    "print(time.perf_counter() - t)"
)


def _package_lambda():
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    return package_lambda


def build_all() -> dict[str, int]:
    """Build build/bench/{product,bare,sdk}; returns the zipped sizes in bytes."""
    package_lambda = _package_lambda()
    package_lambda.build(BUILD / "product", arch="x86_64", crt=False)
    dependencies = [
        d
        for d in package_lambda.runtime_dependencies()
        if re.split(r"[<>=!~\[ ]", d, maxsplit=1)[0].lower() in BARE_DISTRIBUTIONS
    ]
    package_lambda.build(BUILD / "bare", arch="x86_64", crt=False, dependencies=dependencies, packages=())
    shutil.copy2(REPO_ROOT / "bench" / "bare_app.py", BUILD / "bare" / "bare_app.py")
    python = package_lambda.find_python312()
    subprocess.run(package_lambda.compile_command(BUILD / "bare", python), check=True)
    sdk = BUILD / "sdk"
    if sdk.exists():
        shutil.rmtree(sdk)
    subprocess.run(package_lambda.pip_command(sdk, ["boto3"], "x86_64"), check=True)
    subprocess.run(package_lambda.compile_command(sdk, python), check=True)
    return {
        "product_zip_bytes": package_lambda.zipped_size(BUILD / "product"),
        "baseline_zip_bytes": package_lambda.zipped_size(BUILD / "bare"),
    }


def sample(python: str, package: str, module: str) -> float:
    env = {
        "CITYOPS_ENV": "production",
        "CITYOPS_JWT_SECRET": secrets.token_urlsafe(48),
        "CITYOPS_CLIENT_IP_SOURCE": "cloudfront",
        "CITYOPS_ORIGIN_VERIFY_SECRET": secrets.token_urlsafe(48),
        "AWS_DEFAULT_REGION": "us-east-1",
        "CITYOPS_AWS_REGION": "us-east-1",
    }
    paths = [str(BUILD / package), str(BUILD / "sdk")]
    done = subprocess.run(
        [python, "-I", "-B", "-c", SNIPPET.format(paths=paths, module=module)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{module} from build/bench/{package} failed:\n{done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-build", action="store_true", help="reuse build/bench from a previous run")
    args = parser.parse_args()
    sizes = {} if args.no_build else build_all()
    python = _package_lambda().find_python312()
    sample(python, "product", "functions.handler")  # warm the file cache for both
    sample(python, "bare", "bare_app")
    product, bare = [], []
    for _ in range(args.runs):
        product.append(sample(python, "product", "functions.handler"))
        bare.append(sample(python, "bare", "bare_app"))
    result = {
        "runs": args.runs,
        "what": "built zips (package_lambda.py, x86_64 wheels, python3.12 bytecode)",
        "product_median_s": round(statistics.median(product), 4),
        "baseline_median_s": round(statistics.median(bare), 4),
        "product_zip_bytes": sizes.get("product_zip_bytes"),
        "baseline_zip_bytes": sizes.get("baseline_zip_bytes"),
    }
    result["ratio"] = round(result["product_median_s"] / result["baseline_median_s"], 3)
    result["budget_ratio"] = BUDGET_RATIO
    result["within_budget"] = result["ratio"] <= BUDGET_RATIO
    record("cold_start", result)
    print(
        f"cold start (built zips): product {result['product_median_s'] * 1000:.0f} ms, "
        f"baseline {result['baseline_median_s'] * 1000:.0f} ms, ratio {result['ratio']} "
        f"(budget ≤ {BUDGET_RATIO}); zip sizes {sizes}"
    )
    return 0 if result["within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
