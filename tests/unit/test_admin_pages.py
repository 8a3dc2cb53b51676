"""The back office's two sides agree on its pages: every built-in menu rule opens a page file of the web
app (`webapp/src/features/admin/<component>/<name>-page.tsx`, found by the app at build time), and
every page file is the component of a built-in menu rule or of the designed tables' menus."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from functions.services.default_rules import DEFAULT_ADMIN_RULES

PAGES = Path(__file__).resolve().parents[2] / "webapp" / "src" / "features" / "admin"
DESIGNED_PAGE = "crud/designed"  # the component of every designed table's menu (functions.services.designs)


def menu_components(specs: list[dict[str, Any]]) -> Iterator[str]:
    for spec in specs:
        if spec.get("type", "menu") == "menu":
            yield spec.get("component", spec["name"])
        yield from menu_components(spec.get("children", []))


def page_files() -> set[str]:
    return {
        path.parent.relative_to(PAGES).as_posix()
        for path in PAGES.rglob("*-page.tsx")
        if path.relative_to(PAGES).parts[0] != "shell" and "__tests__" not in path.parts
    }


def test_every_menu_rule_opens_a_page_and_every_page_has_a_menu() -> None:
    components = set(menu_components(DEFAULT_ADMIN_RULES))
    pages = page_files()
    assert components - pages == set(), "menu rules without a page file"
    assert pages - components - {DESIGNED_PAGE} == set(), "page files no menu rule opens"
    assert len(components) > 15
