"""A publish that reuses the previous build (the pages of unchanged records are its files, hard-linked:
`functions.publish.site_data.render_cache.RenderCache`) serves exactly the site a full build of the
same records makes:
after a random sequence of record changes — a title edited, a row added, a row made a draft, a draft
published again, a row deleted, a date moved (the paged news lists shift) — each published in turn, the
live site's files are byte for byte those of a build from nothing."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from functions.core.settings import REPO_ROOT, get_settings
from functions.models.design import Record
from functions.publish import export, pipeline

NEWS = "business/news"
FIRST = 996_001  # ids of this test's rows (other suites' news rows are left alone)
START_ROWS = 24  # more than one list page (20 a page)


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dynamodb: Any) -> Iterator[Path]:
    """A private copy of content/, and business/news rows exported as if the design existed."""
    copy = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", copy)
    monkeypatch.setattr(get_settings(), "content_dir", copy)
    real_fields = export.design_fields
    monkeypatch.setattr(export, "design_fields", lambda name: {} if name == NEWS else real_fields(name))
    yield copy
    for item in Record.query(NEWS, Record.id.between(FIRST, FIRST + 999)):
        item.delete()


def save(row_id: int, **values: Any) -> None:
    base = {
        "title": f"增量发布{row_id}",
        "title_en": f"Incremental {row_id}",
        "content": f"<p>正文{row_id}</p>",
        "content_en": f"<p>Body {row_id}</p>",
        "publish_time": 1_767_225_600 + (row_id - FIRST) * 86_400,
        "status": "enable",
    }
    try:
        item = Record.get(NEWS, row_id)
        base = item.values()
    except Record.DoesNotExist:
        item = Record(NEWS, row_id, design=NEWS)
    item.data = json.dumps(base | values, ensure_ascii=False)
    item.save()


def change(rng: random.Random, rows: list[int], drafts: set[int]) -> str:
    """One random change of the back office's news rows; returns what it did."""
    live = [r for r in rows if r not in drafts]
    kind = rng.choice(["edit", "add", "draft", "publish", "delete", "move"])
    if kind == "publish" and drafts:
        row = rng.choice(sorted(drafts))
        drafts.discard(row)
        save(row, status="enable")
    elif kind == "draft" and live:
        row = rng.choice(live)
        drafts.add(row)
        save(row, status="disable")
    elif kind == "delete" and live:
        row = rng.choice(live)
        rows.remove(row)
        Record.get(NEWS, row).delete()
    elif kind == "move" and live:
        row = rng.choice(live)
        save(row, publish_time=1_767_225_600 + rng.randrange(0, 60) * 86_400)
    elif kind == "add":
        row = max(rows) + 1
        rows.append(row)
        save(row)
    else:
        kind, row = "edit", rng.choice(rows)
        save(row, title_en=f"Edited {row} {rng.random():.6f}")
    return f"{kind} #{row}"


@pytest.mark.parametrize("seed", [37])
def test_an_incremental_publish_serves_what_a_full_build_makes(
    content: Path, tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    rows = list(range(FIRST, FIRST + START_ROWS))
    drafts: set[int] = set()
    for row in rows:
        save(row)
    site = tmp_path / "site"
    pipeline.publish_local("first", lambda _line: None, site)

    done = []
    for step in range(5):
        done.append(change(rng, rows, drafts))
        summary = pipeline.publish_local(f"step-{step}", lambda _line: None, site)
        assert summary["written"] < summary["files"], done  # a change, not a new site

    full = pipeline.build_release(tmp_path / "full", lambda _line: None)  # no earlier build
    live = pipeline.make_manifest(site)
    assert pipeline.diff(full.manifest, live).paths == [], done
    assert live == full.manifest, done
