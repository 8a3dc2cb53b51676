"""Records: the list content of the public site, kept as JSON data files under content/data/.

This module is a Pelican plugin (listed in PLUGINS). It
- loads and validates content/data/site.json (company identity) and one file per record type
  (carousel, services, news, staff, equipment, awards, qualifications, history, projects, pages),
- puts them, localised to the language being built, into the template context as `site` and
  `records`, plus a few helpers (`lang`, `alt_url`, `asset`, `page_path`),
- gives the home, 404 and 401 pages their fixed output names, and a page with a published record
  of business/page (data/pages.json) that record's title, lead, description, menu label and body,
- writes one detail page per project at xiang/<id>/index.html (RecordsGenerator).

The field definitions below are the contract with the back office, which publishes into the same
files (content/data/README.md documents them). A localised field is an object with a value per
language, {"zh-cn": "…", "en": "…"}; both languages are required so that every page has its pair.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from markdown import Markdown
from markupsafe import Markup
from pelican import signals
from pelican.generators import Generator
from PIL import Image as PILImage

from functions.services import richtext

LANGS = ("zh-cn", "en")
FALLBACK_LANG = "zh-cn"
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
VARIANT_RE = re.compile(r"^(?P<stem>.+)-(?P<width>\d+)w$")
# Characters a published URL keeps as they are; anything else (quotes, <, >, spaces, backslashes,
# non-ASCII) is percent-encoded, so that an address is one attribute value and one link whatever was typed.
URL_SAFE = "/?#&=%:;@+,.-_~!$*()[]"
# Addresses of the app, the API and uploads (and English pages already): the same in both languages.
APP_PATHS = ("/user", "/admin", "/srv", "/storage", "/en")

# Field kinds: id (URL-safe slug, unique), int, bool, date (YYYY-MM-DD), str (same in both
# languages), text (localised plain text), markdown (localised Markdown), image (path under
# content/, e.g. images/projects/x.webp), link (a site path such as /xiang/riverside-park/ or a web
# address https://…: `link_target`), facts (list of {"label": text, "value": text}).
COMMON = {"id": "id", "sort": "int"}
RECORD_TYPES: dict[str, dict[str, str]] = {
    "carousel": {
        **COMMON,
        "title": "text",
        "text": "text",
        "image": "image",
        "image_alt": "text",
        "link": "link",
        "link_label": "text",
    },
    "services": {**COMMON, "title": "text", "text": "text", "icon": "str"},
    "news": {
        **COMMON,
        "date": "date",
        "title": "text",
        "summary": "text",
        "body": "html",
        "image": "image",
        "image_alt": "text",
    },
    "notices": {**COMMON, "date": "date", "top": "bool", "title": "text", "summary": "text", "body": "html"},
    "jobs": {
        **COMMON,
        "date": "date",
        "title": "text",
        "department": "text",
        "city": "text",
        "kind": "text",
        "headcount": "int",
        "salary": "text",
        "requirements": "html",
        "email": "str",
    },
    "staff": {
        **COMMON,
        "name": "text",
        "role": "text",
        "department": "text",
        "since": "int",
        "bio": "text",
        "image": "image",
        "image_alt": "text",
    },
    "equipment": {
        **COMMON,
        "name": "text",
        "category": "text",
        "count": "int",
        "description": "text",
        "facts": "facts",
        "kind": "str",
        "image": "image",
        "image_alt": "text",
    },
    "awards": {
        **COMMON,
        "title": "text",
        "issuer": "text",
        "year": "int",
        "description": "text",
        "image": "image",
        "image_alt": "text",
    },
    "qualifications": {
        **COMMON,
        "title": "text",
        "issuer": "text",
        "number": "str",
        "valid_until": "date",
        "scope": "text",
        "image": "image",
        "image_alt": "text",
    },
    # The company's milestones (/about/history, business/history): shown by year, oldest first.
    "history": {**COMMON, "year": "int", "text": "text"},
    # The text of a single page published from the back office (business/page); `id` is the page's slug
    # with "-" for "/" (content/pages/about/history.<lang>.md: `about-history`; the file keeps its layout
    # and is the text shown without a record).
    # `nav_title` is its label in the section menu (the about pages' side menu); without it, the title.
    "pages": {
        **COMMON,
        "title": "text",
        "nav_title": "text",
        "lead": "text",
        "description": "text",
        "body": "html",
    },
    "projects": {
        **COMMON,
        "featured": "bool",
        "title": "text",
        "category": "text",
        "client": "text",
        "location": "text",
        "period": "text",
        "summary": "text",
        "body": "markdown",
        "body_html": "html",
        "facts": "facts",
        "image": "image",
        "image_alt": "text",
    },
}
# Fields a record may leave out. A project has a Markdown `body` (content/data) or an HTML `body_html`
# (published from the back office's rich text); records published from the back office may have no
# picture.
OPTIONAL = {
    ("carousel", "link"),
    ("carousel", "link_label"),
    ("jobs", "email"),  # without one, the company's e-mail address (site.json `email`)
    ("news", "body"),
    ("news", "image"),
    ("news", "image_alt"),
    ("notices", "body"),
    ("projects", "body"),
    ("projects", "body_html"),
    ("projects", "facts"),
    ("projects", "image"),
    ("projects", "image_alt"),
    ("equipment", "facts"),
    ("equipment", "kind"),
    ("staff", "image"),
    ("staff", "image_alt"),
    ("pages", "lead"),
    ("pages", "nav_title"),
    ("pages", "description"),
    ("pages", "body"),
}
# List pages of record types with one page per record: type → (path, records per list page).
LISTED = {"news": ("/news/", 20), "notices": ("/notice/", 20)}
SITE_FIELDS = {
    "siteName": "text",
    "comcont": "text",
    "description": "text",
    "recordNumber": "str",
    "recordUrl": "link",
    "phone": "str",
    "email": "str",
    "address": "text",
    "hours": "text",
    "founded": "int",
}
# Sizes attribute per image role (CSS layout widths, see theme/static/css/site.css).
SIZES = {
    "carousel": "100vw",
    "projects": "(min-width: 60rem) 22rem, (min-width: 40rem) 45vw, 100vw",
    "project": "(min-width: 60rem) 44rem, 100vw",
    "staff": "(min-width: 40rem) 12rem, 40vw",
    "equipment": "(min-width: 60rem) 22rem, (min-width: 40rem) 45vw, 100vw",
    "awards": "(min-width: 60rem) 16rem, (min-width: 40rem) 30vw, 45vw",
    "qualifications": "(min-width: 60rem) 16rem, (min-width: 40rem) 30vw, 45vw",
    "large": "(min-width: 50rem) 48rem, 92vw",
}


class RecordError(ValueError):
    """A data file that does not match the record definitions."""


@dataclass(frozen=True)
class Picture:
    """An image ready for <img>: src, intrinsic size, and the srcset of its width variants."""

    src: str
    width: int
    height: int
    srcset: str
    alt: str
    fallback: str = ""  # a JPEG/PNG twin of a WebP `src`, for browsers without WebP (<picture>)


# ---------------------------------------------------------------------------------------------
# Addresses: what editors type becomes a URL that stays inside its attribute and does what it says


def link_target(value: str) -> tuple[str, bool] | None:
    """(href, external) of a link an editor gave: a site path (`/xiang/riverside-park/`, made
    language-relative by the caller unless it is the app's) or a web address (`https://…`, `http://…`,
    `//host/…`: external). None for anything else (`javascript:`, `mailto:`, a bare word)."""
    text = value.strip()
    if not text or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in text):
        return None
    if text.startswith("//"):
        text = "https:" + text
    elif text.startswith("/"):
        return quote(text, safe=URL_SAFE), False
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return None
    if parts.scheme.lower() in ("http", "https") and host and "\\" not in parts.netloc:
        return quote(text, safe=URL_SAFE), True
    return None


def mailto(address: str, subject: str = "") -> str:
    """A `mailto:` URL for `address` (percent-encoded: a quote or `?` in it cannot end the address nor
    the attribute), with an optional subject."""
    href = "mailto:" + quote(address.strip(), safe="@!$'*+,;=-._~")
    return href + (f"?subject={quote(subject, safe='/')}" if subject else "")


def tel(number: str) -> str:
    """A `tel:` URL for a phone number as people write it (spaces and hyphens left out)."""
    return "tel:" + quote(re.sub(r"[\s-]", "", number), safe="+*#;=(),.")


# ---------------------------------------------------------------------------------------------
# Loading and validation


def _check(kind: str, value: Any, where: str, content_dir: Path) -> None:
    def fail(expected: str) -> None:
        raise RecordError(f"{where}: expected {expected}, got {value!r}")

    if kind == "id":
        if not isinstance(value, str) or not ID_RE.match(value):
            fail("a lowercase slug (a-z, 0-9, '-')")
    elif kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            fail("an integer")
    elif kind == "bool":
        if not isinstance(value, bool):
            fail("true or false")
    elif kind == "date":
        if not isinstance(value, str) or not DATE_RE.match(value):
            fail("a date YYYY-MM-DD")
        dt.date.fromisoformat(value)
    elif kind == "str":
        if not isinstance(value, str) or not value.strip():
            fail("a non-empty string")
    elif kind in ("text", "markdown"):
        if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) or not value[lang].strip() for lang in LANGS
        ):
            fail(f"an object with non-empty {' and '.join(LANGS)} strings")
    elif kind == "html":  # localised HTML; a language may be empty (the other one is shown)
        if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGS):
            fail(f"an object with {' and '.join(LANGS)} strings")
    elif kind == "image":
        if not isinstance(value, str) or not (content_dir / value).is_file():
            fail("the path of an image file under content/")
    elif kind == "link":
        if not isinstance(value, str) or link_target(value) is None:
            fail("a site path starting with '/' or a web address starting with https:// or http://")
    elif kind == "facts":
        if not isinstance(value, list):
            fail("a list of {label, value}")
        for index, fact in enumerate(value):
            for key in ("label", "value"):
                _check("text", (fact or {}).get(key), f"{where}[{index}].{key}", content_dir)
    else:  # pragma: no cover - a definition error
        raise AssertionError(kind)


def load_site(content_dir: Path) -> dict[str, Any]:
    path = content_dir / "data" / "site.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for field, kind in SITE_FIELDS.items():
        if field not in data:
            raise RecordError(f"{path}: missing field {field!r}")
        _check(kind, data[field], f"{path}: {field}", content_dir)
    return data


def load_records(content_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """Read and validate every record file; records come back sorted by (sort, id)."""
    result: dict[str, list[dict[str, Any]]] = {}
    for name, fields in RECORD_TYPES.items():
        path = content_dir / "data" / f"{name}.json"
        rows = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
        if not isinstance(rows, list):
            raise RecordError(f"{path}: expected a JSON list of records")
        seen: set[str] = set()
        for index, row in enumerate(rows):
            where = f"{path} record {index}"
            if not isinstance(row, dict):
                raise RecordError(f"{where}: expected an object")
            unknown = set(row) - set(fields)
            if unknown:
                raise RecordError(f"{where}: unknown fields {sorted(unknown)}")
            for field, kind in fields.items():
                if field not in row:
                    if (name, field) in OPTIONAL:
                        continue
                    raise RecordError(f"{where}: missing field {field!r}")
                _check(kind, row[field], f"{where}.{field}", content_dir)
            if row["id"] in seen:
                raise RecordError(f"{where}: duplicate id {row['id']!r}")
            seen.add(row["id"])
        if name in LISTED or name == "jobs":  # newest first (notices: pinned ones before)
            rows = sorted(rows, key=lambda r: (bool(r.get("top")), r["date"], r["id"]), reverse=True)
        elif name == "history":  # a timeline: oldest year first, then by sort within a year
            rows = sorted(rows, key=lambda r: (r["year"], r["sort"], r["id"]))
        else:
            rows = sorted(rows, key=lambda r: (r["sort"], r["id"]))
        result[name] = rows
    return result


# ---------------------------------------------------------------------------------------------
# Localisation


def pick(value: Any, lang: str) -> Any:
    """The value of a localised field in `lang` (zh-cn when missing); other values unchanged."""
    if isinstance(value, dict) and FALLBACK_LANG in value:
        return value.get(lang) or value[FALLBACK_LANG]
    return value


def format_date(iso: str, lang: str) -> str:
    day = dt.date.fromisoformat(iso)
    if lang == "en":
        return f"{day.day} {day:%B} {day.year}"  # LOCALE is C: English month names
    return f"{day.year}年{day.month}月{day.day}日"


@lru_cache(maxsize=1024)
def _image_size(path: str) -> tuple[int, int]:
    with PILImage.open(path) as image:
        return image.size


def picture(content_dir: Path, rel: str, alt: str) -> Picture:
    """Describe image `rel` (under content/), its `<stem>-<width>w.<ext>` siblings and, for a WebP
    image, a `<stem>.jpg` or `<stem>.png` twin."""
    source = content_dir / rel
    width, height = _image_size(str(source))
    variants = {width: "/" + rel}
    for sibling in sorted(source.parent.glob(f"{source.stem}-*w{source.suffix}")):
        match = VARIANT_RE.match(sibling.stem)
        if match and match["stem"] == source.stem:
            variant_width, _ = _image_size(str(sibling))
            variants[variant_width] = "/" + sibling.relative_to(content_dir).as_posix()
    srcset = ", ".join(f"{url} {w}w" for w, url in sorted(variants.items())) if len(variants) > 1 else ""
    fallback = ""
    if source.suffix == ".webp":
        twin = next((t for t in map(source.with_suffix, (".jpg", ".png")) if t.is_file()), None)
        fallback = "/" + twin.relative_to(content_dir).as_posix() if twin else ""
    return Picture(src="/" + rel, width=width, height=height, srcset=srcset, alt=alt, fallback=fallback)


def site_html(value: str) -> str:
    """Rich text of a record as the site prints it: cleaned again (pictures only from the site's own
    `/images/`), pictures loaded lazily, and each table in a box of its own that scrolls sideways, so a
    wide table never widens a phone's page. The cleaned markup writes these tags without attributes."""
    cleaned = richtext.clean(value, src=richtext.site_src)
    return (
        cleaned.replace("<img ", '<img loading="lazy" ')
        .replace("<table>", '<div class="table-scroll"><table>')
        .replace("</table>", "</table></div>")
    )


