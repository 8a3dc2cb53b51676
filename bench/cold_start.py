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
runtime) that imports the module (what Lambda's INIT phase does), then hands its Lambda handler one
API Gateway (HTTP API, payload 2.0) request, a real one against DynamoDB Local, and reports both
durations. DESIGN §5 budgets what a user meets: import + the first request of each audience —
members (`GET /srv/api/account/profile` with a member's token: session, account and member-rule
check) and the back office (`GET /srv/admin/index/index` with the seeded admin's token: session,
admin, rule tree, menus, site config) — against the bare app's import + its first GetItem request
(`GET /item/{id}`). The route modules of each audience are imported by its first request
(`functions.core.routing`), so import alone would flatter the product. Samples alternate between
the three so that machine noise hits them alike, and the medians are compared: the ratio is the
larger of the two audiences'. The import-only ratio is recorded too (`import_only_ratio`). Writes
bench/results/cold_start.json (with both zip sizes).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from bench.common import local_dynamodb, record

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
    "version": "2.0", "routeKey": "$default", "rawPath": {path!r}, "rawQueryString": "",
    "headers": {{"host": "api.example", "x-origin-verify": os.environ["CITYOPS_ORIGIN_VERIFY_SECRET"],
                "cloudfront-viewer-address": "203.0.113.9:443", **{headers!r}}},
    "requestContext": {{"http": {{"method": "GET", "path": {path!r}, "protocol": "HTTP/1.1",
        "sourceIp": "203.0.113.9", "userAgent": "bench"}}, "requestId": "cold-start",
        "stage": "$default", "accountId": "000000000000", "apiId": "bench", "domainName": "api.example",
        "timeEpoch": 0, "time": ""}},
    "isBase64Encoded": False,
}}
answer = m.handler(event, Context())
status = answer["statusCode"] if {check_code!r} not in answer.get("body", "") else 0
print(imported - t, time.perf_counter() - imported, status)
"""
# (package, module, request path, token header) of each kind of sample; each must answer 200 (and
# the product's envelope code 1: a refused token would be a cheaper request than a user's).
SAMPLES = {
    "product_api": ("product", "functions.handler", "/srv/api/account/profile", "ba-user-token"),
    "bare": ("bare", "bare_app", "/item/bench", ""),
    "product_admin": ("product", "functions.handler", "/srv/admin/index/index", "batoken"),
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


def prepare(endpoint: str, jwt_secret: str) -> dict[str, str]:
    """Seed DynamoDB Local as the product's first deploy does, open a member's and the seeded admin's
    sessions and create the bare app's table and item; returns the token of each header."""
    import boto3

    os.environ["CITYOPS_JWT_SECRET"] = jwt_secret
    from functions.core.settings import get_settings
    from functions.models.admin import Admin
    from functions.models.user import User
    from functions.seed import seed
    from functions.services.sessions import open_session

    get_settings.cache_clear()
    seed()
    user = User.create("coldmember", "cold-password-1", email="cold@example.com")
    admin = Admin.get_by_username("admin")
    assert admin is not None
    client = boto3.client("dynamodb", endpoint_url=endpoint)
    client.create_table(
        TableName="bench-item",
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    client.put_item(TableName="bench-item", Item={"id": {"S": "bench"}, "name": {"S": "cold start"}})
    return {
        "ba-user-token": open_session("user", user.id, remember=True)["token"],
        "batoken": open_session("admin", int(admin.id), remember=True)["token"],
    }


def sample(
    python: str, kind: str, endpoint: str, jwt_secret: str, tokens: dict[str, str]
) -> tuple[float, float]:
    """(import seconds, first request seconds) of one fresh interpreter."""
    package, module, path, header = SAMPLES[kind]
    env = {
        "CITYOPS_ENV": "production",
        "CITYOPS_JWT_SECRET": jwt_secret,
        "CITYOPS_CLIENT_IP_SOURCE": "cloudfront",
        "CITYOPS_ORIGIN_VERIFY_SECRET": secrets.token_urlsafe(48),
        "CITYOPS_DYNAMODB_ENDPOINT": endpoint,
        "CITYOPS_TABLE_PREFIX": os.environ.get("CITYOPS_TABLE_PREFIX", "bench-"),
        "BENCH_DYNAMODB_ENDPOINT": endpoint,
        "AWS_DEFAULT_REGION": "us-east-1",
        "CITYOPS_AWS_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "local",
        "AWS_SECRET_ACCESS_KEY": "local",
    }
    paths = [str(BUILD / package), str(BUILD / "sdk")]
    headers = {header: tokens[header]} if header else {}
    snippet = SNIPPET.format(paths=paths, module=module, path=path, headers=headers, check_code='"code":0')
    done = subprocess.run(
        [python, "-I", "-B", "-c", snippet], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{module} from build/bench/{package} failed:\n{done.stderr[-2000:]}")
    imported, request, status = done.stdout.strip().splitlines()[-1].split()
    if int(status) != 200:
        raise SystemExit(f"GET {path} from build/bench/{package} answered {status}:\n{done.stdout[-1000:]}")
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
    jwt_secret = secrets.token_urlsafe(48)
    samples: dict[str, list[tuple[float, float]]] = {kind: [] for kind in SAMPLES}
    with local_dynamodb() as endpoint:
        tokens = prepare(endpoint, jwt_secret)
        for kind in SAMPLES:  # warm the file cache for all three
            sample(python, kind, endpoint, jwt_secret, tokens)
        for _ in range(args.runs):
            for kind in ("product_api", "bare", "product_admin", "bare"):
                samples[kind].append(sample(python, kind, endpoint, jwt_secret, tokens))
    total = {kind: statistics.median(v[0] + v[1] for v in values) for kind, values in samples.items()}
    product_import = [s[0] for kind in ("product_api", "product_admin") for s in samples[kind]]
    bare_import = [s[0] for s in samples["bare"]]
    ratios = {kind: round(total[kind] / total["bare"], 3) for kind in ("product_api", "product_admin")}
    ratio = max(ratios.values())
    result: dict[str, object] = {
        "runs": args.runs,
        "what": "built zips (package_lambda.py, x86_64 wheels, python3.12 bytecode): import + first request",
        "product_api_median_s": round(total["product_api"], 4),
        "product_admin_median_s": round(total["product_admin"], 4),
        "baseline_median_s": round(total["bare"], 4),
        "ratios": ratios,
        "ratio": ratio,
        "budget_ratio": BUDGET_RATIO,
        "within_budget": ratio <= BUDGET_RATIO,
        "import_only_ratio": round(statistics.median(product_import) / statistics.median(bare_import), 3),
        "product_zip_bytes": sizes.get("product_zip_bytes"),
        "baseline_zip_bytes": sizes.get("baseline_zip_bytes"),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    first = {}
    for kind, values in samples.items():
        first[kind] = {
            "import_ms": _ms(statistics.median(v[0] for v in values)),
            "first_request_ms": _ms(statistics.median(v[1] for v in values)),
            "import_and_first_request_ms": _ms(statistics.median(v[0] + v[1] for v in values)),
        }
    result["medians"] = first
    record("cold_start", result)
    print(
        f"cold start (built zips, import + first request): members {ratios['product_api']} ×, "
        f"back office {ratios['product_admin']} × the bare app (budget ≤ {BUDGET_RATIO}; "
        f"import only {result['import_only_ratio']} ×); zip sizes {sizes}"
    )
    for kind, values in first.items():
        print(
            f"  {kind}: import {values['import_ms']} ms + first request {values['first_request_ms']} ms"
            f" = {values['import_and_first_request_ms']} ms"
        )
    return 0 if ratio <= BUDGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
