"""Every icon a designed table's menu names is one the back-office shell ships
(webapp/src/features/admin/shell/menu-icon-set.ts): otherwise its menu shows the fallback icon."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_design_icons_are_in_the_shells_icon_set() -> None:
    shipped = set(
        re.findall(
            r"\b([A-Z][A-Za-z]+Outlined)\b",
            (ROOT / "webapp/src/features/admin/shell/menu-icon-set.ts").read_text(encoding="utf-8"),
        )
    )
    named = {
        json.loads(p.read_text(encoding="utf-8"))["icon"]
        for p in (ROOT / "functions/data/designs").glob("*.json")
    }
    assert named and named <= shipped, sorted(named - shipped)
    assert "TableOutlined" in shipped  # the default icon of a new design
