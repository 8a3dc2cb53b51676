"""How the rows of each exported design become the records of the site's data files (DESIGN §7).

`EXPORTS` names, per data file, the design it comes from and the function that turns one published
`Row` (its values, its design's fields and the site's pictures) into a record of
`functions.publish.site_data.schema`, or None to leave it out. `functions.publish.export` reads the
rows, checks their addresses and writes the files.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from functions.core.clock import COMPANY_TZ
from functions.core.log import logger
from functions.core.settings import REPO_ROOT
from functions.publish.site_data.links import link_target
from functions.services import richtext
from functions.services.area import place

if TYPE_CHECKING:  # Pillow only where pictures are published: the API asks `export_of` without it
    from functions.publish.images import SiteImages

SUMMARY_CHARS = 140
TAG_RE = re.compile(r"<[^>]+>")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _text(values: dict[str, Any], name: str) -> str:
    return str(values.get(name) or "").strip()


def words(values: dict[str, Any], name: str, *fallbacks: str) -> dict[str, str]:
    """A localised text from `name` (zh-cn) and `name_en` (en); a missing language or field takes
    the first of `fallbacks` that has text (both languages are required by the site)."""
    zh, en = _text(values, name), _text(values, f"{name}_en")
    for other in fallbacks:
        zh = zh or _text(values, other)
        en = en or _text(values, f"{other}_en")
    return {"zh-cn": zh or en, "en": en or zh}


def plain(markup: str, limit: int = SUMMARY_CHARS) -> str:
    """The text of rich-text HTML, shortened to `limit` characters at a word boundary when it can."""
    text = " ".join(html.unescape(TAG_RE.sub(" ", markup)).split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    if " " in cut[limit // 2 :]:  # a language with spaces: end at a word
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,.;:，。；：") + "…"


def local_date(seconds: Any) -> str:
    return dt.datetime.fromtimestamp(int(seconds or 0), COMPANY_TZ).date().isoformat()


def today() -> str:
    return dt.datetime.now(COMPANY_TZ).date().isoformat()


@dataclass
class Row:
    """One published row of a design, with what its record needs: option labels and pictures."""

    id: int
    values: dict[str, Any]
    fields: dict[str, dict[str, Any]]
    images: SiteImages
    place: int | None = None  # the row's place in the back office's weigh order (`row_order.sort_key`)

    def text(self, name: str) -> str:
        return _text(self.values, name)

    def words(self, name: str, *fallbacks: str) -> dict[str, str]:
        return words(self.values, name, *fallbacks)

    def html(self, name: str) -> dict[str, str]:
        return {"zh-cn": self.rich(self.text(name)), "en": self.rich(self.text(f"{name}_en"))}

    def rich(self, markup: str) -> str:
        """Rich text whose pictures are the site's own: each uploaded picture is published as an
        image field's is (`SiteImages`), and one that cannot be is left out."""
        if "<img" not in markup:
            return markup

        def site_src(url: str) -> str | None:
            rel = self.images.publish(url) if richtext.upload_src(url) else None
            return f"/{rel}" if rel else None

        return richtext.clean(markup, src=site_src)

    def label(self, name: str) -> dict[str, str]:
        """The zh-cn/en label of the chosen option of select field `name` (the value if unknown)."""
        value = self.values.get(name)
        for option in self.fields.get(name, {}).get("options") or []:
            if option.get("value") == value:
                label = option.get("label") or {}
                return {"zh-cn": label.get("zh") or str(value), "en": label.get("en") or str(value)}
        return {"zh-cn": str(value or ""), "en": str(value or "")}

    def summary(self, title: dict[str, str], body: str = "content") -> dict[str, str]:
        summary = self.words("summary")
        text = {"zh-cn": plain(self.text(body)), "en": plain(self.text(f"{body}_en"))}
        for lang in ("zh-cn", "en"):
            summary[lang] = summary[lang] or text[lang] or text["zh-cn"] or title[lang]
        return summary

    def picture(self, name: str, alt: dict[str, str]) -> dict[str, Any]:
        """`image` and `image_alt` of the record from image field `name` (nothing without a picture)."""
        rel = self.images.publish(self.values.get(name))
        return {"image": rel, "image_alt": alt} if rel else {}


def sort_key(row: Row) -> int:
    """Lists follow the back office's drag order: a higher weigh comes first, and among equal weighs
    the row placed higher (its place in the sort index, where the weigh is the sorted field)."""
    return -row.place if row.place is not None else -int(row.values.get("weigh") or 0)


