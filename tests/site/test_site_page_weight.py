"""The page-weight benchmark runs over the built site and records its result; every screen in both
languages stays within DESIGN §5's budget (HTML + CSS + JS ≤ 60 KB gzip) and needs no external
script or font."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bench import page_weight


def test_page_weight_is_recorded_and_within_budget(built_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "page_weight.json"
    assert page_weight.main(["--site", str(built_site), "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["budget_gzip_bytes"] == 60 * 1024
    pages = {row["page"] for row in data["results"]}
    for screen in ["/", "/jiang/", "/yuangong/", "/shebei/", "/culture/", "/zizhi/", "/about/", "/xiang/"]:
        assert screen in pages and "/en" + screen in pages
    assert all(row["css_gzip"] > 0 for row in data["results"]), "the stylesheet was not counted"
    assert data["all_within_budget"], [r for r in data["results"] if not r["within_budget"]]


def test_no_external_scripts_styles_or_fonts(built_site: Path) -> None:
    resource = re.compile(
        r"<script\b[^>]*\bsrc=\"([^\"]+)|<link\b[^>]*rel=\"(?:stylesheet|icon|preload)\"[^>]*href=\"([^\"]+)"
    )
    for page in built_site.rglob("*.html"):
        for match in resource.finditer(page.read_text(encoding="utf-8")):
            url = match[1] or match[2]
            assert url.startswith("/") and not url.startswith("//"), f"{page}: external resource {url}"
    css = (built_site / "theme" / "css" / "site.css").read_text(encoding="utf-8")
    assert "@font-face" not in css and "@import" not in css
