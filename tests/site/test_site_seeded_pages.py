"""Awards, qualifications, the company history, the home page's services and the texts and menu labels of
/about, its sub-pages and /culture come from the back office (business/award, business/qualification,
business/history, business/service, business/page; issue 13). A fresh
install's first publish — the seeded rows exported over content/ and built — gives these pages exactly
as the seed files draw them, in both languages; a page record replaces the text of its Markdown page
(title, lead, description, body) and keeps its layout; without one the file's own text is shown."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.site.conftest import REPO_ROOT, run_build

SAME = [
    "jiang/index.html",
    "en/jiang/index.html",
    "zizhi/index.html",
    "en/zizhi/index.html",
    "about/index.html",
    "en/about/index.html",
    "about/history/index.html",
    "en/about/history/index.html",
    "about/organization/index.html",
    "en/about/organization/index.html",
    "about/contact/index.html",
    "en/about/contact/index.html",
    "culture/index.html",
    "en/culture/index.html",
]


def main(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


@pytest.mark.parametrize("rel", SAME)
def test_the_seeded_publish_draws_the_page_as_the_seed_files_do(
    built_site: Path, seeded_site: Path, rel: str
) -> None:
    seeded = (seeded_site / rel).read_text(encoding="utf-8")
    assert main(seeded) == main((built_site / rel).read_text(encoding="utf-8"))
    head = re.search(r'<meta name="description" content="([^"]*)"', seeded)
    assert head and head.group(1), rel


@pytest.mark.parametrize("rel", ["index.html", "en/index.html"])
def test_the_seeded_services_are_the_home_pages_services(
    built_site: Path, seeded_site: Path, rel: str
) -> None:
    def services(site: Path) -> str:
        html = (site / rel).read_text(encoding="utf-8")
        start = html.index('aria-labelledby="services-title"')
        return html[start : html.index("</section>", start)]

    seeded = services(seeded_site)
    assert seeded == services(built_site)
    assert seeded.count('class="card service"') == 6 and "icon-parking" in seeded


def test_a_page_record_replaces_the_text_and_keeps_the_layout(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    record = {
        "id": "culture",
        "sort": 0,
        "title": {"zh-cn": "我们的文化", "en": "Our culture"},
        "description": {"zh-cn": "新的描述", "en": "A new description"},
        "body": {"zh-cn": "<h2>新使命</h2><p>干净<strong>有序</strong></p>", "en": ""},
    }
    (content / "data/pages.json").write_text(json.dumps([record], ensure_ascii=False), encoding="utf-8")
    site = run_build(content, tmp_path / "site")

    zh = (site / "culture/index.html").read_text(encoding="utf-8")
    assert "<h1>我们的文化</h1>" in main(zh) and "<h2>新使命</h2>" in zh and "<strong>有序</strong>" in zh
    assert "核心价值观" not in zh and 'class="lead"' not in main(zh)  # the old text and lead are gone
    assert '<meta name="description" content="新的描述">' in zh
    en = (site / "en/culture/index.html").read_text(encoding="utf-8")
    assert "<h1>Our culture</h1>" in main(en) and "<h2>新使命</h2>" in en  # no English body: the Chinese
    # The pages without a record keep their own text; the about menu still lists them.
    about = (site / "about/index.html").read_text(encoding="utf-8")
    assert "公司简介" in about and "一体化运营" in about


def test_every_icon_of_the_back_offices_own_set_has_a_drawing_on_the_site() -> None:
    """A service's icon is picked in the back office; the site draws the `local-…` set (the others have
    no drawing there and show the default)."""
    from functions.publish.site_records import DEFAULT_ICON, SITE_ICONS, site_icon

    drawings = REPO_ROOT / "webapp/src/features/admin/shell/icon-sheets/local"  # a rule each in the sheet
    names = sorted(svg.stem for svg in drawings.glob("*.svg"))
    css = (REPO_ROOT / "theme/static/css/site.css").read_text(encoding="utf-8")
    assert len(names) >= 7
    for name in names:
        assert site_icon(f"local-{name}") == name
        assert (SITE_ICONS / f"icon-{name}.svg").is_file() and f".icon-{name} {{" in css, name
    assert site_icon("fa fa-car") == site_icon("local-missing") == DEFAULT_ICON


def test_the_seeded_page_texts_use_only_what_the_editor_keeps() -> None:
    """The back office's rich-text editor (Tiptap StarterKit: headings 2–3, paragraphs, bold, italic,
    underline, strike, lists, quotes, links) has no tables: a table in a page's text would come back as
    one run-on paragraph after an edit, so the seeded texts (the Markdown pages) use none."""
    rows = json.loads((REPO_ROOT / "functions/data/demo/page.json").read_text(encoding="utf-8"))
    kept = {"h2", "h3", "p", "strong", "em", "u", "s", "ul", "ol", "li", "blockquote", "a", "br", "code"}
    for row in rows:
        if not row.get("content"):  # the about sub-pages' rows: title, menu label, lead; the file's text
            continue
        for name in ("content", "content_en"):
            tags = set(re.findall(r"<([a-z0-9]+)[ >]", row[name]))
            assert tags and tags <= kept, (row["slug"], name, tags - kept)