def localise(name: str, row: dict[str, Any], lang: str, content_dir: Path, siteurl: str) -> dict[str, Any]:
    fields = RECORD_TYPES[name]
    out: dict[str, Any] = {}
    for field, kind in fields.items():
        value = row.get(field)
        if kind == "facts":
            out[field] = [
                {"label": pick(f["label"], lang), "value": pick(f["value"], lang)} for f in value or []
            ]
        elif kind == "markdown":  # the repository's own data files (content/data), rendered by the build
            markdown = Markdown(extensions=["extra", "sane_lists"], output_format="html")
            out[field] = Markup(markdown.convert(pick(value, lang))) if value else ""  # noqa: S704
        elif kind == "html":
            # Sanitised when saved (the rich-text field); cleaned again here: the site trusts nothing.
            # The only text of a record the templates print as markup (they autoescape everything else).
            out[field] = Markup(site_html(pick(value, lang))) if value else ""  # noqa: S704 (sanitised)
        elif kind != "image":
            out[field] = pick(value, lang)
    if "image" in fields:
        alt = pick(row.get("image_alt") or "", lang)
        out["image"] = picture(content_dir, row["image"], alt) if row.get("image") else None
    if "date" in fields:
        out["date_iso"] = row["date"]
        out["date"] = format_date(row["date"], lang)
    if "valid_until" in fields:
        out["valid_until_iso"] = row["valid_until"]
        out["valid_until"] = format_date(row["valid_until"], lang)
    if name == "projects":
        out["path"] = f"/xiang/{row['id']}/"
        out["url"] = f"{siteurl}{out['path']}"
    if name in LISTED:
        out["path"] = f"{LISTED[name][0]}{row['id']}/"
        out["url"] = f"{siteurl}{out['path']}"
    if out.get("link"):
        href, external = link_target(out["link"]) or ("", False)
        local = not external and not any(
            href == path or href.startswith((f"{path}/", f"{path}?", f"{path}#")) for path in APP_PATHS
        )
        out["url"], out["external"] = (f"{siteurl}{href}" if local else href), external
    if name == "jobs" and out.get("email"):
        out["apply_url"] = mailto(out["email"], out["title"])
    return out


