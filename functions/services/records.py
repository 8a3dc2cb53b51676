"""Rows of designed tables (`functions.models.design.Record`): add, edit, delete, answer.

Every write is one DynamoDB transaction: the row, the guards of its unique fields
(`Unique` items `record:<design>.<field>#<value>`, so a taken value is refused whatever the table
size), and on add/delete its row count. The index slots (`f1`, `f2`, `n1`) are set from the values
of the fields the design put in them.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from functions.core.errors import validation_messages
from functions.core.i18n import t
from functions.core.responses import ApiError
from functions.models.base import failed_condition, now
from functions.models.counter import Counter, find_counter, next_id
from functions.models.design import Record, filter_key, record_id, record_pk, record_scope
from functions.models.listing import count_rows, month_buckets
from functions.models.unique import Unique, owner_of_key, unique_key
from functions.services import fields
from functions.services.attachment_usage import MAX_ROW_FILES, files_of, write_refs
from functions.services.design_doc import DesignDoc, get_design, list_designs, load_doc
from functions.services.design_doc import words as words
from functions.services.publish_jobs import public_data_changed
from functions.services.row_order import new_places, put_on_top, sort_key, weigh_field, write_weighs


def value_guard(design: str, field: str, value: Any) -> Unique:
    return Unique(unique_key(f"{record_scope(design)}.{field}", str(value)))


def guards_of(item: Record, doc: DesignDoc | None = None) -> list[Unique]:
    """The guard items of a row's unique values."""
    return [guard for _, guard in unique_guards(item, doc)]


def unique_guards(item: Record, doc: DesignDoc | None = None) -> list[tuple[str, Unique]]:
    """The unique fields of a row that hold a value, with their guard items."""
    if doc is None:
        design = get_design(item.design)
        if design is None:
            return []
        doc = load_doc(design)
    values = item.values()
    return [
        (f.name, value_guard(item.design, f.name, values[f.name]))
        for f in doc.fields
        if f.unique and values.get(f.name) not in (None, "", [])
    ]


def fill_slots(doc: DesignDoc, item: Record, values: dict[str, Any]) -> None:
    slots = doc.slots()
    for slot in ("f1", "f2"):
        field = slots.get(slot)
        value = values.get(field) if field else None
        setattr(item, slot, filter_key(doc.name, field, value) if field and value not in (None, "") else None)
    field = slots.get("n1")
    number = values.get(field) if field else None
    if not isinstance(number, int | float) or isinstance(number, bool):
        item.n1 = None
    elif field == weigh_field(doc):
        item.n1 = sort_key(int(number), int(item.id), item.n1)
    else:
        item.n1 = int(number)


def stored_values(doc: DesignDoc, body: Any, old: dict[str, Any] | None = None) -> dict[str, Any]:
    """The values of a row to write from a checked body; `old`: the row's values before an edit. A
    password left empty keeps the hash set; a token is the row's own (a new one for a new row, or for
    a row added before its field was)."""
    dumped = body.model_dump()
    before = old or {}
    values: dict[str, Any] = {}
    for f in doc.fields:
        if f.type in fields.SERVER_TYPES:
            values[f.name] = before.get(f.name) or fields.new_token()
        elif f.type in fields.SECRET_TYPES and not dumped.get(f.name):
            values[f.name] = before.get(f.name) or ""
        else:
            values[f.name] = fields.store(f.model_dump(), dumped.get(f.name))
    return values


def _duplicate(doc: DesignDoc, item: Record, values: dict[str, Any], names: list[str]) -> ApiError:
    """Why a write claiming the unique values `names` was cancelled: the first value another row holds
    ("{field} already exists"), read back from its guard; else the row is gone."""
    for name in names:
        owner = owner_of_key(value_guard(doc.name, name, values[name]).key)
        if owner is not None and owner != str(item.id):
            title = next(f.title for f in doc.fields if f.name == name)
            return ApiError("{field} already exists", params={"field": words(title)})
    return ApiError("The record does not exist")


