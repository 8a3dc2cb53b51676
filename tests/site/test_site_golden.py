"""Golden-output tests: a fixed fixture content tree (tests/site/fixture/content) is built and
representative pages are compared byte for byte with tests/site/golden/.

The build is deterministic (no dates, sorted inputs); the only volatile value, the stylesheet's
content hash in `?v=…`, is normalised so a CSS tweak does not invalidate every golden file.
After an intended change to templates or the plugin, regenerate and review the diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/site/test_site_golden.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.site.conftest import REPO_ROOT, run_build

FIXTURE = Path(__file__).parent / "fixture" / "content"
GOLDEN = Path(__file__).parent / "golden"
PAGES = [
    "index.html",
    "en/index.html",
    "jiang/index.html",
    "en/xiang/index.html",
    "xiang/riverside-park/index.html",
    "en/xiang/riverside-park/index.html",
    "404.html",
    "en/404.html",
    "sitemap.xml",
    "robots.txt",
]
ASSET_HASH = re.compile(r"\?v=[0-9a-f]{10}")


def normalise(text: str) -> str:
    return ASSET_HASH.sub("?v=HASH", text)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(FIXTURE, tmp_path_factory.mktemp("golden") / "site", "https://www.cityops.example.cn")


@pytest.mark.parametrize("rel", PAGES)
def test_page_matches_golden(fixture_site: Path, rel: str) -> None:
    actual = normalise((fixture_site / rel).read_text(encoding="utf-8"))
    golden = GOLDEN / rel
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    assert golden.is_file(), f"no golden file for {rel}: run with UPDATE_GOLDEN=1 and review it"
    expected = golden.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{rel} differs from {golden.relative_to(REPO_ROOT)} (UPDATE_GOLDEN=1 to accept)"
    )


def test_build_is_deterministic(fixture_site: Path, tmp_path: Path) -> None:
    again = run_build(FIXTURE, tmp_path / "site", "https://www.cityops.example.cn")
    first = {p.relative_to(fixture_site): p.read_bytes() for p in fixture_site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    changed = [str(k) for k in first if first[k] != second[k]]
    assert not changed, f"files differ between two builds: {changed}"


def test_public_url_is_used_for_canonical_links(fixture_site: Path) -> None:
    html = (fixture_site / "en/xiang/riverside-park/index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://www.cityops.example.cn/en/xiang/riverside-park/">' in html
