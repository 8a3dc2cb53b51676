"""Shared by the benchmarks: where results go and how they are written."""

from __future__ import annotations

import json
import platform
import time
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
