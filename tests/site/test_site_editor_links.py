"""Links editors type are published as typed, inside their attribute (issue 32, items 6, 7 and 15).

- Every link the carousel's form accepts (the design's pattern: a site path or an http(s) address) is
  on the home page as the slide's button, in both languages: a web address of another site with
  rel="noopener", an ↗ and the words "(another website)" for screen readers; a site path made
  language-relative (the app's addresses stay as they are).
- A job opening is on /jobs/ with its "apply by e-mail" link whatever its e-mail field holds: the
  address percent-encoded in the mailto: URL (a quote cannot leave the href), or the company's address
  when the field is empty (the form does not require one).
- The rows are saved through the API's validation (`load_demo_rows`), exported by the publish's
  export and built.
- The carousel's dots never cover a slide's text or its button, whatever the title's length, at 390
  and 1440 px in both languages (screenshots in the test's temporary folder).
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from tests.site.conftest import REPO_ROOT, run_build, serve_folder

# What an editor types → (href on the Chinese page, href on the English page, leaves the site).
LINKS = {
    "https://parks.example.org/riverside/": (
        "https://parks.example.org/riverside/",
        "https://parks.example.org/riverside/",
        True,
    ),
    "http://example.org/guide?lang=zh&page=2#map": (
        "http://example.org/guide?lang=zh&page=2#map",
        "http://example.org/guide?lang=zh&page=2#map",
        True,
    ),
    "/about/contact/#contact-form": (
        "/about/contact/#contact-form",
        "/en/about/contact/#contact-form",
        False,
    ),
    "/xiang": ("/xiang", "/en/xiang", False),
    "/user/reg": ("/user/reg", "/user/reg", False),
}
CUE = {"zh-cn": "（外部网站）", "en": "(another website)"}
JOB_EMAIL = 'a"onmouseover="alert(1)"@x.co'  # what the job form's e-mail pattern accepts
COMPANY_EMAIL = "service@cityops.example.cn"  # content/data/site.json


class Buttons(HTMLParser):
    """The carousel's buttons: (href, rel, text including the words for screen readers)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[dict[str, str]] = []
        self._current: dict[str, str] | None = None
        self._in_text = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "div" and a.get("class") == "slide-text":
            self._in_text = 1
        elif self._in_text and tag == "div":
            self._in_text += 1
        if self._in_text and tag == "a" and "button" in a.get("class", ""):
            self._current = {"href": a.get("href", ""), "rel": a.get("rel", ""), "text": ""}

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._current is not None:
            self.found.append(self._current)
            self._current = None
        elif tag == "div" and self._in_text:
            self._in_text -= 1

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current["text"] += data


def buttons(html: str) -> list[dict[str, str]]:
    parser = Buttons()
    parser.feed(html)
    return parser.found


