"""Page weight of the public site: gzip bytes of HTML + CSS + JS per screen, both languages.

    .venv/bin/python -m bench.page_weight [--site site] [--out bench/results/page_weight.json]

For every HTML page in the build it adds the page itself and each same-origin stylesheet and
script it references (inline scripts and styles are part of the HTML), each gzipped separately at
level 9 as a server would send them. Images are not counted (DESIGN §5: the budget is HTML + CSS +
JS, ≤ 60 KB gzip). Writes a JSON report and prints a table; exits 1 when a page is over budget.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

BUDGET_BYTES = 60 * 1024
ROOT = Path(__file__).resolve().parents[1]
ASSET_RE = re.compile(
    r"<link\b[^>]*rel=\"stylesheet\"[^>]*href=\"(?P<css>/[^\"?#]+)|<script\b[^>]*src=\"(?P<js>/[^\"?#]+)"
)


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def page_url(rel: str) -> str:
    return "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def measure(site: Path) -> list[dict]:
    rows = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        html = path.read_bytes()
        css = js = 0
        for match in ASSET_RE.finditer(html.decode("utf-8")):
            asset = site / (match["css"] or match["js"]).lstrip("/")
            size = gzip_size(asset.read_bytes())
            if match["css"]:
                css += size
            else:
                js += size
        html_gz = gzip_size(html)
        rows.append(
            {
                "page": page_url(rel),
                "lang": "en" if rel.startswith("en/") else "zh-cn",
                "html_gzip": html_gz,
                "css_gzip": css,
                "js_gzip": js,
                "total_gzip": html_gz + css + js,
                "within_budget": html_gz + css + js <= BUDGET_BYTES,
            }
        )
    return rows


def report(rows: list[dict]) -> dict:
    totals = [row["total_gzip"] for row in rows]
    return {
        "budget_gzip_bytes": BUDGET_BYTES,
        "pages": len(rows),
        "max_total_gzip": max(totals),
        "median_total_gzip": sorted(totals)[len(totals) // 2],
        "all_within_budget": all(row["within_budget"] for row in rows),
        "results": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="gzip weight of HTML+CSS+JS per page")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "page_weight.json")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no site at {args.site}: run `python -m functions.publish.build` first", file=sys.stderr)
        return 2
    data = report(measure(args.site))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"{'page':44} {'html':>7} {'css':>7} {'js':>6} {'total':>8}")
    for row in data["results"]:
        flag = "" if row["within_budget"] else "  OVER BUDGET"
        print(
            f"{row['page']:44} {row['html_gzip']:7,} {row['css_gzip']:7,} {row['js_gzip']:6,} "
            f"{row['total_gzip']:8,}{flag}"
        )
    print(f"{data['pages']} pages; max {data['max_total_gzip']:,} B, budget {BUDGET_BYTES:,} B gzip")
    return 0 if data["all_within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
