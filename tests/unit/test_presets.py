"""Validation presets (issue 36 item 3): the server decides the shared cases as the browser does
(`webapp/src/lib/__tests__/presets.test.ts` runs the same file against `webapp/src/lib/presets.ts`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from functions.services import presets

WEBAPP = Path(__file__).resolve().parents[2] / "webapp" / "src" / "lib"
CASES = json.loads((WEBAPP / "__tests__" / "preset-cases.json").read_text(encoding="utf-8"))


def test_the_server_decides_every_shared_case_as_the_browser() -> None:
    wrong = [c for c in CASES if presets.passes(c["preset"], c["value"]) != c["passes"]]
    assert wrong == []


def test_both_sides_offer_the_same_presets_and_the_cases_cover_each() -> None:
    script = (WEBAPP / "presets.ts").read_text(encoding="utf-8")
    listed = re.search(r"PRESET_NAMES = \[(.*?)\] as const", script, re.S)
    assert listed is not None
    assert re.findall(r"'(\w+)'", listed.group(1)) == list(presets.NAMES)
    for name in presets.NAMES:
        values = [c["passes"] for c in CASES if c["preset"] == name and c["value"]]
        assert True in values and False in values, name
