"""Pictures and tables inside rich text reach the public site (issue 36, item 1).

A news row whose body (both languages) holds an uploaded picture with its alt text and size and a
table is saved through the API's validation (`load_demo_rows`), exported by the publish and built:

- the article shows the picture at the site's own address (`/images/records/…`, the resized copy the
  publish makes of an upload, as for a cover image), with its alt text and size, and the file is in the
  built site; the upload's `/storage/…` address is nowhere on the page;
- the table is there, in a box of its own;
- on a 390 px phone with JavaScript off, the page does not scroll sideways (a wide table scrolls in its
  box) and the picture fits the column; at 1440 px too. Screenshots in the test's temporary folder.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import REPO_ROOT, run_build, serve_folder

ALT = {"zh-cn": "东湖绿道的步道", "en": "The East Lake greenway path"}
TITLE = {"zh-cn": "绿道图文报道", "en": "Greenway in pictures"}
WIDE = 9  # columns: wider than a phone
CELL = {"zh-cn": "养护路段", "en": "Maintained section"}


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (11, 93, 75)).save(out, "PNG")
    return out.getvalue()


def body(upload: str, lang: str) -> str:
    head = "".join(f"<th>{'列' if lang == 'zh-cn' else 'Column'} {n}</th>" for n in range(WIDE))
    cells = "".join(
        f"<td>{'养护路段' if lang == 'zh-cn' else 'Maintained section'} {n}</td>" for n in range(WIDE)
    )
    return (
        f"<p>{TITLE[lang]}</p>"
        f'<img src="{upload}" alt="{ALT[lang]}" class="img-medium">'
        f"<table><tbody><tr>{head}</tr><tr>{cells}</tr></tbody></table>"
    )


@pytest.fixture(scope="module")
def rich_site(dynamodb: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from functions.publish.export import export_site_data
    from functions.services.designs import load_demo_rows, load_design_files
    from functions.services.storage import get_storage
    from tests.conftest import isolated

    root = tmp_path_factory.mktemp("rich-text")
    key = f"storage/richtext/{uuid.uuid4().hex}.png"
    get_storage().put(key, _png(1200, 600), "image/png")
    news = json.loads((REPO_ROOT / "functions/data/demo/news.json").read_text(encoding="utf-8"))[0]
    row = news | {
        "title": TITLE["zh-cn"],
        "title_en": TITLE["en"],
        "content": body("/" + key, "zh-cn"),
        "content_en": body("/" + key, "en"),
        "cover": "",
        "status": "enable",
    }
    (root / "rows").mkdir()
    (root / "rows/news.json").write_text(json.dumps([row], ensure_ascii=False), encoding="utf-8")
    content = root / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    with isolated(dynamodb):
        load_design_files()
        assert load_demo_rows(root / "rows") == ["business/news"]
        export_site_data(content / "data")
    return run_build(content, root / "site")


def article(site: Path, lang: str) -> Path:
    folder = site / ("news" if lang == "zh-cn" else "en/news")
    pages = [p for p in folder.glob("*/index.html") if TITLE[lang] in p.read_text(encoding="utf-8")]
    assert len(pages) == 1, pages
    return pages[0]


@pytest.mark.parametrize("lang", ["zh-cn", "en"])
def test_a_picture_and_a_table_in_an_article_are_published(rich_site: Path, lang: str) -> None:
    html = article(rich_site, lang).read_text(encoding="utf-8")
    pictures = re.findall(r"<img [^>]*class=\"img-medium\"[^>]*>", html)
    assert len(pictures) == 1, html
    src = re.search(r'src="([^"]+)"', pictures[0])
    assert src and re.fullmatch(r"/images/records/[0-9a-f]{24}\.webp", src[1]), pictures[0]
    assert f'alt="{ALT[lang]}"' in pictures[0]
    assert (rich_site / src[1].lstrip("/")).is_file()
    assert "/storage/" not in html
    assert '<div class="table-scroll"><table><tbody><tr><th>' in html
    assert html.count("<td>") == WIDE


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("lang", ["zh-cn", "en"])
def test_the_article_fits_the_screen_without_javascript(
    browser: Any, rich_site: Path, tmp_path: Path, lang: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=False)
    page = context.new_page()
    path = "/" + article(rich_site, lang).parent.relative_to(rich_site).as_posix() + "/"
    with serve_folder(rich_site) as base:
        page.goto(base + path)
        picture = page.get_by_role("img", name=ALT[lang])
        assert picture.evaluate("img => img.complete && img.naturalWidth") > 0  # loaded, not broken
        page.screenshot(path=str(tmp_path / f"article-{lang}-{width}.png"), full_page=True)
        page_width = page.evaluate("document.documentElement.scrollWidth")
        assert page_width <= width, f"the page scrolls sideways ({page_width} px, {tmp_path})"
        if width == 390:  # the table is wider than the phone: it scrolls in its own box
            assert page.locator(".table-scroll").evaluate("b => b.scrollWidth > b.clientWidth")
        column = page.locator(".prose").bounding_box()
        shown = picture.bounding_box()
        assert column and shown and shown["width"] <= column["width"] + 0.5
        assert (
            page.get_by_role(
                "cell", name=f"{'养护路段' if lang == 'zh-cn' else 'Maintained section'} 8"
            ).count()
            == 1
        )
    context.close()