def validate_row(doc: DesignDoc, version: int, data: Any, editing: bool = False) -> Any:
    """`data` checked by the request model of the design version: the body for `create_row` /
    `update_row` (`editing`: an edit's, where a required password may be left empty to keep it), else
    an HTTP 400 `ApiError` whose message names the first field (by its title) and whose `data.errors`
    lists every field `{field, msg, title}`."""
    if not isinstance(data, dict):
        raise ApiError("Incorrect parameter!", http_status=400)
    model = fields.request_model(doc.name, version, [f.model_dump() for f in doc.fields], editing)
    try:
        body = model.model_validate({k: v for k, v in data.items() if k != "id"})
    except ValidationError as exc:
        _, found = validation_messages([dict(error) for error in exc.errors()])
        titles = {f.name: words(f.title) for f in doc.fields}
        first = found[0] if found else {"field": "body", "msg": t("Incorrect parameter!")}
        for entry in found:
            entry["title"] = titles.get(entry["field"], entry["field"])
        message = t(
            "Parameter {field}: {reason}",
            field=titles.get(first["field"], first["field"]),
            reason=first["msg"],
        )
        raise ApiError(message, http_status=400, data={"errors": found}) from None
    if len(files_of(doc, body.model_dump())) > MAX_ROW_FILES:
        raise ApiError(
            "A row can hold at most {count} files (pictures and attachments together)",
            params={"count": MAX_ROW_FILES},
            http_status=400,
        )
    return body


def create_row(doc: DesignDoc, body: Any, admin_id: int = 0, on_top: bool = False) -> Record:
    """Add a row. `on_top` (a row added in the back office): a weigh left at 0 becomes the table's
    highest weigh plus `WEIGH_STEP`, so the new row comes first in the weigh order, as it would
    newest first (demo and seed rows keep the weighs they give)."""
    values = stored_values(doc, body)
    if on_top:
        put_on_top(doc, values)
    created = now()
    item_id = record_id(doc.time_series, next_id(record_scope(doc.name)), created)
    item = Record(
        record_pk(doc.name, doc.time_series, item_id),
        item_id,
        design=doc.name,
        data=json.dumps(values, ensure_ascii=False, separators=(",", ":")),
        admin_id=admin_id,
        create_time=created,
        update_time=created,
    )
    fill_slots(doc, item, values)
    unique = [f.name for f in doc.fields if f.unique and values.get(f.name) not in (None, "", [])]

    def build(tx: Any) -> None:
        for name in unique:
            guard = value_guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist())
        tx.save(item, condition=Record.id.does_not_exist())
        count_rows(tx, item, 1)
        write_refs(tx, doc.name, item_id, {}, files_of(doc, values))

    if failure := failed_condition(build):
        raise _duplicate(doc, item, values, unique) from failure
    publish_after_save(doc, item)
    return item


def update_row(doc: DesignDoc, item: Record, body: Any) -> Record:
    old = item.values()
    values = stored_values(doc, body, old)
    item.data = json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    item.update_time = now()
    fill_slots(doc, item, values)
    moved = [
        f.name
        for f in doc.fields
        if f.unique and str(old.get(f.name, "")).lower() != str(values.get(f.name, "")).lower()
    ]
    added = [name for name in moved if values.get(name) not in (None, "", [])]
    # A kept value's guard is put again unless another row holds it: a value from before its field was
    # unique (two rows may hold it, `claim_unique_values`) is refused until it is made unique.
    kept = [
        f.name
        for f in doc.fields
        if f.unique and f.name not in moved and values.get(f.name) not in (None, "", [])
    ]

    def build(tx: Any) -> None:
        for name in added:
            guard = value_guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist())
        for name in kept:
            guard = value_guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist() | (Unique.owner == str(item.id)))
        for name in moved:
            if old.get(name) not in (None, "", []):
                tx.delete(value_guard(doc.name, name, old[name]))
        tx.save(item, condition=Record.id.exists())
        write_refs(tx, doc.name, int(item.id), files_of(doc, old), files_of(doc, values))

    if failure := failed_condition(build):
        raise _duplicate(doc, item, values, [*added, *kept]) from failure
    publish_after_save(doc, item)
    return item


def delete_rows(doc: DesignDoc, items: list[Record]) -> int:
    deleted = 0
    for item in items:
        guards = guards_of(item, doc)

        def build(tx: Any, item: Record = item, guards: list[Unique] = guards) -> None:
            tx.delete(item, condition=Record.id.exists())
            for guard in guards:
                tx.delete(guard)
            count_rows(tx, item, -1)
            write_refs(tx, doc.name, int(item.id), files_of(doc, item.values()), {})

        if failed_condition(build) is None:  # else deleted meanwhile
            deleted += 1
    if deleted:
        publish_after_save(doc, None)
    return deleted