# ---------------------------------------------------------------------------------------------
# Pelican integration


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


class RenderCache:
    """Pages of records rendered by the previous build are copied, not rendered again, when nothing
    they are made of changed: the record, the theme (templates, styles, translations), this module,
    the site identity, the language and the page's fallback picture. Each build writes the key of
    every record page into `KEYS_NAME` beside its output; `PREVIOUS_OUTPUT` (set by the local publish
    to the live site) is where the last build's pages and keys are. Without it every page renders."""

    KEYS_NAME = ".render-keys.json"

    def __init__(self, settings: dict[str, Any], output: Path, context: dict[str, Any]) -> None:
        self.output = output
        previous = settings.get("PREVIOUS_OUTPUT")
        prefix = context["lang_info"]["prefix"].strip("/")
        self.previous = (Path(previous) / prefix) if previous else None
        self.old: dict[str, str] = {}
        if self.previous is not None:
            with contextlib.suppress(OSError, ValueError):
                self.old = dict(json.loads((self.previous / self.KEYS_NAME).read_text(encoding="utf-8")))
        self.new: dict[str, str] = {}
        digest = hashlib.sha256(Path(__file__).read_bytes() + Path(richtext.__file__).read_bytes())
        for path in sorted(Path(settings["THEME"]).rglob("*")):
            if path.is_file():
                digest.update(path.as_posix().encode() + path.read_bytes())
        carousel = context["records"]["carousel"]
        shared = [
            context["site"],
            context["lang"],
            context["public_url"],
            carousel[0]["image"] if carousel else None,
        ]
        digest.update(json.dumps(shared, sort_keys=True, default=repr, ensure_ascii=False).encode())
        self.base = digest.hexdigest()
        self.reused = 0

    def key(self, values: dict[str, Any]) -> str:
        data = json.dumps(values, sort_keys=True, default=repr, ensure_ascii=False)
        return hashlib.sha256((self.base + data).encode()).hexdigest()

    def reuse(self, rel: str, key: str) -> bool:
        """Copy `rel` from the previous build when its key is unchanged; record the key either way."""
        self.new[rel] = key
        if self.previous is None or self.old.get(rel) != key:
            return False
        target = self.output / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        try:  # builds are never changed in place: a hard link is a free copy
            os.link(self.previous / rel, target)
        except FileNotFoundError:  # not in the previous build after all: render it
            return False
        except OSError:  # another file system
            shutil.copyfile(self.previous / rel, target)
        self.reused += 1
        return True

    def save(self) -> None:
        self.output.mkdir(parents=True, exist_ok=True)
        (self.output / self.KEYS_NAME).write_text(json.dumps(self.new, sort_keys=True), encoding="utf-8")


