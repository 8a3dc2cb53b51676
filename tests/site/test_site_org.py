"""The organisation chart page (/about/organization, functions/publish/orgchart.py): drawn from
content/data/org.json as nested lists, readable without JavaScript on a phone and a wide screen;
hidden units left out in both languages, disabled units shown; a broken org.json fails the build
naming the unit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_org import find
from tests.site.conftest import REPO_ROOT, run_build


def test_the_chart_reads_without_javascript(browser: Any, site_server: str) -> None:
    for width in (390, 1440):
        context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(site_server + "/about/organization/")
        chart = page.get_by_role("region", name="组织架构图")
        assert chart.is_visible()
        assert page.locator("script").count() == 0
        root = chart.locator(".org-tree > li > .org-node")
        assert root.inner_text() == "董事会"
        # Nested lists: the divisions are two levels under the board, each unit a list item.
        divisions = chart.locator(".org-tree > li > ul > li > ul > li > .org-node")
        assert divisions.all_inner_texts() == ["业务事业部", "职能部门"]
        finance = chart.get_by_text("财务部", exact=True)
        assert finance.is_visible()
        left, right = (box for box in (d.bounding_box() for d in divisions.all()) if box)
        if width == 1440:  # side by side under the general manager
            assert abs(left["y"] - right["y"]) < 2 and right["x"] > left["x"] + 200
        else:  # one column, each level indented
            assert right["y"] > left["y"] and abs(right["x"] - left["x"]) < 2
            assert finance.bounding_box()["x"] > right["x"]  # type: ignore[index]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        context.close()
    page = browser.new_page(java_script_enabled=False)
    page.goto(site_server + "/en/about/organization/")
    chart = page.get_by_role("region", name="Organisation chart")
    assert chart.locator(".org-tree > li > .org-node").inner_text() == "Board of Directors"
    assert chart.get_by_text("Safety and Quality", exact=True).is_visible()
    page.close()


@pytest.fixture
def content(tmp_path: Path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", copy)
    return copy


def _edit(content: Path, change: Any) -> None:
    path = content / "data" / "org.json"
    tree = json.loads(path.read_text(encoding="utf-8"))
    change(tree)
    path.write_text(json.dumps(tree, ensure_ascii=False), encoding="utf-8")


def test_hidden_units_are_left_out_and_disabled_ones_shown(content: Path, tmp_path: Path) -> None:
    def change(tree: dict[str, Any]) -> None:
        find(tree, "support").update(hidden=True)  # with the five departments under it
        find(tree, "sanitation").update(disabled=True)

    _edit(content, change)
    site = run_build(content, tmp_path / "site")
    zh = (site / "about/organization/index.html").read_text(encoding="utf-8")
    en = (site / "en/about/organization/index.html").read_text(encoding="utf-8")
    for text, hidden, shown in (
        (zh, ("职能部门", "财务部"), ("市政环卫事业部", "业务事业部")),
        (en, ("Support departments", "Finance"), ("Sanitation Division", "Operating divisions")),
    ):
        chart = text[text.index('class="org-chart"') :]
        assert not any(name in chart for name in hidden)
        assert all(name in chart for name in shown)


def test_a_broken_chart_fails_the_build_naming_thefind(content: Path, tmp_path: Path) -> None:
    _edit(content, lambda tree: find(tree, "finance").update(label_en=""))
    with pytest.raises(AssertionError, match="Unit “财务部” needs a Chinese and an English name"):
        run_build(content, tmp_path / "site")
