"""API throughput on uvicorn for an authenticated read, against a bare GetItem endpoint.

    .venv/bin/python -m bench.api_throughput [--requests 1500] [--concurrency 16]

Starts DynamoDB Local in memory, seeds it, creates a member and a session, then serves in turn
(one uvicorn worker each, same machine, same DynamoDB Local):
- the product: `GET /srv/api/account/profile` with the member's token (one BatchGetItem: session,
  member and the member-rule stamps; the member-rule check answered from memory, bench/README.md);
- the baseline: `bench.bare_getitem`, a bare ASGI endpoint doing one GetItem of the same member.
A client in this process sends a fixed number of keep-alive requests with fixed concurrency (the
client costs the same for both). Rounds alternate; the best round of each counts.
DESIGN §5: product ≥ 0.6 × baseline. Writes bench/results/api_throughput.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from bench.common import local_dynamodb, record
from functions.local import dynamodb

ROOT = Path(__file__).resolve().parents[1]
BUDGET_RATIO = 0.6


async def _load(url: str, headers: dict[str, str], requests: int, concurrency: int) -> float:
    """Requests per second for `requests` GETs of `url`, each answered 200 with code 1."""
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        remaining = iter(range(requests))

        async def worker() -> None:
            for _ in remaining:
                response = await client.get(url, headers=headers)
                if response.status_code != 200 or response.json().get("code") != 1:
                    raise RuntimeError(f"{url} answered {response.status_code}: {response.text[:200]}")

        await asyncio.gather(*(worker() for _ in range(min(concurrency, 4))))  # warm up
        remaining = iter(range(requests))
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return requests / (time.perf_counter() - started)


def _serve(target: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = dynamodb.free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            *target,
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 120  # a loaded machine can take a minute to start uvicorn
    while not dynamodb.port_is_open(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"uvicorn {target} did not start")
        time.sleep(0.1)
    return proc, f"http://127.0.0.1:{port}"


def _setup(endpoint: str) -> tuple[str, str, dict]:
    """Seed the tables; return (member token, member table, member key)."""
    from functions.core.settings import get_settings
    from functions.models.user import User
    from functions.seed import seed
    from functions.services.sessions import open_session

    get_settings.cache_clear()
    seed()
    user = User.create("benchmember", "bench-password-1", email="bench@example.com")
    token = open_session("user", user.id, remember=True)["token"]
    return token, User.Meta.table_name, {"id": {"N": str(user.id)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with local_dynamodb() as endpoint:
        token, table, key = _setup(endpoint)
        env = {**os.environ, "BENCH_TABLE": table, "BENCH_KEY_JSON": json.dumps(key)}
        product, baseline = [], []
        for _ in range(args.rounds):
            for target, headers, path, results in (
                (
                    ["functions.app:create_app", "--factory"],
                    {"ba-user-token": token},
                    "/srv/api/account/profile",
                    product,
                ),
                (["bench.bare_getitem:app"], {}, "/", baseline),
            ):
                proc, base = _serve(target, env)
                try:
                    results.append(asyncio.run(_load(base + path, headers, args.requests, args.concurrency)))
                finally:
                    proc.terminate()
                    proc.wait()
    result = {
        "requests": args.requests,
        "concurrency": args.concurrency,
        "product_rps": round(max(product), 1),
        "baseline_rps": round(max(baseline), 1),
    }
    result["ratio"] = round(result["product_rps"] / result["baseline_rps"], 3)
    result["budget_ratio"] = BUDGET_RATIO
    result["within_budget"] = result["ratio"] >= BUDGET_RATIO
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]  # the machine is shared
    record("api_throughput", result)
    print(
        f"API throughput: product {result['product_rps']} req/s, baseline {result['baseline_rps']} req/s, "
        f"ratio {result['ratio']} (budget ≥ {BUDGET_RATIO})"
    )
    return 0 if result["within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
