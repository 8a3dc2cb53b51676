"""Localisation: a record as the page of one language shows it (texts, dates, pictures, rich text)."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown import Markdown
from markupsafe import Markup
from PIL import Image as PILImage

from functions.publish.site_data.links import link_target, mailto
from functions.publish.site_data.schema import (
    APP_PATHS,
    FALLBACK_LANG,
    LISTED,
    RECORD_TYPES,
    VARIANT_RE,
    Picture,
)
from functions.services import richtext


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