def article(row: Row, title: dict[str, str]) -> dict[str, Any]:
    """What a news item and a notice share: id, date, title, summary and the rich-text body."""
    return {
        "id": str(row.id),
        "sort": 0,
        "date": local_date(row.values.get("publish_time")),
        "title": title,
        "summary": row.summary(title),
        "body": row.html("content"),
    }


def news_record(row: Row) -> dict[str, Any] | None:
    title = row.words("title")
    if not title["zh-cn"]:
        return None
    return article(row, title) | row.picture("cover", title)


def notice_record(row: Row) -> dict[str, Any] | None:
    title = row.words("title")
    expires = row.text("expire_date")
    if not title["zh-cn"] or (expires and expires < today()):
        return None
    return article(row, title) | {"top": bool(row.values.get("top"))}


def job_record(row: Row) -> dict[str, Any] | None:
    title = row.words("title")
    email = row.text("email")  # optional: without one, applications go to the company's address
    if not title["zh-cn"]:
        return None
    codes = row.values.get("city") or []
    return {
        "id": str(row.id),
        "sort": 0,
        "date": local_date(row.values.get("publish_time")),
        "title": title,
        "department": row.words("department") if row.text("department") else {"zh-cn": "—", "en": "—"},
        "city": {lang: place(codes, lang) or "—" for lang in ("zh-cn", "en")},
        "kind": row.label("kind"),
        "headcount": int(row.values.get("headcount") or 1),
        "salary": row.words("salary") if row.text("salary") else {"zh-cn": "面议", "en": "Negotiable"},
        "requirements": row.html("requirements"),
    } | ({"email": email} if email else {})


def carousel_record(row: Row) -> dict[str, Any] | None:
    title = row.words("title")
    picture = row.picture("image", row.words("image_alt", "title"))
    if not title["zh-cn"] or not picture:
        logger.warning("carousel slide #%s not published: it has no picture", row.id)
        return None
    record = {
        "id": str(row.id),
        "sort": sort_key(row),
        "title": title,
        "text": row.words("text", "title"),
    }
    link = row.text("link")
    if link_target(link):  # a site path or a web address (an external one is marked on the site)
        record |= {"link": link, "link_label": row.words("link_text", "title")}
    elif link:  # the save refuses it: a row written some other way
        logger.warning(
            "carousel slide #%s: link %r is not a site path nor a web address: no button", row.id, link
        )
    return record | picture


def staff_record(row: Row) -> dict[str, Any] | None:
    name = row.words("name")
    if not name["zh-cn"]:
        return None
    since = row.values.get("since")
    return {
        "id": f"staff-{row.id}",
        "sort": sort_key(row),
        "name": name,
        "role": row.words("position"),
        "department": row.words("department"),
        "since": int(since) if isinstance(since, int) else int(today()[:4]),
        "bio": row.words("bio", "position"),
        **row.picture("photo", name),
    }


def period(start: str, end: str) -> dict[str, str]:
    def zh(day: str) -> str:
        return f"{int(day[:4])}年{int(day[5:7])}月"

    def en(day: str) -> str:
        return dt.date.fromisoformat(day).strftime("%b %Y")

    if not start:
        return {"zh-cn": "长期", "en": "Ongoing"}
    return {
        "zh-cn": f"{zh(start)}至{zh(end) if end else '今'}",
        "en": f"{en(start)} – {en(end) if end else 'present'}",
    }


def project_record(row: Row) -> dict[str, Any] | None:
    title = row.words("name")
    if not title["zh-cn"]:
        return None
    slug = row.text("slug")
    return {
        "id": slug if SLUG_RE.match(slug) else f"project-{row.id}",
        "sort": sort_key(row),
        "featured": bool(row.values.get("featured")),
        "title": title,
        "category": row.label("category"),
        "client": row.words("client") if row.text("client") else {"zh-cn": "—", "en": "—"},
        "location": row.words("location") if row.text("location") else {"zh-cn": "—", "en": "—"},
        "period": period(row.text("start_date"), row.text("end_date")),
        "summary": row.summary(title, "description"),
        "body_html": row.html("description"),
        **row.picture("cover", title),
    }


