"""Where an attachment is used: the rows of designed tables whose upload fields (image, images, file,
files) hold its URL — a cover, a gallery, a download — so the back office can warn before deleting
it, naming exactly those rows whatever the tables' sizes.

A row's files are recorded as references, written in the same transaction as the row
(`functions.services.records`: add, edit, delete, a restore from the recycle bin, a design change
that converts the rows): one item per file and row in the rows' table (`Record`), partition
`file#<path>` (the URL's path, `/storage/…`; a query string or the host of a full address left out),
sort key a number from the row's table and id (`ref_id`), `data` the row's id and the fields holding
the file. They carry no index slot and no row count, so no list sees them. `usage` reads the
references of each file with one Query (paged): never a table.

Rows saved before references existed get theirs from the seed, once (`records.ensure_row_index`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import urlsplit

from functions.models.design import Record
from functions.services.design_doc import DesignDoc, get_design, load_doc, words

UPLOADS = ("image", "images", "file", "files")
PREFIX = "file#"
# A row's files (its upload fields together) are written with it in one transaction of at most 100
# items: an edit that swaps every file writes 2 × 40 references, the row, its unique guards (at most
# `designs.MAX_UNIQUE`, 2 writes each) and its logs.
MAX_ROW_FILES = 40


def file_path(url: str) -> str:
    """The path of a stored file's URL: `/storage/a.png` of `https://cdn…/storage/a.png?v=2`."""
    if not url:
        return ""
    parts = urlsplit(url)
    return parts.path if parts.scheme in ("http", "https") else url.split("?", 1)[0].split("#", 1)[0]


def ref_id(design: str, row_id: int) -> int:
    """The sort key of a reference: a row's table and id, hashed into 62 bits (one per row and file)."""
    digest = hashlib.sha1(f"{design}#{row_id}".encode(), usedforsecurity=False).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def files_of(doc: DesignDoc, values: dict[str, Any]) -> dict[str, list[str]]:
    """The files a row's values hold: path -> the upload fields holding it."""
    found: dict[str, list[str]] = {}
    for field in doc.fields:
        if field.type not in UPLOADS:
            continue
        value = values.get(field.name)
        for url in value if isinstance(value, list) else [value]:
            path = file_path(url) if isinstance(url, str) else ""
            if path and field.name not in found.setdefault(path, []):
                found[path].append(field.name)
    return found


def _ref(design: str, row_id: int, path: str, fields: list[str]) -> Record:
    data = json.dumps({"id": row_id, "fields": fields}, separators=(",", ":"))
    return Record(f"{PREFIX}{path}", ref_id(design, row_id), design=design, data=data)


def write_refs(
    tx: Any, design: str, row_id: int, before: dict[str, list[str]], after: dict[str, list[str]]
) -> None:
    """Add to the transaction `tx` what changes a row's references from `before` to `after`."""
    for path in before.keys() - after.keys():
        tx.delete(_ref(design, row_id, path, []))
    for path, fields in after.items():
        if before.get(path) != fields:
            tx.save(_ref(design, row_id, path, fields))


def usage(urls: list[str]) -> dict[str, list[dict[str, Any]]]:
    """`{url: [{table, title, id, field, field_title}]}` for these attachment URLs: every row that uses
    each file, by table and id."""
    docs: dict[str, DesignDoc | None] = {}
    found: dict[str, list[dict[str, Any]]] = {url: [] for url in urls}
    for url in urls:
        uses = []
        for ref in Record.query(f"{PREFIX}{file_path(url)}"):
            if ref.design not in docs:
                stored = get_design(ref.design)
                docs[ref.design] = load_doc(stored) if stored is not None else None
            doc = docs[ref.design]
            if doc is None:
                continue
            titles = {f.name: words(f.title) for f in doc.fields}
            data = ref.values()
            for name in data.get("fields") or []:
                uses.append(
                    {
                        "table": doc.name,
                        "title": words(doc.title),
                        "id": int(data["id"]),
                        "field": name,
                        "field_title": titles.get(name, name),
                    }
                )
        found[url] = sorted(uses, key=lambda use: (use["table"], -use["id"], use["field"]))
    return found
