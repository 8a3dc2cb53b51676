"""The company history (/about/history) and the about section's menu labels come from the back office
(issue 13): the enabled rows of 发展历程 (business/history) become the milestones of the page in both
languages, oldest year first, drafts never; a page record of 单页内容 (business/page) names its page in
the about section's side menu (its menu label, else its title) and keeps the file's text when it has
no body of its own. Exported by the publish's own export into a copy of content/, then built."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from functions.core.settings import REPO_ROOT
from functions.publish import export, site_records
from functions.publish.site_data.checks import load_records
from tests.api.test_export import _exported_from_tables, _row
from tests.site.conftest import run_build

ABOUT = ["about", "about/history", "about/organization", "about/contact"]


def side_menu(html: str) -> list[str]:
    nav = html[
        html.index('<nav class="side-nav"') : html.index("</nav>", html.index('<nav class="side-nav"'))
    ]
    return re.findall(r'<a href="[^"]*"[^>]*>([^<]*)</a>', nav)


def milestones(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<time class="timeline-year" datetime="(\d+)">\d+</time><p>([^<]*)</p>', html)


def test_published_milestones_reach_the_history_page_and_drafts_do_not(
    dynamodb, tmp_path: Path, monkeypatch
) -> None:
    design = _exported_from_tables(monkeypatch, history=site_records.history_record)["history"]
    _row(design, 1, {"year": 2026, "event": "东湖绿道全线开放", "event_en": "East Lake greenway opens"})
    _row(design, 2, {"year": 2009, "event": "公司成立", "event_en": "Company founded", "status": "enable"})
    _row(
        design, 3, {"year": 2026, "event": "尚未公布的里程碑", "event_en": "Unannounced", "status": "disable"}
    )
    _row(design, 4, {"year": 2026, "event": "智慧环卫平台上线", "weigh": 10})  # no English: the Chinese
    _row(design, 5, {"year": 0, "event": "没有年份"})  # a row without a year is left out

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    export.export_site_data(content / "data")
    history = load_records(content)["history"]
    assert [(r["id"], r["year"]) for r in history] == [
        ("history-2", 2009),
        ("history-4", 2026),
        ("history-1", 2026),
    ]

    site = run_build(content, tmp_path / "site")
    zh = (site / "about/history/index.html").read_text(encoding="utf-8")
    en = (site / "en/about/history/index.html").read_text(encoding="utf-8")
    assert milestones(zh) == [
        ("2009", "公司成立"),
        ("2026", "智慧环卫平台上线"),
        ("2026", "东湖绿道全线开放"),
    ]
    assert milestones(en) == [
        ("2009", "Company founded"),
        ("2026", "智慧环卫平台上线"),
        ("2026", "East Lake greenway opens"),
    ]
    for html in (zh, en):
        assert "尚未公布" not in html and "Unannounced" not in html and "没有年份" not in html
        assert "公司成立，承接滨江新区" not in html  # the seed's milestones were replaced, not added to
        assert "<script" not in html[html.index("<main") : html.index("</main>")]  # pre-rendered
    # The page keeps its title and lead (the Markdown file's, no page record here).
    assert "<h1>发展历程</h1>" in zh and "从一支保洁队到综合城市服务商。" in zh
    assert "<h1>History</h1>" in en


def test_page_records_name_the_about_pages_in_the_side_menu(dynamodb, tmp_path: Path, monkeypatch) -> None:
    design = _exported_from_tables(monkeypatch, pages=site_records.page_record)["pages"]
    page = {"slug": "about-history", "title": "我们的历程", "title_en": "Our story", "status": "enable"}
    _row(design, 1, page | {"nav_title": "大事记", "nav_title_en": "Milestones", "lead": "", "content": ""})
    _row(design, 2, {"slug": "about-organization", "title": "机构设置", "title_en": "Our structure"})
    _row(design, 3, {"slug": "about-contact", "title": "草稿", "title_en": "Draft", "status": "disable"})

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    export.export_site_data(content / "data")
    pages = {r["id"]: r for r in load_records(content)["pages"]}
    assert set(pages) == {"about-history", "about-organization"}
    assert "body" not in pages["about-history"] and "description" not in pages["about-history"]

    site = run_build(content, tmp_path / "site")
    for rel in ABOUT:
        zh = (site / rel / "index.html").read_text(encoding="utf-8")
        en = (site / "en" / rel / "index.html").read_text(encoding="utf-8")
        # The menu label, else the record's title; the pages without a record: their front matter.
        assert side_menu(zh) == ["公司简介", "大事记", "机构设置", "联系我们"], rel
        assert side_menu(en) == ["Company profile", "Milestones", "Our structure", "Contact"], rel
    history = (site / "about/history/index.html").read_text(encoding="utf-8")
    assert "<h1>我们的历程</h1>" in history and 'class="lead"' not in history  # the record has no lead
    assert '<meta name="description" content="城市运营公司2009年以来的发展历程和重要里程碑。">' in history
    assert len(milestones(history)) == 10  # no body of its own: the page's own content stays
    organization = (site / "about/organization/index.html").read_text(encoding="utf-8")
    assert "<h1>机构设置</h1>" in organization and "董事会领导下的总经理负责制" in organization
