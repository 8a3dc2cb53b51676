"""Rich text (designed tables' `richtext` fields): the one nh3 cleaner, used when a value is saved
(`functions.services.fields`) and again when the site is built (`functions.publish`).

It keeps nh3's default text tags (what the back office's Tiptap toolbar produces, and what older rows
hold) and allows pictures and tables in exactly this form:

- `<img src alt class>`: `src` an upload of this app (`/storage/…`, what the upload routes answer; a
  `javascript:`, `data:` or foreign address is dropped), `alt` text, `class` one of `IMAGE_SIZES`
  (small / medium / full width, laid out by the stylesheet so it fits any screen). No width, height or
  event attributes; a refused address leaves the `<img>` without `src` (it loads nothing).
- `<table> <thead> <tbody> <tr> <th> <td>`, the cells with `colspan` and `rowspan` only.

The published site (`functions.publish.export`) passes `src` to say what address a picture gets there:
the uploaded file becomes one of the site's own resized pictures (`/images/records/…`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from functions.services.storage import StorageError, check_key

IMAGE_SIZES = frozenset({"img-small", "img-medium", "img-full"})
TABLE_TAGS = frozenset({"table", "thead", "tbody", "tr", "th", "td"})
# Image and table tags nh3 allows by default but this editor never makes (image maps, captions,
# column groups, footers): not allowed, so the picture/table forms above are the only ones.
_LEFT_OUT = frozenset({"area", "map", "caption", "col", "colgroup", "tfoot"})
_UPLOAD_RE = re.compile(r"/storage/[^\s?#\"'<>\\]+")
_SITE_RE = re.compile(r"/images/[A-Za-z0-9_./-]+")


def upload_src(url: str) -> str | None:
    """`url` if it is the address of an upload of this app (`/storage/…`), else None."""
    if not _UPLOAD_RE.fullmatch(url):
        return None
    try:
        check_key(url[1:])
    except StorageError:
        return None
    return url


def site_src(url: str) -> str | None:
    """`url` if it is a picture of the published site (`/images/…`, where the publish puts uploads)."""
    return url if _SITE_RE.fullmatch(url) and ".." not in url else None


def clean(value: str, src: Callable[[str], str | None] = upload_src) -> str:
    """`value` with only the allowed markup; `src(url)` gives each picture's address, or None to drop it."""
    import nh3  # deferred: ~1.2 ms at cold start; only saving or publishing rich text needs it

    tags = (set(nh3.ALLOWED_TAGS) - _LEFT_OUT) | TABLE_TAGS | {"img"}
    attributes = {tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items() if tag not in _LEFT_OUT}
    attributes |= {tag: set() for tag in TABLE_TAGS} | {
        "th": {"colspan", "rowspan"},
        "td": {"colspan", "rowspan"},
    }
    attributes["img"] = {"src", "alt"}

    def keep(tag: str, name: str, attribute: str) -> str | None:
        if tag == "img" and name == "src":
            return src(attribute)
        if name in ("colspan", "rowspan"):
            return attribute if attribute.isdigit() and 1 <= int(attribute) <= 100 else None
        return attribute

    cleaned = nh3.clean(
        value,
        tags=tags,
        attributes=attributes,
        attribute_filter=keep,
        allowed_classes={"img": set(IMAGE_SIZES)},
        link_rel="noopener noreferrer nofollow",
    )
    return str(cleaned)
