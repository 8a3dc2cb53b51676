"""What the site's data files hold: the record types and their fields, the site identity, the
picture sizes, and what a check refuses (`RecordError`). The field definitions are the contract with
the back office, which publishes into the same files (content/data/README.md documents them)."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
