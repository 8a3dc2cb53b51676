"""Lighthouse (mobile) on the login screens and the public pages of the real local server.

    .venv/bin/python -m bench.lighthouse [--runs N] [path ...]

Starts the real local server (functions.local.harness, like the other benchmarks), then runs the
npm `lighthouse` CLI of the repository's package.json (`npm ci` at the root installs it) once per page
with the machine's Chromium (`CHROME_PATH`, default /usr/bin/chromium; headless, no sandbox, no GPU, no
background networking). Lighthouse's defaults: mobile form factor, simulated slow 4G and a 4× slower
CPU. Records the four category scores (0–100) of each page, and the audits that cost points, in
bench/results/lighthouse.json; exits non-zero when a page is below its target (issue 17, DESIGN §5):

- `/user/login`, `/admin/login`: performance ≥ 90, accessibility 100, best practices 100 (SEO recorded,
  no target: the app's screens are not for search engines);
- every public page (both languages' home pages and the sections): 100 in all four.

The performance score moves from run to run (Lighthouse simulates the throttling from what it measured,
and a freshly started Chromium's first layout here is mostly font set-up): each page is measured
`--runs` times (5 by default, as Lighthouse's docs/variability.md advises: the median of five runs is
about twice as stable as one) and the run Lighthouse's own `computeMedianRun` picks (the one nearest
the median first paint and time to interactive) gives the page's performance; every run's score is
recorded beside it. Accessibility, best practices and SEO do not vary; they come from the first run.
Run it on a quiet machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import record
from functions.local.harness import REPO_ROOT, local_server

CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
APP_TARGET = {"performance": 90, "accessibility": 100, "best-practices": 100}
PUBLIC_TARGET = dict.fromkeys(CATEGORIES, 100)
PAGES: dict[str, dict[str, int]] = {
    "/user/login": APP_TARGET,
    "/admin/login": APP_TARGET,
    **{
        path: PUBLIC_TARGET
        for path in (
            "/",
            "/en/",
            "/jiang/",
            "/zizhi/",
            "/yuangong/",
            "/shebei/",
            "/culture/",
            "/about/",
            "/xiang/",
            "/news/",
        )
    },
}
DEFAULT_RUNS = 5
# Lighthouse's own choice of the representative run (lighthouse/core/lib/median-run.js).
MEDIAN_RUN_JS = """
import {readFileSync} from 'node:fs';
import {computeMedianRun} from 'lighthouse/core/lib/median-run.js';
const runs = process.argv.slice(1).map((path) => JSON.parse(readFileSync(path, 'utf8')));
process.stdout.write(String(runs.indexOf(computeMedianRun(runs))));
"""
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
)


def lighthouse_bin() -> Path:
    path = REPO_ROOT / "node_modules" / ".bin" / "lighthouse"
    if not path.exists():
        raise SystemExit("npm lighthouse is not installed: run `npm ci` in the repository root")
    return path


def run_lighthouse(url: str, out: Path, categories: tuple[str, ...] = CATEGORIES) -> dict:
    """One Lighthouse run (mobile, the default); its JSON report."""
    subprocess.run(
        [
            str(lighthouse_bin()),
            url,
            "--quiet",
            f"--chrome-flags={CHROME_FLAGS}",
            f"--only-categories={','.join(categories)}",
            "--output=json",
            f"--output-path={out}",
        ],
        env={**os.environ, "CHROME_PATH": CHROME_PATH},
        check=True,
        timeout=300,
    )
    return json.loads(out.read_text(encoding="utf-8"))


def median_run(reports: list[Path]) -> int:
    """The index of the run Lighthouse's computeMedianRun picks among these reports."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", MEDIAN_RUN_JS, *map(str, reports)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return int(result.stdout)


def measure(url: str, work: Path, runs: int) -> tuple[dict, list[int]]:
    """The page's report: every category from the first run, performance from the median of `runs`
    runs (the others measure performance only); and each run's performance score."""
    paths = [work / f"run-{index}.json" for index in range(runs)]
    reports = [
        run_lighthouse(url, path, CATEGORIES if index == 0 else ("performance",))
        for index, path in enumerate(paths)
    ]
    median = reports[median_run(paths)]
    report = {
        "categories": {**reports[0]["categories"], "performance": median["categories"]["performance"]},
        "audits": {**reports[0]["audits"], **median["audits"]},
    }
    return report, [round((r["categories"]["performance"]["score"] or 0) * 100) for r in reports]


def summarise(report: dict, target: dict[str, int]) -> dict:
    """The category scores, the audits below full marks that count in a category, a few metrics."""
    categories = report["categories"]
    scores = {name: round((categories[name]["score"] or 0) * 100) for name in CATEGORIES}
    audits = report["audits"]
    weighted = {ref["id"] for cat in categories.values() for ref in cat["auditRefs"] if ref.get("weight")}
    losing = sorted(
        f"{audit_id}: {audits[audit_id].get('displayValue') or audits[audit_id]['title']}"
        for audit_id in weighted
        if audits[audit_id].get("score") is not None and audits[audit_id]["score"] < 1
    )
    return {
        "scores": scores,
        "target": target,
        "within_target": all(scores[name] >= minimum for name, minimum in target.items()),
        "losing_audits": losing,
        "metrics": {name: audits[name].get("displayValue") for name in METRICS if name in audits},
    }


def main(argv: list[str]) -> int:
    runs = DEFAULT_RUNS
    if argv[:1] == ["--runs"]:
        runs, argv = max(1, int(argv[1])), argv[2:]
    paths = argv
    if not Path(CHROME_PATH).exists() and not shutil.which(CHROME_PATH):
        raise SystemExit(f"no Chromium at {CHROME_PATH} (set CHROME_PATH)")
    pages = {path: PAGES.get(path, PUBLIC_TARGET) for path in paths} if paths else PAGES
    rows = {}
    with tempfile.TemporaryDirectory() as var_dir, local_server(Path(var_dir), "bench-") as server:
        for path, target in pages.items():
            report, performance_runs = measure(server.url(path), Path(var_dir), runs)
            rows[path] = {**summarise(report, target), "performance_runs": performance_runs}
            scores = rows[path]["scores"]
            print(
                f"{path:14} " + " ".join(f"{name} {scores[name]:3}" for name in CATEGORIES),
                f"(runs {performance_runs})",
                "" if rows[path]["within_target"] else " BELOW TARGET",
                flush=True,
            )
    if not paths:  # a partial run (pages named on the command line) is not recorded
        record(
            "lighthouse",
            {"chrome_flags": CHROME_FLAGS, "form_factor": "mobile", "runs_per_page": runs, "pages": rows},
        )
    return 0 if all(row["within_target"] for row in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
