"""Export: the published rows of the back office as the site's data files (DESIGN §7).

`export_site_data(data_dir)` runs at the start of every publish (`functions.publish.pipeline`), on
the data folder already holding the files of content/data (the seed). It

- replaces the file of each record type the back office feeds (`EXPORTS`: a design and how its rows
  become records of `functions.publish.site_data`) with the design's published rows: news, notices,
  job openings, carousel slides (business/lunbo), staff (business/team), projects, awards,
  qualifications, the company's milestones (business/history: /about/history), the home page's
  services and the text of the single pages (business/page: /about and its sub-pages, /culture — the
  Pelican plugin puts it into the page of that slug, whose Markdown file keeps the layout);
- counts the vehicles in service per kind (business/car) into the equipment records (`equipment_counts`);
- overlays the company identity of site.json with the site Config (`site_identity`): name, contact
  line, ICP record number, hotline, e-mail, address, hours, introduction;
- runs the other registered `WRITERS` (data that is not rows of a design, e.g. the organisation chart).

Published means enabled and due: a row whose `status` is not "enable" is a draft and never reaches the
site; a row whose `publish_time` (the datetime field of that name: news, notices, job openings) lies in
the future is scheduled — it is left out, and listed in `scheduled` (table, id, title, time) so that
the publish's summary says what is waiting and the clock (`publish_jobs.publish_if_due`) publishes
again when its time comes.
Pictures are uploaded attachments, resized once per upload by `functions.publish.images` — those of
image fields and those inside rich text alike (`Row.rich`).

Rows are read with a Query of the design's partition, one page (`PAGE_ROWS`) at a time and with no
cap: every enabled row reaches the site however large the table (a publish is a batch job, not a
request; its records are the build's input, so they are all in memory for the build anyway). The
Query is on the table, strongly consistent, not on the status index: a GSI is eventually
consistent and the publish that a save starts must see that save. A design that does not exist
(deleted) leaves the seed file in place.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from functions.core import messages_publish  # noqa: F401 - registers the publish messages' catalog
from functions.core.i18n import t
from functions.core.log import logger
from functions.models.config import Config
from functions.models.design import Record
from functions.publish.images import SiteImages
from functions.publish.site_records import EXPORTS, Row, words
from functions.services import org_chart
from functions.services.design_doc import get_design, load_doc
from functions.services.site_config import SITE_GROUP

PAGE_ROWS = 1_000  # rows read per Query page (DynamoDB also stops a page at 1 MB)


def design_fields(design: str) -> dict[str, dict[str, Any]] | None:
    """The fields of a design by name, or None when the design does not exist."""
    stored = get_design(design)
    if stored is None:
        return None
    return {f.name: f.model_dump() for f in load_doc(stored).fields}


SCHEDULE_FIELD = "publish_time"


def publish_at(values: dict[str, Any]) -> int:
    """When a row may be on the site (seconds since the epoch; 0: at once)."""
    try:
        return int(values.get(SCHEDULE_FIELD) or 0)
    except (TypeError, ValueError):
        return 0


def published_rows(
    design: str, now: float | None = None, scheduled: list[dict[str, Any]] | None = None
) -> Iterator[tuple[int, dict[str, Any], int | None]]:
    """Every enabled row of a (not time-series) design that is due at `now` (default: this moment),
    newest first, read page by page, with its sort slot (`n1`). An enabled row whose publish time is
    still to come goes into `scheduled` instead."""
    now = time.time() if now is None else now
    for item in Record.query(design, scan_index_forward=False, consistent_read=True, page_size=PAGE_ROWS):
        values = item.values()
        if values.get("status", "enable") != "enable":
            continue
        at = publish_at(values)
        if at > now:
            if scheduled is not None:
                scheduled.append(
                    {"table": design, "id": int(item.id), "title": words(values, "title", "name"), "at": at}
                )
            continue
        yield int(item.id), values, (int(item.n1) if item.n1 is not None else None)


@dataclass
class Draft:
    """A row shown as it would be published, whatever its status and publish time (the preview,
    `functions.publish.preview`): its design, id (0: not added yet) and values. The export writes it
    as the only record of the site and sets `record` to what it became (None: the site would leave it
    out)."""

    design: str
    id: int
    values: dict[str, Any]
    record: dict[str, Any] | None = None


def _write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path.name


class SameAddress(ValueError):
    """Two published rows would become one page or anchor of the site (one would silently replace the
    other): the publish fails, naming both, in both languages, and the live site stays as it was."""


# Where a record of each type is on the site, by its id (the others' ids are made from row numbers).
ADDRESSES = {
    "news": "/news/{id}/",
    "notices": "/notice/{id}/",
    "projects": "/xiang/{id}/",
    "awards": "/jiang/#view-{id}",
    "qualifications": "/zizhi/#view-{id}",
}


def record_address(name: str, record_id: str) -> str:
    if name == "pages":  # about-history → /about/history/
        return "/" + record_id.replace("-", "/") + "/"
    return ADDRESSES.get(name, f"{name}: {{id}}").format(id=record_id)


def check_addresses(name: str, design: str, records: list[tuple[int, dict[str, Any]]]) -> None:
    """Raise `SameAddress` when two records share an id, i.e. an address on the site."""
    first: dict[str, tuple[int, dict[str, Any]]] = {}
    for row_id, record in records:
        if record["id"] not in first:
            first[record["id"]] = (row_id, record)
            continue
        (other_id, other), stored = first[record["id"]], get_design(design)
        title = load_doc(stored).title.model_dump() if stored else {}
        lines = []
        for lang, code in (("zh-cn", "zh"), ("en", "en")):
            label = record.get("title") or record.get("name") or {}
            other_label = other.get("title") or other.get("name") or {}
            lines.append(
                t(
                    "Two records would be published at the same address {address}: {table} "
                    "#{first} “{first_title}” and #{second} “{second_title}”. Give one of them another "
                    "URL name, then publish again.",
                    lang,
                    address=record_address(name, record["id"]),
                    table=title.get(code) or design,
                    first=min(other_id, row_id),
                    first_title=(other_label if other_id < row_id else label).get(lang, ""),
                    second=max(other_id, row_id),
                    second_title=(label if other_id < row_id else other_label).get(lang, ""),
                )
            )
        raise SameAddress("\n".join(lines))


def equipment_counts(data_dir: Path) -> list[str]:
    """The equipment records' `count` is the number of business/car rows in service of their `kind`;
    an equipment record with none in service is left out. Without car rows the seed stays."""
    if design_fields("business/car") is None:
        return []
    in_service: Counter[str] = Counter()
    rows = 0
    for item in Record.query("business/car", consistent_read=True, page_size=PAGE_ROWS):
        rows += 1
        values = item.values()
        if values.get("status") == "in_service":
            in_service[str(values.get("kind"))] += 1
    if not rows:
        return []
    path = data_dir / "equipment.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    counted = [r | {"count": in_service[r["kind"]]} for r in records if in_service[r.get("kind", "")] > 0]
    return [_write(path, counted)]


# site.json field ← site Config item (group "site"; see functions.services.site_config).
IDENTITY = {
    "siteName": "site_name",
    "comcont": "comcont",
    "recordNumber": "record_number",
    "description": "company_intro",
    "phone": "hotline",
    "email": "company_email",
    "address": "company_address",
    "hours": "office_hours",
}


def site_identity(data_dir: Path) -> list[str]:
    """Overlay site.json with the non-empty site Config items (a localised field needs both texts)."""
    items = {item.name: item.value for item in Config.query_group(SITE_GROUP)}
    path = data_dir / "site.json"
    site = json.loads(path.read_text(encoding="utf-8"))
    for key, name in IDENTITY.items():
        value = items.get(name)
        if isinstance(site[key], dict) and isinstance(value, dict):
            zh, en = str(value.get("zh-cn") or "").strip(), str(value.get("en") or "").strip()
            if zh or en:
                site[key] = {"zh-cn": zh or en, "en": en or zh}
        elif isinstance(value, str) and value.strip():
            site[key] = value.strip()
    return [_write(path, site)]


# Other writers of data files (name → function writing into the data folder, returning file names):
# data that is not rows of a design, e.g. the organisation chart.
WRITERS: dict[str, Callable[[Path], list[str]]] = {
    "site": site_identity,
    "equipment": equipment_counts,
    "org": org_chart.write_data_file,
}


def export_site_data(
    data_dir: Path,
    scheduled: list[dict[str, Any]] | None = None,
    draft: Draft | None = None,
    images: SiteImages | None = None,
) -> list[str]:
    """Write the data file of each exported record type into `data_dir`; returns the file names.
    Enabled rows whose publish time is still to come are left out and added to `scheduled`, soonest
    first. `draft`: the preview's row, exported alone as if it were published (no stored row is read:
    a preview costs the same at 100,000 rows as at ten)."""
    now = time.time()
    waiting: list[dict[str, Any]] = []
    images = images or SiteImages(data_dir.parent)
    written = []
    for writer in WRITERS.values():
        written.extend(writer(data_dir))
    for name, spec in EXPORTS.items():
        fields = design_fields(spec.design)
        if fields is None:  # the design was deleted: the seed file stays
            continue
        placed = any(f["type"] == "weigh" and f.get("sort") for f in fields.values())
        if draft is None:
            found = published_rows(spec.design, now, waiting)
        else:  # the preview's site holds the draft alone: no table is read whole
            found = iter([(draft.id, draft.values, None)] if draft.design == spec.design else [])
        rows = (Row(item_id, values, fields, images, n1 if placed else None) for item_id, values, n1 in found)
        records = [(row.id, record) for row in rows if (record := spec.record(row))]
        if draft is not None and draft.design == spec.design and records and records[0][0] == draft.id:
            draft.record = records[0][1]
        if spec.newest_wins:
            records = list({record["id"]: (row_id, record) for row_id, record in reversed(records)}.values())
            records.reverse()
        check_addresses(name, spec.design, records)
        written.append(_write(data_dir / f"{name}.json", [record for _, record in records]))
    if images.rendered:
        logger.info("pictures resized: %s", images.rendered)
    if scheduled is not None:
        scheduled.extend(sorted(waiting, key=lambda entry: (entry["at"], entry["table"], entry["id"])))
    return written
