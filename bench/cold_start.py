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
runtime) that imports the module (the budget's figure: what Lambda's INIT phase does), then hands
its Lambda handler one API Gateway (HTTP API, payload 2.0) request and reports both durations.
Samples alternate between the two so that machine noise hits both alike, and the medians are
compared. The product is asked, in turn, for a members' call and a back-office call that need no
DynamoDB (`GET /srv/api/ajax/buildSuffixSvg`, `GET /srv/admin/ajax/buildSuffixSvg`): the route
modules of each audience are imported by its first request (`functions.core.routing`), so the
first request is recorded too — import alone would flatter a product that moved work there. The
baseline's only route reads DynamoDB, so its first request is one for a path it does not have
(FastAPI's 404: routing, exception handler and response through Mangum). Writes
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
# Prints "<import seconds> <first request seconds> <status>" on its last line (the handler may log).
SNIPPET = """
import os, sys, time
sys.path[:0] = {paths!r}
t = time.perf_counter()
import {module} as m
imported = time.perf_counter()
class Context:
    function_name = "cold-start"
    memory_limit_in_mb = 1024
    invoked_function_arn = "arn:aws:lambda:us-east-1:000000000000:function:cold-start"
    aws_request_id = "cold-start"
event = {{
    "version": "2.0", "routeKey": "$default", "rawPath": {path!r}, "rawQueryString": "suffix=pdf",
    "headers": {{"host": "api.example", "x-origin-verify": os.environ["CITYOPS_ORIGIN_VERIFY_SECRET"],
                "cloudfront-viewer-address": "203.0.113.9:443"}},
    "requestContext": {{"http": {{"method": "GET", "path": {path!r}, "protocol": "HTTP/1.1",
        "sourceIp": "203.0.113.9", "userAgent": "bench"}}, "requestId": "cold-start",
        "stage": "$default", "accountId": "000000000000", "apiId": "bench", "domainName": "api.example",
        "timeEpoch": 0, "time": ""}},
    "isBase64Encoded": False,
}}
status = m.handler(event, Context())["statusCode"]
print(imported - t, time.perf_counter() - imported, status)
"""
# (package, module, request path, expected status) of each kind of sample.
SAMPLES = {
    "product_api": ("product", "functions.handler", "/srv/api/ajax/buildSuffixSvg", 200),
    "bare": ("bare", "bare_app", "/srv/api/ajax/buildSuffixSvg", 404),
    "product_admin": ("product", "functions.handler", "/srv/admin/ajax/buildSuffixSvg", 200),
}


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


def sample(python: str, kind: str) -> tuple[float, float]:
    """(import seconds, first request seconds) of one fresh interpreter."""
    package, module, path, expected = SAMPLES[kind]
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
        [python, "-I", "-B", "-c", SNIPPET.format(paths=paths, module=module, path=path)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{module} from build/bench/{package} failed:\n{done.stderr[-2000:]}")
    imported, request, status = done.stdout.strip().splitlines()[-1].split()
    if int(status) != expected:
        raise SystemExit(f"GET {path} from build/bench/{package} answered {status}, not {expected}")
    return float(imported), float(request)


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-build", action="store_true", help="reuse build/bench from a previous run")
    args = parser.parse_args()
    sizes = {} if args.no_build else build_all()
    python = _package_lambda().find_python312()
    for kind in SAMPLES:  # warm the file cache for both
        sample(python, kind)
    samples: dict[str, list[tuple[float, float]]] = {kind: [] for kind in SAMPLES}
    for _ in range(args.runs):
        for kind in ("product_api", "bare", "product_admin", "bare"):
            samples[kind].append(sample(python, kind))
    product_import = [s[0] for kind in ("product_api", "product_admin") for s in samples[kind]]
    bare_import = [s[0] for s in samples["bare"]]
    result: dict[str, object] = {
        "runs": args.runs,
        "what": "built zips (package_lambda.py, x86_64 wheels, python3.12 bytecode)",
        "product_median_s": round(statistics.median(product_import), 4),
        "baseline_median_s": round(statistics.median(bare_import), 4),
        "product_zip_bytes": sizes.get("product_zip_bytes"),
        "baseline_zip_bytes": sizes.get("baseline_zip_bytes"),
    }
    ratio = round(statistics.median(product_import) / statistics.median(bare_import), 3)
    result["ratio"] = ratio
    result["budget_ratio"] = BUDGET_RATIO
    result["within_budget"] = ratio <= BUDGET_RATIO
    # Not budgeted: import plus the first request (median ms), per kind of sample.
    first = {}
    for kind, values in samples.items():
        first[kind] = {
            "import_ms": _ms(statistics.median(v[0] for v in values)),
            "first_request_ms": _ms(statistics.median(v[1] for v in values)),
            "import_and_first_request_ms": _ms(statistics.median(v[0] + v[1] for v in values)),
        }
    result["with_first_request"] = first
    record("cold_start", result)
    print(
        f"cold start (built zips): product {result['product_median_s'] * 1000:.0f} ms, "
        f"baseline {result['baseline_median_s'] * 1000:.0f} ms, ratio {ratio} "
        f"(budget ≤ {BUDGET_RATIO}); zip sizes {sizes}"
    )
    for kind, values in first.items():
        print(
            f"  {kind}: import {values['import_ms']} ms + first request {values['first_request_ms']} ms"
            f" = {values['import_and_first_request_ms']} ms"
        )
    return 0 if ratio <= BUDGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