def certificate(row: Row, kind: str) -> dict[str, Any] | None:
    """What an award and a qualification share: id (the row's URL name or `<kind>-<n>`, the anchor of
    its large view), title, issuer and the certificate's picture — without one it is left out."""
    title = row.words("title")
    picture = row.picture("image", row.words("image_alt", "title"))
    if not title["zh-cn"] or not picture:
        logger.warning("%s #%s not published: it has no picture", kind, row.id)
        return None
    slug = row.text("slug")
    return {
        "id": slug if SLUG_RE.match(slug) else f"{kind}-{row.id}",
        "sort": sort_key(row),
        "title": title,
        "issuer": row.words("issuer", "title"),
        **picture,
    }


def award_record(row: Row) -> dict[str, Any] | None:
    record = certificate(row, "award")
    year = row.values.get("year")
    if record is None or not isinstance(year, int) or year <= 0:
        return None
    return record | {"year": year, "description": row.words("description", "title")}


def qualification_record(row: Row) -> dict[str, Any] | None:
    record = certificate(row, "qualification")
    number, valid_until = row.text("number"), row.text("valid_until")
    if record is None or not number or not valid_until:
        return None
    return record | {"number": number, "valid_until": valid_until, "scope": row.words("scope", "title")}


SITE_ICONS = REPO_ROOT / "theme/static/img"  # icon-<name>.svg: the drawings the home page can show
DEFAULT_ICON = "skyline"


def site_icon(name: str) -> str:
    """The theme's drawing of a `local-<name>` icon (the back office's own set, drawn by the site too);
    an icon of another set (Font Awesome, Bootstrap, antd) has no drawing there: the default."""
    local = name.removeprefix("local-")
    if name.startswith("local-") and (SITE_ICONS / f"icon-{local}.svg").is_file():
        return local
    return DEFAULT_ICON


def service_record(row: Row) -> dict[str, Any] | None:
    title = row.words("title")
    if not title["zh-cn"]:
        return None
    return {
        "id": f"service-{row.id}",
        "sort": sort_key(row),
        "title": title,
        "text": row.words("text", "title"),
        "icon": site_icon(row.text("icon")),
    }


def history_record(row: Row) -> dict[str, Any] | None:
    """A milestone of /about/history: its year and what happened (the English falls back to Chinese)."""
    text = row.words("event")
    year = row.values.get("year")
    if not text["zh-cn"] or not isinstance(year, int) or year <= 0:
        return None
    return {"id": f"history-{row.id}", "sort": sort_key(row), "year": year, "text": text}


def page_record(row: Row) -> dict[str, Any] | None:
    """The text of a single page (/about and its sub-pages, /culture); its layout stays in
    content/pages/<slug>.*.md. The title is required; the menu label, lead, description and body are
    taken when given (an empty body keeps the file's text, e.g. the history page's intro)."""
    title = row.words("title")
    slug = row.text("slug")
    if not title["zh-cn"] or not SLUG_RE.match(slug):
        return None
    record: dict[str, Any] = {"id": slug, "sort": 0, "title": title}
    body = row.html("content")
    description = row.words("description")
    if body["zh-cn"] or body["en"]:
        record["body"] = body
        for lang in ("zh-cn", "en"):
            description[lang] = description[lang] or plain(body[lang] or body["zh-cn"] or body["en"])
    if description["zh-cn"]:
        record["description"] = description
    for name in ("nav_title", "lead"):
        if row.text(name) or row.text(f"{name}_en"):
            record[name] = row.words(name)
    return record


@dataclass(frozen=True)
class Export:
    design: str
    record: Callable[[Row], dict[str, Any] | None]
    # Rows may share an address on purpose: the newest enabled row of a page is the page (the older
    # ones are its earlier versions), so only the first of each id is kept (rows come newest first).
    newest_wins: bool = False


EXPORTS: dict[str, Export] = {
    "news": Export("business/news", news_record),
    "notices": Export("business/notice", notice_record),
    "jobs": Export("business/job", job_record),
    "carousel": Export("business/lunbo", carousel_record),
    "staff": Export("business/team", staff_record),
    "projects": Export("business/project", project_record),
    "awards": Export("business/award", award_record),
    "qualifications": Export("business/qualification", qualification_record),
    "history": Export("business/history", history_record),
    "services": Export("business/service", service_record),
    "pages": Export("business/page", page_record, newest_wins=True),
}


def export_of(design: str) -> str | None:
    """The name of the site's record type made from `design` (None: the site does not show its rows)."""
    return next((name for name, spec in EXPORTS.items() if spec.design == design), None)
