"""A publish exports every enabled row of a table, however many there are: past 10,000 rows the
oldest published ones used to drop off the public site without a word (the export read at most
10,000 rows of a design, drafts included).

10,001 milestones of business/history (one list page: /about/history shows them all, so the build
stays seconds) are written straight into DynamoDB Local with batch writes, a few of them drafts; the
publish's own export writes the data files and the site is built from them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from functions.core.settings import REPO_ROOT
from tests.site.conftest import run_build

DESIGN = "business/history"
ROWS = 10_001
DRAFTS = {2, 5_000, ROWS}  # never on the site, whatever their place in the table


def seed_history(rows: int, drafts: set[int]) -> None:
    """Rows 1..`rows` of business/history as the back office stores them (data and index slots),
    row 1 the oldest; the design saved first, as the seed saves it."""
    from functions.models.design import Record, filter_key
    from functions.services.designs import DesignDoc, save_design

    path = REPO_ROOT / "functions/data/designs/history.json"
    doc = DesignDoc.model_validate_json(path.read_text(encoding="utf-8"))
    save_design(doc, confirm=True)
    slots = doc.slots()
    with Record.batch_write() as batch:
        for n in range(1, rows + 1):
            values = {
                "year": 1000 + n,
                "event": f"里程碑{n}",
                "event_en": f"Milestone {n}",
                "weigh": n,
                "status": "disable" if n in drafts else "enable",
            }
            item = Record(DESIGN, n, design=DESIGN, data=json.dumps(values, ensure_ascii=False))
            for slot, field in slots.items():
                value = values.get(field)
                setattr(item, slot, value if slot == "n1" else filter_key(DESIGN, field, value))
            batch.save(item)


def test_every_published_row_is_on_the_site_past_ten_thousand_rows(dynamodb: Any, tmp_path: Path) -> None:
    from functions.publish.export import export_site_data
    from tests.conftest import isolated

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    with isolated(dynamodb):
        seed_history(ROWS, DRAFTS)
        export_site_data(content / "data")
    site = run_build(content, tmp_path / "site")

    pages = (("about/history/index.html", "里程碑{}"), ("en/about/history/index.html", "Milestone {}"))
    for page, text in pages:
        html = (site / page).read_text(encoding="utf-8")
        shown = html.count("timeline-year")
        assert shown == ROWS - len(DRAFTS), (page, shown)
        # The oldest published row (the first written) is there; the drafts are not.
        assert f"<p>{text.format(1)}</p>" in html, page
        assert f"<p>{text.format(ROWS - 1)}</p>" in html, page
        for n in DRAFTS:
            assert f"<p>{text.format(n)}</p>" not in html, (page, n)
