"""Shared by the benchmarks: where results go and how they are written."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import time
from collections.abc import Iterator
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def record(name: str, result: dict) -> Path:
    """Write bench/results/<name>.json with the result and the machine it was measured on."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    payload = {
        "benchmark": name,
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"python": platform.python_version(), "cpus": _cpus(), "system": platform.system()},
        "result": result,
    }
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def _cpus() -> int:
    import os

    return os.cpu_count() or 0


@contextlib.contextmanager
def local_dynamodb(**env: str) -> Iterator[str]:
    """An in-memory DynamoDB Local for one benchmark, with the product's settings pointed at it
    (`CITYOPS_*` environment: test mode, table prefix `bench-`, quiet logs, plus `env`)."""
    from functions.local import dynamodb

    dynamodb.local_credentials()
    with dynamodb.running() as endpoint:
        os.environ.update(
            CITYOPS_DYNAMODB_ENDPOINT=endpoint,
            CITYOPS_ENV="test",
            CITYOPS_TABLE_PREFIX="bench-",
            CITYOPS_LOG_LEVEL="WARNING",
            **env,
        )
        yield endpoint
