"""How a publish grows with the number of published records (issue 37, item 6).

    nice -n 10 .venv/bin/python -m bench.publish_growth [--sizes 100 1000 10000 100000]

One DynamoDB Local seeded like a fresh install; for each size (ascending: rows are added to reach it)
business/news holds that many published rows (each has a page per language, and they fill the paged
news lists), and in a fresh site folder:

- **full**: the first publish (`functions.publish.pipeline.publish_local`, no earlier build: every
  page rendered, as after a design or theme change);
- **one record**: one row's English title changed, publish again (pages of unchanged records are
  the previous build's files, hard-linked).

Each run records its seconds, the files in the build, the files it wrote
(new files: not hard links of the previous build), the files changed by content hash, and what the
process read and wrote (`/proc/self/io`: rchar/wchar — files and DynamoDB's answers — and the read
and write calls) and the CPU seconds this process used (user + system, all its threads; DynamoDB
Local's java process not counted): on a shared machine the wall time mostly measures the wait for a
core, the CPU time what the publish costs. The machine's load average is recorded before and after
each size (compare sizes within one run).

Writes bench/results/publish_growth.json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import record
from bench.publish import FIRST_NEWS_ID, NEWS, seeded_install, write_news_rows


def proc_io() -> dict[str, int]:
    fields = {}
    for line in Path("/proc/self/io").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = int(value)
    return {key: fields[key] for key in ("rchar", "wchar", "syscr", "syscw")}


def timed_publish(job_id: str, site: Path, previous: Path | None) -> dict[str, Any]:
    from functions.publish.pipeline import builds_dir, publish_local, walk_files

    lines: list[str] = []
    before, cpu_before = proc_io(), resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    summary = publish_local(job_id, lines.append, site)
    seconds = time.perf_counter() - started
    after, cpu_after = proc_io(), resource.getrusage(resource.RUSAGE_SELF)
    cpu = cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    build = builds_dir(site) / job_id
    files = walk_files(build)
    old = walk_files(previous) if previous else {}
    written = sum(1 for rel, inode in files.items() if old.get(rel) != inode)
    return {
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "files_in_build": len(files),
        "files_written": written,
        "files_linked": len(files) - written,
        "files_changed": len(summary["changed"]),  # type: ignore[arg-type]
        "files_removed": len(summary["removed"]),  # type: ignore[arg-type]
        "io": {key: after[key] - before[key] for key in after},
        "log": lines,
    }


def change_one(count: int) -> None:
    from functions.models.design import Record

    item = Record.get(NEWS, FIRST_NEWS_ID + count // 2)  # an item in the middle of the lists
    item.data = json.dumps(item.values() | {"title_en": f"News changed by the bench {time.time_ns()}"})
    item.save()


def measure(sizes: list[int]) -> list[dict[str, Any]]:
    from functions.publish.pipeline import builds_dir

    results = []
    with seeded_install("bench-publish-growth-") as root:
        have = 0
        for size in sorted(sizes):
            load_before = os.getloadavg()
            started = time.perf_counter()
            write_news_rows(have, size)
            rows_seconds = time.perf_counter() - started
            have = size
            site = root / f"site-{size}"
            full = timed_publish(f"full-{size}", site, None)
            change_one(size)
            one = timed_publish(f"one-{size}", site, builds_dir(site) / f"full-{size}")
            result = {
                "records": size,
                "rows_written_seconds": round(rows_seconds, 3),
                "full": full,
                "one_record": one,
                "load_before": [round(x, 2) for x in load_before],
                "load_after": [round(x, 2) for x in os.getloadavg()],
            }
            brief = {key: [run[key] for run in (full, one)] for key in ("seconds", "cpu_seconds")}
            print(json.dumps(result | {"full": None, "one_record": None} | brief), flush=True)
            results.append(result)
            record("publish_growth", {"sizes": results, "cpus": os.cpu_count()})  # kept if stopped
            shutil.rmtree(builds_dir(site), ignore_errors=True)
            site.unlink(missing_ok=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000, 100_000])
    args = parser.parse_args()
    measure(args.sizes)
    print("recorded in bench/results/publish_growth.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
