"""Where an attachment is used: the rows of designed tables whose upload fields (image, images, file,
files) hold its URL — a cover, a gallery, a download — so the back office can warn before deleting
it.

No index maps a file to the rows that use it, so this reads rows, within the bound of every list
request (`functions.services.listing.MAX_READ` rows in all): the designed tables that have upload
fields, newest rows first. When the bound stops the read before every such row was seen, the answer
says so (`complete` false) and the warning says that older rows were not checked.
"""

from __future__ import annotations

from typing import Any

from functions.models.design import Record
from functions.models.listing import month_buckets
from functions.services import designs, listing
from functions.services.designs import DesignDoc

UPLOADS = ("image", "images", "file", "files")


def _partitions(doc: DesignDoc) -> list[str]:
    from functions.models.design import record_scope

    if not doc.time_series:
        return [doc.name]
    return [f"{doc.name}#{month}" for month in month_buckets(record_scope(doc.name), newest_first=True)]


def _holds(value: Any, url: str) -> bool:
    items = value if isinstance(value, list) else [value]
    return any(isinstance(item, str) and item.split("?", 1)[0].endswith(url) for item in items if item)


def usage(urls: list[str], budget: int = listing.MAX_READ) -> tuple[dict[str, list[dict[str, Any]]], bool]:
    """`({url: [{table, title, id, field, field_title}]}, complete)` for these attachment URLs."""
    from functions.services.records import words

    found: dict[str, list[dict[str, Any]]] = {url: [] for url in urls}
    complete = True
    for design in designs.list_designs():
        doc = designs.load_doc(design)
        fields = [f for f in doc.fields if f.type in UPLOADS]
        if not fields:
            continue
        for partition in _partitions(doc):
            if budget <= 0:
                return found, False
            read = 0
            for item in Record.query(partition, scan_index_forward=False, limit=budget):
                read += 1
                values = item.values()
                for field in fields:
                    for url in urls:
                        if _holds(values.get(field.name), url):
                            found[url].append(
                                {
                                    "table": doc.name,
                                    "title": words(doc.title),
                                    "id": int(item.id),
                                    "field": field.name,
                                    "field_title": words(field.title),
                                }
                            )
            if read >= budget:  # the bound stopped this Query: older rows may follow
                complete = False
            budget -= read
    return found, complete
