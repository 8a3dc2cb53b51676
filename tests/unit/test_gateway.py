"""The local gateway routes every path of the shared contract as CloudFront does."""

import json
from pathlib import Path

import pytest

from functions.local.gateway import resolve

CONTRACT = json.loads((Path(__file__).parents[1] / "routing_cases.json").read_text(encoding="utf-8"))
FILES = set(CONTRACT["files"])


@pytest.mark.parametrize("case", CONTRACT["cases"], ids=lambda c: c["path"])
def test_route_matches_contract(case: dict) -> None:
    route = resolve(case["path"], FILES.__contains__)
    if case.get("api"):
        assert route.kind == "api"
    elif case.get("upload"):
        assert (route.kind, route.file) == ("upload", case["upload"])
    elif case.get("spa"):
        assert route.kind == "spa"
    else:
        assert (route.kind, route.file, route.status) == ("static", case["file"], case["status"])


def test_app_assets_are_served_from_the_react_build() -> None:
    assert resolve("/app/assets/index-abc.js", FILES.__contains__).file == "assets/index-abc.js"