@pytest.fixture(scope="module")
def linked_site(dynamodb: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One slide per link of `LINKS`, saved through the API's validation, exported and built."""
    from functions.publish.export import export_site_data
    from functions.services.designs import load_demo_rows, load_design_files
    from tests.conftest import isolated

    root = tmp_path_factory.mktemp("carousel-links")
    template = json.loads((REPO_ROOT / "functions/data/demo/lunbo.json").read_text(encoding="utf-8"))[0]
    rows = [
        template
        | {
            "title": f"链接{n}",
            "title_en": f"Link {n}",
            "link": link,
            "link_text": f"按钮{n}",
            "link_text_en": f"Button {n}",
            "weigh": 100 - n,
            "status": "enable",
        }
        for n, link in enumerate(LINKS)
    ]
    job = json.loads((REPO_ROOT / "functions/data/demo/job.json").read_text(encoding="utf-8"))[0]
    job.pop("email", None)
    jobs = [
        job | {"title": "岗位甲", "title_en": "Job A", "status": "enable"},
        job | {"title": "岗位乙", "title_en": "Job B", "email": JOB_EMAIL, "status": "enable"},
    ]
    (root / "rows").mkdir()
    (root / "rows/lunbo.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    (root / "rows/job.json").write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
    content = root / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    with isolated(dynamodb):
        load_design_files()
        # Every row passed the save's checks.
        assert load_demo_rows(root / "rows") == ["business/job", "business/lunbo"]
        export_site_data(content / "data")
    return run_build(content, root / "site")


@pytest.mark.parametrize(("lang", "home"), [("zh-cn", "index.html"), ("en", "en/index.html")])
def test_every_link_the_form_accepts_is_a_button_on_the_home_page(
    linked_site: Path, lang: str, home: str
) -> None:
    found = buttons((linked_site / home).read_text(encoding="utf-8"))
    assert len(found) == len(LINKS), found
    for n, (typed, (zh_href, en_href, external)) in enumerate(LINKS.items()):
        button = found[n]
        label = f"按钮{n}" if lang == "zh-cn" else f"Button {n}"
        assert button["href"] == (zh_href if lang == "zh-cn" else en_href), typed
        assert button["text"].startswith(label), button
        if external:
            assert button["rel"] == "noopener", typed
            assert button["text"] == f"{label}↗ {CUE[lang]}", button
        else:
            assert button["rel"] == "" and button["text"] == label, button


class Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and (a.get("href") or "").startswith("mailto:"):
            self.hrefs.append(a["href"] or "")


@pytest.mark.parametrize(("lang", "jobs"), [("zh-cn", "jobs/index.html"), ("en", "en/jobs/index.html")])
def test_every_job_has_its_apply_link_inside_its_href(linked_site: Path, lang: str, jobs: str) -> None:
    parser = Anchors()
    parser.feed((linked_site / jobs).read_text(encoding="utf-8"))
    footer = f"mailto:{COMPANY_EMAIL}"
    applies = [href for href in parser.hrefs if href != footer]
    assert len(applies) == 2, parser.hrefs
    title = {"zh-cn": ("岗位甲", "岗位乙"), "en": ("Job A", "Job B")}[lang]
    typed = {unquote(href.split("?")[0]): unquote(href.split("?subject=")[1]) for href in applies}
    assert typed == {f"mailto:{COMPANY_EMAIL}": title[0], f"mailto:{JOB_EMAIL}": title[1]}
    assert all('"' not in href and " " not in href for href in applies), applies


@pytest.fixture(scope="module")
def long_titles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real content, with slides whose titles and texts wrap over several lines on a phone."""
    root = tmp_path_factory.mktemp("carousel-long")
    content = root / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    path = content / "data/carousel.json"
    slides = json.loads(path.read_text(encoding="utf-8"))
    slides[0]["title"] = {
        "zh-cn": "让每一条街道清洁有序，让每一个社区安全整洁，让每一座公园四季常青",
        "en": "Clean, orderly streets every day, in every district and in every season of the year",
    }
    slides[0]["text"] = {
        "zh-cn": slides[0]["text"]["zh-cn"] * 2,
        "en": slides[0]["text"]["en"] + " " + slides[0]["text"]["en"],
    }
    slides[1]["title"] = {"zh-cn": slides[1]["title"]["zh-cn"] * 3, "en": slides[1]["title"]["en"] * 2}
    path.write_text(json.dumps(slides, ensure_ascii=False), encoding="utf-8")
    return run_build(content, root / "site")


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("lang", ["zh-cn", "en"])
def test_the_dots_never_cover_a_slides_text_or_button(
    browser: Any, long_titles: Path, tmp_path: Path, width: int, lang: str
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    with serve_folder(long_titles) as base:
        page.goto(base + ("/" if lang == "zh-cn" else "/en/"))
        dots = page.locator(".slide-dots a")
        for n in range(dots.count()):
            dots.nth(n).click()
            page.wait_for_function(
                "n => Math.abs(document.querySelector('.slides').scrollLeft"
                " - document.querySelectorAll('.slide')[n].offsetLeft) < 2",
                arg=n,
            )
            slide = page.locator(".slide").nth(n)
            text, button = slide.locator(".slide-text").bounding_box(), slide.locator(".button")
            assert text is not None and button.is_visible()
            page.locator(".carousel").screenshot(path=str(tmp_path / f"carousel-{lang}-{width}-{n + 1}.png"))
            for d in range(dots.count()):
                dot = dots.nth(d).bounding_box()
                assert dot is not None
                assert not _overlap(dot, text), f"dot {d + 1} covers the text of slide {n + 1} ({tmp_path})"
    context.close()


@pytest.mark.parametrize("lang", ["zh-cn", "en"])
def test_a_link_to_another_website_says_so(browser: Any, linked_site: Path, lang: str) -> None:
    """Seen and heard: an ↗ after the button's text, and its accessible name ends with the words."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    with serve_folder(linked_site) as base:
        page.goto(base + ("/" if lang == "zh-cn" else "/en/"))
        label = "按钮0" if lang == "zh-cn" else "Button 0"
        button = page.get_by_role("link", name=f"{label} {CUE[lang]}", exact=True)
        expect(button).to_have_attribute("rel", "noopener")
        expect(button.locator(".external-cue")).to_be_visible()
        expect(button.locator(".external-cue")).to_have_text("↗")
        expect(page.get_by_role("link", name=re.compile(re.escape(CUE[lang])))).to_have_count(2)
    page.close()


@pytest.mark.parametrize(
    ("typed", "target"),
    [
        ("/xiang/riverside-park/", ("/xiang/riverside-park/", False)),
        ("/user", ("/user", False)),
        ('/a"><script>', ("/a%22%3E%3Cscript%3E", False)),  # the save's pattern accepts it: a dead link
        ("/\\evil.example/", ("/%5Cevil.example/", False)),  # not a way to another host
        ("//evil.example/a", ("https://evil.example/a", True)),  # is one: said so
        ('https://a.example/"onmouseover="x', ("https://a.example/%22onmouseover=%22x", True)),
        ("javascript:alert(1)", None),
        ("data:text/html,<script>", None),
        ("mailto:a@b.example", None),
        ("http://[::1", None),
        ("/a b", None),
        ("", None),
    ],
)
def test_a_link_is_a_site_path_or_a_web_address_inside_its_attribute(
    typed: str, target: tuple[str, bool] | None
) -> None:
    from functions.publish.site_data.links import link_target

    assert link_target(typed) == target


def test_mail_and_phone_addresses_stay_inside_their_attribute() -> None:
    from functions.publish.site_data.links import mailto, tel

    assert mailto(JOB_EMAIL, "招聘 A/B") == (
        "mailto:a%22onmouseover=%22alert%281%29%22@x.co?subject=%E6%8B%9B%E8%81%98%20A/B"
    )
    assert tel("400-826-1180") == "tel:4008261180"
    assert tel('400"><b') == "tel:400%22%3E%3Cb"
