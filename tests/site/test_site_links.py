"""The built site hangs together: every internal link and image resolves to a file (directory URLs
→ index.html), fragments exist, every zh page has its English pair and back (hreflang and the
language switch), the sitemap lists every page, and the routing contract's files exist."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.site.conftest import PUBLIC_URL, REPO_ROOT, html_pages, page_url

# Served by the React app, not by site/ (tests/routing_cases.json).
SPA_PATHS = {"/user/login", "/user/reg"}
ERROR_PAGES = {"404.html", "401.html", "en/404.html", "en/401.html"}
SCREENS = ["", "jiang/", "yuangong/", "shebei/", "culture/", "zizhi/", "about/", "xiang/"]


@pytest.fixture(scope="module", params=["content", "seeded records"])
def built_site(request: pytest.FixtureRequest, built_site: Path) -> Path:
    """Every check runs over the site built from content/ and over the one built from the seeded
    back-office records (the first publish of a fresh install)."""
    return built_site if request.param == "content" else request.getfixturevalue("seeded_site")


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []  # (attribute, url)
        self.ids: set[str] = set()
        self.alternates: dict[str, str] = {}
        self.canonical: str | None = None
        self.html_lang: str | None = None
        self.title = ""
        self.h1 = 0
        self.landmarks: set[str] = set()
        self.lang_switch: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "html":
            self.html_lang = a.get("lang")
        if tag in ("header", "nav", "main", "footer"):
            self.landmarks.add(tag)
        if tag == "h1":
            self.h1 += 1
        if tag == "title":
            self._in_title = True
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates[a["hreflang"]] = a["href"]
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical = a["href"]
        if tag == "a" and "lang-switch" in a.get("class", ""):
            self.lang_switch.append(a["href"])
        for attr in ("href", "src"):
            if attr in a and not (tag == "link" and a.get("rel") in ("canonical", "alternate")):
                self.links.append((attr, a[attr]))
        if "srcset" in a:
            for candidate in a["srcset"].split(","):
                self.links.append(("srcset", candidate.strip().split(" ")[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def parse(site: Path, rel: str) -> PageParser:
    parser = PageParser()
    parser.feed((site / rel).read_text(encoding="utf-8"))
    return parser


def resolves(site: Path, url_path: str) -> bool:
    rel = url_path.lstrip("/")
    target = site / rel
    if url_path.endswith("/"):
        target = target / "index.html"
    return target.is_file()


@pytest.fixture(scope="module")
def parsed(built_site: Path) -> dict[str, PageParser]:
    return {rel: parse(built_site, rel) for rel in html_pages(built_site)}


def test_every_screen_exists_in_both_languages(built_site: Path) -> None:
    for screen in SCREENS:
        for prefix in ("", "en/"):
            assert (built_site / prefix / screen / "index.html").is_file(), prefix + screen
    for rel in [
        "404.html",
        "en/404.html",
        "401.html",
        "en/401.html",
        "sitemap.xml",
        "robots.txt",
        "theme/css/site.css",
        "about/history/index.html",
        "en/about/contact/index.html",
    ]:
        assert (built_site / rel).is_file(), rel


def test_routing_contract_files_exist(built_site: Path) -> None:
    contract = json.loads((REPO_ROOT / "tests" / "routing_cases.json").read_text(encoding="utf-8"))
    missing = [rel for rel in contract["files"] if not (built_site / rel).is_file()]
    assert not missing, f"files the gateway and CloudFront rely on are missing: {missing}"


def test_internal_links_and_images_resolve(built_site: Path, parsed: dict[str, PageParser]) -> None:
    broken = []
    for rel, page in parsed.items():
        for attr, url in page.links:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//"):
                continue  # external (tel:, mailto:, https:)
            if not parts.path:  # same-page fragment
                if parts.fragment and parts.fragment not in page.ids:
                    broken.append((rel, url, "no such id"))
                continue
            if not parts.path.startswith("/"):
                broken.append((rel, url, "relative URL (breaks on the 404 page)"))
                continue
            if parts.path in SPA_PATHS:
                continue
            if not resolves(built_site, parts.path):
                broken.append((rel, url, f"{attr} does not resolve"))
            elif parts.fragment and parts.path.endswith("/"):
                target = parse(built_site, parts.path.lstrip("/") + "index.html")
                if parts.fragment not in target.ids:
                    broken.append((rel, url, "no such id on target page"))
    assert not broken, "\n".join(map(str, broken))


def test_css_references_resolve(built_site: Path) -> None:
    css_dir = built_site / "theme" / "css"
    for css in css_dir.glob("*.css"):
        for ref in re.findall(r"url\(\"?([^\")]+)\"?\)", css.read_text(encoding="utf-8")):
            assert (css.parent / ref).resolve().is_file(), f"{css.name}: {ref}"


def test_zh_and_en_pages_pair_up(built_site: Path, parsed: dict[str, PageParser]) -> None:
    zh = [rel for rel in parsed if not rel.startswith("en/") and rel not in ERROR_PAGES]
    en = [rel for rel in parsed if rel.startswith("en/") and rel not in ERROR_PAGES]
    assert sorted("en/" + rel for rel in zh) == sorted(en)
    for rel in zh:
        zh_url, en_url = page_url(rel), "/en" + page_url(rel)
        for mine, other, lang in ((rel, "en/" + rel, "zh-CN"), ("en/" + rel, rel, "en")):
            page = parsed[mine]
            assert page.alternates == {
                "zh-CN": PUBLIC_URL + zh_url,
                "en": PUBLIC_URL + en_url,
                "x-default": PUBLIC_URL + zh_url,
            }, mine
            assert page.html_lang == lang, mine
            assert page.canonical == PUBLIC_URL + page_url(mine), mine
            # The visible language switch keeps the page.
            assert page.lang_switch == [page_url(other)], mine


def test_titles_landmarks_and_headings(parsed: dict[str, PageParser]) -> None:
    assert parsed["index.html"].title == "城市运营公司"
    assert parsed["en/index.html"].title == "City Operations Company"
    assert parsed["jiang/index.html"].title == "荣誉证书 - 城市运营公司"
    assert parsed["en/jiang/index.html"].title == "Awards - City Operations Company"
    for rel, page in parsed.items():
        assert page.landmarks == {"header", "nav", "main", "footer"}, rel
        assert page.h1 == 1, f"{rel}: {page.h1} h1 elements"
        suffix = "City Operations Company" if rel.startswith("en/") else "城市运营公司"
        assert page.title.endswith(suffix), rel


def test_error_pages_are_not_indexed_and_offer_both_actions(
    built_site: Path, parsed: dict[str, PageParser]
) -> None:
    for rel in ERROR_PAGES:
        html = (built_site / rel).read_text(encoding="utf-8")
        assert '<meta name="robots" content="noindex">' in html
        assert not parsed[rel].alternates
    zh, en = (built_site / "404.html").read_text("utf-8"), (built_site / "en/404.html").read_text("utf-8")
    for text in ("出了点问题", "自动上报", "自动返回上一页", "返回首页", "返回上一页"):
        assert text in zh
    for text in (
        "ran into a problem",
        "is reporting the problem",
        "back to the previous page automatically",
        "Return to home page",
        "Back to previous page",
    ):
        assert text in en
    en401 = (built_site / "en/401.html").read_text("utf-8")
    assert "do not have permission" in en401 and "file is invalid" in en401 and "site administrator" in en401
    assert "联系网站管理员" in (built_site / "401.html").read_text("utf-8")


def test_sitemap_lists_every_page(built_site: Path, parsed: dict[str, PageParser]) -> None:
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    root = ET.parse(built_site / "sitemap.xml").getroot()
    locs = sorted(loc.text or "" for loc in root.findall("s:url/s:loc", ns))
    expected = sorted(PUBLIC_URL + page_url(rel) for rel in parsed if rel not in ERROR_PAGES)
    assert locs == expected
    robots = (built_site / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {PUBLIC_URL}/sitemap.xml" in robots


def test_footer_shows_identity_from_site_config(built_site: Path) -> None:
    site = json.loads((REPO_ROOT / "content" / "data" / "site.json").read_text(encoding="utf-8"))
    for rel, lang in (("index.html", "zh-cn"), ("en/xiang/index.html", "en")):
        html = (built_site / rel).read_text(encoding="utf-8")
        footer = html[html.index("<footer") :]
        assert site["recordNumber"] in footer
        assert site["phone"] in footer and site["email"] in footer
        assert site["address"][lang] in footer
        assert site["siteName"][lang] in footer
        # The member links carry the page's language into the app (issue 9).
        assert f'href="/user/login?lang={lang}"' in html and f'href="/user/reg?lang={lang}"' in html


def test_images_have_size_alt_and_lazy_loading(parsed: dict[str, PageParser], built_site: Path) -> None:
    img = re.compile(r"<img\b[^>]*>")
    for rel in parsed:
        for tag in img.findall((built_site / rel).read_text(encoding="utf-8")):
            assert re.search(r'\swidth="\d+"', tag) and re.search(r'\sheight="\d+"', tag), (rel, tag)
            assert re.search(r'\salt="[^"]+"', tag), (rel, tag)
            if "srcset=" in tag:
                assert "sizes=" in tag, (rel, tag)
    staff = (built_site / "yuangong/index.html").read_text(encoding="utf-8")
    assert staff.count('loading="lazy"') >= 2
