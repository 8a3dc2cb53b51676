"""Export: the published rows of the designed business tables as the site's data files (DESIGN §7).

`export_site_data(data_dir)` runs at the start of every publish (`functions.publish.pipeline`), on
the data folder already holding the files of content/data. For each record type the back office feeds
(`EXPORTS`: a design and how its rows become records of `functions.publish.records`), it replaces that
type's file with the design's enabled rows; the other files (company identity, awards,
qualifications…) stay as content/data has them.

Exported today: news (business/news → news.json — the home page's "Latest news"). The other public
record types need images under content/ (the Pelican records check them), which uploaded files are
not yet copied into; they keep their content/data files.

Rows are read with one paginated Query of the design's partition, at most `MAX_ROWS` — a publish is
a batch job, not a request — and only enabled ones (a disabled row is a draft).
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from functions.models.design import Record
from functions.services import org_chart

MAX_ROWS = 2000
SITE_ZONE = ZoneInfo("Asia/Shanghai")  # the company's dates are local dates
SUMMARY_CHARS = 140
TAG_RE = re.compile(r"<[^>]+>")


def _text(values: dict[str, Any], field: str) -> str:
    return str(values.get(field) or "").strip()


def words(values: dict[str, Any], field: str, *fallbacks: str) -> dict[str, str]:
    """A localised text from `field` (zh-cn) and `field_en` (en); a missing language or field takes
    the first of `fallbacks` that has text (both languages are required by the site)."""
    zh, en = _text(values, field), _text(values, f"{field}_en")
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
    return dt.datetime.fromtimestamp(int(seconds or 0), SITE_ZONE).date().isoformat()


def news_record(item_id: int, values: dict[str, Any]) -> dict[str, Any] | None:
    title = words(values, "title")
    if not title["zh-cn"]:
        return None
    summary = words(values, "summary")
    body = {"zh-cn": plain(_text(values, "content")), "en": plain(_text(values, "content_en"))}
    for lang in ("zh-cn", "en"):
        summary[lang] = summary[lang] or body[lang] or body["zh-cn"] or title[lang]
    return {
        "id": f"news-{item_id}",
        "sort": 0,
        "date": local_date(values.get("publish_time")),
        "title": title,
        "summary": summary,
    }


@dataclass(frozen=True)
class Export:
    design: str
    record: Callable[[int, dict[str, Any]], dict[str, Any] | None]


EXPORTS: dict[str, Export] = {
    "news": Export("business/news", news_record),
}


def published_rows(design: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The enabled rows of a (not time-series) design, newest first, at most `MAX_ROWS`."""
    for item in Record.query(design, scan_index_forward=False, limit=MAX_ROWS):
        values = item.values()
        if values.get("status", "enable") == "enable":
            yield int(item.id), values


# Other writers of data files (name → function writing into the data folder, returning file names):
# data that is not rows of a design, e.g. the organisation chart.
WRITERS: dict[str, Callable[[Path], list[str]]] = {"org": org_chart.write_data_file}


def export_site_data(data_dir: Path) -> list[str]:
    """Write the data file of each exported record type into `data_dir`; returns the file names."""
    written = []
    for writer in WRITERS.values():
        written.extend(writer(data_dir))
    for name, spec in EXPORTS.items():
        rows = published_rows(spec.design)
        records = [record for item_id, values in rows if (record := spec.record(item_id, values))]
        path = data_dir / f"{name}.json"
        path.write_text(json.dumps(records, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written.append(path.name)
    return written