class RecordsGenerator(Generator):
    """Adds `site`, `records` and helpers to the shared context; writes the pages of records: one per
    project (xiang/<id>/), per news item (news/<id>/) and per notice (notice/<id>/), the paged news
    and notice lists (news/, news/page/2/, …) and the job openings (jobs/)."""

    def generate_context(self) -> None:
        self.context.update(build_context(self.settings))

    def _write(self, writer: Any, template: str, path: str, **values: Any) -> None:
        rel = path.strip("/") + "/index.html"
        if self.cache.reuse(rel, self.cache.key({"template": template, "path": path, **values})):
            return
        writer.write_file(
            rel,
            self.get_template(template),
            self.context,
            page_path=path,
            url=path.lstrip("/"),
            **values,
        )

    def generate_output(self, writer: Any) -> None:
        self.cache = RenderCache(self.settings, Path(self.output_path), self.context)
        records = self.context["records"]
        for project in records["projects"]:
            self._write(writer, "project", project["path"], project=project)
        for name, (base, per_page) in LISTED.items():
            items = records[name]
            pages = [items[i : i + per_page] for i in range(0, len(items), per_page)] or [[]]
            for number, chunk in enumerate(pages, start=1):
                path = base if number == 1 else f"{base}page/{number}/"
                pager = {
                    "number": number,
                    "count": len(pages),
                    "previous": (base if number == 2 else f"{base}page/{number - 1}/") if number > 1 else "",
                    "next": f"{base}page/{number + 1}/" if number < len(pages) else "",
                }
                self._write(writer, "news-list", path, kind=name, items=chunk, pager=pager, list_path=base)
            for item in items:
                self._write(writer, "news", item["path"], kind=name, item=item, list_path=base)
        self._write(writer, "jobs", "/jobs/", jobs=records["jobs"])
        self.cache.save()


def get_generators(_pelican: Any) -> type[Generator]:
    return RecordsGenerator


def register() -> None:
    signals.get_generators.connect(get_generators)
    signals.content_object_init.connect(fix_special_pages)
    signals.content_object_init.connect(published_page_text)
