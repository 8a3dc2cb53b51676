"""Attachment rows: record (with reuse), list for the back office, delete (with the stored file).

See `functions.models.attachment` for the keys. `record()` is safe under concurrency: the row, its
`Unique` guard and the file's reference counter are written in one transaction; a writer that
loses the race to the guard increments the winner's `quote` instead. `delete()` removes the row,
its guard and one reference in one transaction, then deletes the object when no row refers to it.

Listing is the generic back-office table's (`functions.routes.admin.routine.attachment`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from pynamodb.exceptions import DeleteError, DoesNotExist, TransactWriteError, UpdateError

from functions.core.log import logger
from functions.core.responses import ApiError
from functions.core.settings import Settings, get_settings
from functions.models.attachment import Attachment, file_counter_name, guard_key
from functions.models.base import is_condition_failure, now, transact_write
from functions.models.counter import Counter, next_id, value_of
from functions.models.listing import count_rows
from functions.models.unique import Unique, owner_of_key
from functions.services import uploads
from functions.services.recycle import is_kept
from functions.services.site_config import get_upload_config
from functions.services.storage import StorageError, get_storage
from functions.services.uploads import Sniffed, Uploader

MAX_ATTEMPTS = 5


def _bump(row_id: int) -> Attachment | None:
    """Add one upload to an existing row; None when the row is gone."""
    row = Attachment(row_id)
    try:
        row.update(
            actions=[Attachment.quote.add(1), Attachment.last_upload_time.set(now())],
            condition=Attachment.id.exists(),
        )
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return None
        raise
    return Attachment.get(row_id, consistent_read=True)


def record(
    *,
    topic: str,
    url: str,
    name: str,
    size: int,
    content: Sniffed,
    sha1: str,
    storage: str,
    uploader: Uploader,
) -> Attachment:
    """The row of this upload (`content`: its real type and image size, `uploads.checked_content`):
    a new one, or the existing one of the same uploader, topic, storage and content with `quote` + 1."""
    guard = guard_key(storage, topic, uploader.tag, sha1)
    for _ in range(MAX_ATTEMPTS):
        owner = owner_of_key(guard)
        if owner is not None:
            row = _bump(int(owner))
            if row is not None:
                return row
            # The row was deleted under us; its guard goes with it in the same transaction.
            continue
        row = Attachment(
            next_id("attachment"),
            topic=topic,
            url=url,
            name=name,
            size=size,
            mimetype=content.mimetype,
            width=content.width,
            height=content.height,
            sha1=sha1,
            storage=storage,
            admin_id=uploader.id if uploader.kind == "admin" else 0,
            user_id=uploader.id if uploader.kind == "user" else 0,
        )
        try:
            with transact_write() as tx:
                tx.save(Unique(guard, owner=str(row.id)), condition=Unique.key.does_not_exist())
                tx.save(row, condition=Attachment.id.does_not_exist())
                tx.update(Counter(file_counter_name(storage, row.key)), actions=[Counter.value.add(1)])
                count_rows(tx, row, 1)
        except TransactWriteError as exc:
            if is_condition_failure(exc) or "TransactionConflict" in str(exc):
                continue  # a simultaneous upload of the same file won: reuse its row
            raise
        return row
    raise RuntimeError("could not record the attachment")


def get(row_id: int) -> Attachment | None:
    try:
        return Attachment.get(int(row_id), consistent_read=True)
    except (DoesNotExist, ValueError):
        return None


def rename(row: Attachment, name: str) -> Attachment:
    """Change the shown name of an upload (cleaned as an upload's own name is)."""
    cleaned = uploads.clean_name(name)
    if not cleaned:
        raise ApiError("Incorrect parameter!")
    row.name = cleaned
    row.save(condition=Attachment.id.exists())  # a save: the sensitive-data log can watch it
    return row


def references(storage: str, key: str) -> int:
    """How many rows refer to the object `key` of `storage`."""
    return value_of(file_counter_name(storage, key)) or 0


def delete(row: Attachment) -> bool:
    """Delete one row; returns True when the stored file was removed too (no other row refers to it).
    A row kept in the recycle bin (`functions.services.recycle`) keeps its reference to the file: the
    copy refers to it until it is restored or purged."""
    counter_name = file_counter_name(row.storage, row.key)
    guard = Unique(guard_key(row.storage, row.topic, row.uploader, row.sha1))
    kept = is_kept(row)
    for include_guard in (True, False):
        try:
            with transact_write() as tx:
                tx.delete(row, condition=Attachment.id.exists())
                if include_guard:
                    tx.delete(guard, condition=Unique.owner == str(row.id))
                if not kept:
                    tx.update(Counter(counter_name), actions=[Counter.value.add(-1)])
                count_rows(tx, row, -1)
            break
        except TransactWriteError as exc:
            if not is_condition_failure(exc):
                raise
            if not include_guard or get(int(row.id)) is None:
                return False  # already deleted
    return remove_unreferenced(row.storage, row.key)


def remove_unreferenced(storage: str, key: str) -> bool:
    """Delete the stored object when no row (nor a recycle-bin copy of one) refers to it any more."""
    if references(storage, key) > 0:
        return False
    try:
        get_storage(name=storage).delete(key)
    except StorageError:
        logger.warning("attachment file not deleted", extra={"storage": storage, "key": key})
        return False
    with contextlib.suppress(DeleteError):  # a new upload of the same file arrived meanwhile
        Counter(file_counter_name(storage, key)).delete(condition=Counter.value <= 0)
    return True


def release_file(storage: str, key: str) -> bool:
    """Drop the reference a recycle-bin copy of a deleted row held on its file (the copy was purged)."""
    Counter(file_counter_name(storage, key)).update(actions=[Counter.value.add(-1)])
    return remove_unreferenced(storage, key)


def delete_many(ids: Iterable[int]) -> int:
    """Delete the rows with these ids; returns how many rows were deleted."""
    count = 0
    for row_id in ids:
        row = get(row_id)
        if row is not None:
            delete(row)
            count += 1
    return count


def save_upload(
    data: bytes,
    filename: str | None,
    declared_type: str | None,
    topic: str | None,
    uploader: Uploader,
    settings: Settings | None = None,
) -> Attachment:
    """Check, store and record one uploaded file (local mode; the checks are
    `functions.services.uploads`'); returns its `Attachment` row."""
    settings = settings or get_settings()
    config = get_upload_config(settings)
    topic = uploads.clean_topic(topic)
    name = uploads.clean_name(filename)
    _, suffix = uploads.split_name(name)
    uploads.check_declared(name, len(data), suffix, declared_type or "", config)
    content = uploads.checked_content(data, suffix, config)
    digest = uploads.sha1_of(data)
    url = uploads.build_url(config.get("savename", ""), topic=topic, name=name, sha1=digest)
    storage = get_storage(settings)
    key = url.lstrip("/")
    current = storage.head(key)
    if current is None or current.size != len(data):
        storage.put(key, data, content.mimetype)
    row = record(
        topic=topic,
        url=url,
        name=name,
        size=len(data),
        content=content,
        sha1=digest,
        storage=storage.name,
        uploader=uploader,
    )
    if row.url != url:
        # The same content was recorded before for this uploader and topic under another name: the row
        # keeps its own file, so the copy just stored is removed unless another row refers to it.
        remove_unreferenced(storage.name, key)
    return row
