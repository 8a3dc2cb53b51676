"""What the templates get (`site`, `records`, `lang`, `alt_url`, `asset`, `page_path`), and the pages
with fixed output names or a published text of business/page."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from functions.publish.site_data.checks import load_records, load_site
from functions.publish.site_data.links import mailto, tel
from functions.publish.site_data.localise import localise, pick, site_html
from functions.publish.site_data.schema import LANGS, SIZES


def _content_dir(settings: dict[str, Any]) -> Path:
    return Path(settings["PATH"])


def _asset_url(theme_static: Path, rel: str) -> str:
    """/theme/<rel>?v=<content hash>: cache-busting without timestamps (deterministic)."""
    digest = hashlib.sha256((theme_static / rel).read_bytes()).hexdigest()[:10]
    return f"/theme/{rel}?v={digest}"


def build_context(settings: dict[str, Any]) -> dict[str, Any]:
    """Everything the templates need besides the page: site identity, records, helpers."""
    content_dir = _content_dir(settings)
    lang = settings["DEFAULT_LANG"]
    siteurl = settings["SITEURL"]
    languages = settings["SITE_LANGUAGES"]
    public_url = settings["PUBLIC_URL"].rstrip("/")
    raw_site = load_site(content_dir)
    raw_records = load_records(content_dir)
    site = {key: pick(value, lang) for key, value in raw_site.items()}
    records = {
        name: [localise(name, row, lang, content_dir, siteurl) for row in rows]
        for name, rows in raw_records.items()
    }
    theme_static = Path(settings["THEME"]) / "static"

    def alt_url(path: str, target_lang: str, absolute: bool = False) -> str:
        url = languages[target_lang]["prefix"] + path
        return (public_url + url) if absolute else url

    def sizes(role: str) -> str:
        return SIZES[role]

    return {
        "site": site,
        "records": records,
        "lang": lang,
        "lang_info": languages[lang],
        "other_langs": [code for code in languages if code != lang],
        "languages": languages,
        "public_url": public_url,
        "alt_url": alt_url,
        "asset": lambda rel: _asset_url(theme_static, rel),
        "sizes": sizes,
        "mailto": mailto,
        "tel": tel,
    }


# Pages with fixed output names: slug → (url, save_as).
SPECIAL_PAGES = {"home": ("", "index.html"), "404": ("404.html", "404.html"), "401": ("401.html", "401.html")}


def fix_special_pages(content: Any) -> None:
    slug = getattr(content, "slug", None)
    if slug in SPECIAL_PAGES:
        content.override_url, content.override_save_as = SPECIAL_PAGES[slug]


@lru_cache(maxsize=8)
def _page_texts(path: str, _mtime: float) -> dict[str, dict[str, Any]]:
    content_dir = Path(path).parents[1]
    return {row["id"]: row for row in load_records(content_dir)["pages"]}


def published_page_text(content: Any) -> None:
    """A page with a published record (data/pages.json, from business/page) takes its title, lead,
    menu label and, when the record has them, its description and body from it, in the page's
    language; template, section and order stay the Markdown file's. Without a record the file's own
    front matter and text are shown (the seed)."""
    settings = getattr(content, "settings", None)
    slug = getattr(content, "slug", None)
    if not settings or not isinstance(slug, str) or type(content).__name__ != "Page":
        return
    path = _content_dir(settings) / "data" / "pages.json"
    if not path.is_file():
        return
    row = _page_texts(str(path), path.stat().st_mtime).get(slug.replace("/", "-"))
    if row is None:
        return
    lang = getattr(content, "lang", None) or settings["DEFAULT_LANG"]
    title = pick(row["title"], lang)
    texts = {
        "title": title,
        "nav_title": pick(row["nav_title"], lang) if row.get("nav_title") else title,
        "lead": pick(row["lead"], lang) if row.get("lead") else "",
    }
    if row.get("description"):
        texts["description"] = pick(row["description"], lang)
    for name, value in texts.items():
        setattr(content, name, value)
        content.metadata[name] = value
    body = row.get("body") or {}
    if any(body.get(code) for code in LANGS):
        content._content = site_html(pick(body, lang) or body["en"])
