"""axe-core in Playwright, shared by the suites: the public site (tests/site) and the web app
(tests/e2e). `serious_violations(page, where)` lists what axe finds at the serious or critical level
against WCAG 2.1 A/AA and best practices, one line per rule with up to three of its elements."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


@cache
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` in the repository root")
    return AXE.read_text(encoding="utf-8")


def serious_violations(page: Page, where: str, rules: list[str] | None = None) -> list[str]:
    """Run axe on the page as it is now: every rule of `AXE_TAGS`, or only `rules` (axe is injected once
    a document; the context needs `bypass_csp=True`)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": AXE_TAGS}
    result = page.evaluate(
        "only => axe.run(document, {runOnly: only, resultTypes: ['violations']})",
        only,
    )
    return [
        f"{where}: {violation['id']} ({violation['impact']}) {[n['target'] for n in violation['nodes'][:3]]}"
        for violation in result["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
