"""Static build speed at 1,000 published records (DESIGN §5: ≤ 20 ms per page).

    .venv/bin/python -m bench.static_build [--records 1000]

Copies content/ to a temporary folder, adds `--records` project records (each becomes a detail page
in both languages, and all of them appear in the project list), runs the same build as
`make build` (functions.publish.build.build) into a temporary output folder, and divides the wall
time by the number of HTML pages written. Writes bench/results/static_build.json.
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench.common import record
from functions.publish.build import build

ROOT = Path(__file__).resolve().parents[1]
BUDGET_MS_PER_PAGE = 20.0


def add_projects(content: Path, count: int) -> None:
    path = content / "data" / "projects.json"
    projects = json.loads(path.read_text(encoding="utf-8"))
    template = projects[0]
    for n in range(count):
        project = json.loads(json.dumps(template))
        project.update(id=f"bench-project-{n:04d}", sort=1000 + n, featured=False)
        project["title"] = {"zh-cn": f"基准项目 {n:04d}", "en": f"Benchmark project {n:04d}"}
        projects.append(project)
    path.write_text(json.dumps(projects, ensure_ascii=False), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000)
    args = parser.parse_args()
    logging.getLogger("pelican").setLevel(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="cityops-bench-") as tmp:
        content, output = Path(tmp) / "content", Path(tmp) / "site"
        shutil.copytree(ROOT / "content", content)
        add_projects(content, args.records)
        started = time.perf_counter()
        build(content_dir=content, output_dir=output, public_url="https://example.com", production=False)
        seconds = time.perf_counter() - started
        pages = sum(1 for _ in output.rglob("*.html"))
    per_page_ms = seconds * 1000 / pages
    result = {
        "records_added": args.records,
        "pages": pages,
        "seconds": round(seconds, 2),
        "ms_per_page": round(per_page_ms, 2),
        "budget_ms_per_page": BUDGET_MS_PER_PAGE,
        "within_budget": per_page_ms <= BUDGET_MS_PER_PAGE,
    }
    record("static_build", result)
    print(f"static build: {pages} pages in {seconds:.1f} s, {per_page_ms:.1f} ms per page (budget ≤ 20)")
    return 0 if result["within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