def rows_of(doc: DesignDoc, limit: int) -> list[Record]:
    """Every row of the design (each month's partition of a time series), at most `limit`."""
    partitions = (
        [f"{doc.name}#{m}" for m in month_buckets(record_scope(doc.name))] if doc.time_series else [doc.name]
    )
    found: list[Record] = []
    for pk in partitions:
        found.extend(Record.query(pk, consistent_read=True, limit=limit - len(found)))
        if len(found) >= limit:
            break
    return found


def move_row(doc: DesignDoc, moved: Record, target: Record, siblings: list[Record] | None = None) -> int:
    """Drag sort: `moved` goes to the place of `target` (`new_places`; `siblings`: the rows it is
    among when they are read already, else the sort index is asked); only weighs and places are
    written (`write_weighs`). Tried again on fresh rows when a row changed meanwhile; returns the
    number of rows written."""
    field = weigh_field(doc)
    if field is None:
        raise ApiError("This table has no sort field")
    if siblings is not None and not {int(moved.id), int(target.id)} <= {int(r.id) for r in siblings}:
        raise ApiError("This table has too many rows to change at once")  # beyond the rows read
    for _ in range(3):
        changes = new_places(doc, moved, target, siblings)
        if not changes:
            return 0
        if write_weighs(doc, field, changes):
            publish_after_save(doc, moved)
            return len(changes)
        fresh = [_fresh(row) for row in (moved, target)]
        if fresh[0] is None or fresh[1] is None:
            raise ApiError("The record does not exist")
        moved, target = fresh[0], fresh[1]
        if siblings is not None:
            again = {int(r.id): r for r in rows_of(doc, len(siblings) + 100)}
            siblings = [again[int(r.id)] for r in siblings if int(r.id) in again]
    raise ApiError("The rows changed meanwhile: reload the list and try again")


def _fresh(item: Record) -> Record | None:
    try:
        return Record.get(item.pk, item.id, consistent_read=True)
    except Record.DoesNotExist:
        return None


def publish_after_save(doc: DesignDoc, item: Record | None) -> None:
    """Rows of the design changed (`item`: the one saved; None: rows deleted): reported to the publish
    hook (`functions.services.publish_jobs.public_data_changed`), which publishes when the design feeds the
    site (`doc.publish`)."""
    what = f"{doc.name} #{item.id} saved" if item is not None else f"{doc.name}: rows deleted"
    subject = f"{doc.name}#{item.id}" if item is not None else doc.name
    source = "record" if item is not None else "delete"
    public_data_changed(doc.name, what, source=source, subject=subject, publish=doc.publish)


def answer(doc: DesignDoc, item: Record) -> dict[str, Any]:
    """A row as the API answers it: id, every field (money in yuan), times."""
    values = item.values()
    row: dict[str, Any] = {"id": int(item.id)}
    for field in doc.fields:
        spec = field.model_dump()
        try:
            row[field.name] = fields.show(spec, values.get(field.name))
        except (TypeError, ValueError, ArithmeticError):  # a value of the field's type before a change
            row[field.name] = fields.show(spec, None)
    row["create_time"] = int(item.create_time)
    row["update_time"] = int(item.update_time)
    return row


INDEX_MIGRATION = "migration#record-index-1"


def ensure_row_index() -> int:
    """Give rows saved before places and file references theirs (`sort_key`, and
    `functions.services.attachment_usage`): once, from the seed (never from a request), every row of
    every design is read and its `n1` place and file references written where missing. A done
    migration costs one GetItem. Returns the number of rows read."""
    if find_counter(INDEX_MIGRATION) is not None:
        return 0
    read = 0
    for design in list_designs():
        doc = load_doc(design)
        months = month_buckets(record_scope(doc.name)) if doc.time_series else []
        for pk in [f"{doc.name}#{m}" for m in months] if doc.time_series else [doc.name]:
            for item in Record.query(pk, consistent_read=True):
                read += 1
                before = item.n1
                fill_slots(doc, item, item.values())
                if item.n1 != before:
                    item.update(actions=[Record.n1.set(item.n1)], condition=Record.data == item.data)

                files = files_of(doc, item.values())

                def build(tx: Any, name: str = doc.name, row: int = int(item.id), files: Any = files) -> None:
                    write_refs(tx, name, row, {}, files)

                if files:
                    failed_condition(build)
    Counter(INDEX_MIGRATION, value=1).save()
    return read
