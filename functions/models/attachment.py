"""Attachments: one row per stored file and uploader (the back office's routine/attachment table).

- `id` is a number from the `attachment` sequence.
- The same content (`sha1`) uploaded again by the same uploader with the same `topic` to the same
  `storage` reuses the row: `quote` (how many times it was uploaded) goes up by one and
  `last_upload_time` moves. The uniqueness is a `Unique` guard item
  (`attachment.sha1#<storage>#<topic>#<uploader>#<sha1>`, owner = row id) written in the same
  transaction as the row, so two simultaneous uploads of one file end with one row and quote 2.
  Uploaders are kept apart (an admin's and a member's uploads of the same file are two rows
  pointing to one stored object) so that nobody learns through the count what others uploaded
  and deleting one's row never takes another's away.
- Several rows may point to one stored object (same key). A `Counter` item
  `attachment.file#<storage>#<key>` counts them; it moves in the same transactions, and the object
  is deleted when the count reaches zero.
- Storage sums for the dashboard: `tallies()` gives the counters `bytes#attachment` (all rows) and
  `bytes#attachment#<kind>` / `files#attachment#<kind>` per kind of file (`kind_of`: image, video,
  audio, document, archive, other); they move with the row count (`functions.models.listing`).
- Listing for the back office is the generic table's: pages of a Query of the GSI `part-id-index`
  (`functions.models.listing`), newest first; never a Scan. The row count `rows#attachment` moves
  in the transactions that add and delete rows (`functions.services.attachments`).
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Created, now
from functions.models.listing import ConstantPart, Listed

BYTES_COUNTER = "bytes#attachment"
FILE_KINDS = ("image", "video", "audio", "document", "archive", "other")
_DOCUMENT_SUFFIXES = {"pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "csv", "md", "odt", "rtf"}
_ARCHIVE_SUFFIXES = {"zip", "rar", "7z", "gz", "tgz", "tar", "bz2", "xz"}
GUARD_SCOPE = "attachment.sha1"
FILE_COUNTER_SCOPE = "attachment.file"


class Attachment(Listed, ConstantPart, Created, BaseModel):
    logical_name = "attachment"

    id = NumberAttribute(hash_key=True)
    topic = UnicodeAttribute(default="default")
    # Public URL path ("/storage/…"); the object key is the same without the leading slash.
    url = UnicodeAttribute()
    name = UnicodeAttribute(default="")
    size = NumberAttribute(default=0)
    mimetype = UnicodeAttribute(default="")
    width = NumberAttribute(default=0)
    height = NumberAttribute(default=0)
    sha1 = UnicodeAttribute()
    # "local" (folder under make run) or "s3" (the uploads bucket).
    storage = UnicodeAttribute(default="local")
    admin_id = NumberAttribute(default=0)
    user_id = NumberAttribute(default=0)
    quote = NumberAttribute(default=1)
    last_upload_time = NumberAttribute(default=now)

    tally_counter = BYTES_COUNTER

    @property
    def key(self) -> str:
        return self.url.lstrip("/")

    @property
    def uploader(self) -> str:
        return f"admin:{self.admin_id}" if self.admin_id else f"user:{self.user_id}"

    def to_row(self) -> dict[str, Any]:
        return self.to_public()

    def tallies(self) -> dict[str, int]:
        kind, size = kind_of(self.mimetype, self.url), int(self.size or 0)
        return {BYTES_COUNTER: size, kind_counter("bytes", kind): size, kind_counter("files", kind): 1}

    def to_public(self) -> dict[str, Any]:
        return self.pick(
            *("id", "topic", "url", "name", "size", "mimetype", "width", "height", "sha1", "storage"),
            *("admin_id", "user_id", "quote", "create_time", "last_upload_time"),
        )


def guard_key(storage: str, topic: str, uploader: str, sha1: str) -> str:
    return f"{GUARD_SCOPE}#{storage}#{topic}#{uploader}#{sha1}"


def file_counter_name(storage: str, key: str) -> str:
    return f"{FILE_COUNTER_SCOPE}#{storage}#{key}"


def kind_of(mimetype: str, name: str = "") -> str:
    """The kind of a file (one of `FILE_KINDS`) by its MIME type, else by its suffix."""
    major = (mimetype or "").split("/", 1)[0].lower()
    if major in ("image", "video", "audio"):
        return major
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if major == "text" or suffix in _DOCUMENT_SUFFIXES or "pdf" in mimetype or "officedocument" in mimetype:
        return "document"
    if suffix in _ARCHIVE_SUFFIXES or any(word in mimetype for word in ("zip", "rar", "7z", "compressed")):
        return "archive"
    return "other"


def kind_counter(measure: str, kind: str) -> str:
    """The counter of one kind's `bytes` or `files`: `bytes#attachment#image`."""
    return f"{measure}#attachment#{kind}"
