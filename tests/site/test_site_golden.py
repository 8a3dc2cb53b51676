"""Golden-output tests: a fixed fixture content tree (tests/site/fixture/content) is built and
representative pages are compared byte for byte with tests/site/golden/.

The fixture's data files are not written by hand: they are what the publish's export
(`functions.publish.export.export_site_data`, the production path) writes for the back-office rows in
tests/site/fixture/rows/<table>.json (one file per designed table, in the format of
functions/data/demo/, loaded through the API's validation). `test_fixture_data_is_what_the_export_writes`
stores those rows in DynamoDB Local, exports them over a copy of the fixture and compares every data
file byte for byte, so a change in the export's shape fails here (and in the golden pages once the
fixture is regenerated). The files no row feeds (site.json: no site Config; equipment.json: no vehicle
rows) are the seed the export starts from and must come out unchanged.

The build is deterministic (no dates, sorted inputs); the only volatile value, the stylesheet's
content hash in `?v=…`, is normalised so a CSS tweak does not invalidate every golden file.
After an intended change to templates or the plugin, regenerate and review the diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/site/test_site_golden.py

which also rewrites the fixture's data files from the rows (after a change to the rows or the export).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import REPO_ROOT, run_build

FIXTURE = Path(__file__).parent / "fixture" / "content"
ROWS = Path(__file__).parent / "fixture" / "rows"
GOLDEN = Path(__file__).parent / "golden"
PAGES = [
    "index.html",
    "en/index.html",
    "jiang/index.html",
    "about/history/index.html",
    "en/about/history/index.html",
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


def test_fixture_data_is_what_the_export_writes(dynamodb: Any, tmp_path: Path) -> None:
    from functions.publish.export import export_site_data
    from functions.services.designs import load_demo_rows, load_design_files
    from tests.conftest import isolated

    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    with isolated(dynamodb):
        load_design_files()
        filled = load_demo_rows(ROWS)
        assert sorted(filled) == sorted(f"business/{p.stem}" for p in ROWS.glob("*.json"))
        written = export_site_data(content / "data")
    assert written, "the export wrote nothing"
    exported = {p.name: p.read_bytes() for p in sorted((content / "data").glob("*.json"))}
    if os.environ.get("UPDATE_GOLDEN"):
        for name, data in exported.items():
            (FIXTURE / "data" / name).write_bytes(data)
    fixture = {p.name: p.read_bytes() for p in sorted((FIXTURE / "data").glob("*.json"))}
    assert sorted(exported) == sorted(fixture)
    differ = [name for name in exported if exported[name] != fixture[name]]
    assert not differ, f"the export writes other data than the fixture has: {differ} (UPDATE_GOLDEN=1)"


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
