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
from pynamodb.exceptions import TransactWriteError

from functions.core.errors import validation_messages
from functions.core.i18n import get_lang, t
from functions.core.responses import ApiError
from functions.models.base import failed_condition, now
from functions.models.counter import next_id
from functions.models.design import Record, filter_key, record_id, record_pk, record_scope
from functions.models.listing import count_rows
from functions.models.unique import Unique, unique_key
from functions.services import fields
from functions.services.designs import DesignDoc


def _guard(design: str, field: str, value: Any) -> Unique:
    return Unique(unique_key(f"{record_scope(design)}.{field}", str(value)))


def guards_of(item: Record, doc: DesignDoc | None = None) -> list[Unique]:
    """The guard items of a row's unique values."""
    return [guard for _, guard in unique_guards(item, doc)]


def unique_guards(item: Record, doc: DesignDoc | None = None) -> list[tuple[str, Unique]]:
    """The unique fields of a row that hold a value, with their guard items."""
    if doc is None:
        from functions.services.designs import get_design, load_doc

        design = get_design(item.design)
        if design is None:
            return []
        doc = load_doc(design)
    values = item.values()
    return [
        (f.name, _guard(item.design, f.name, values[f.name]))
        for f in doc.fields
        if f.unique and values.get(f.name) not in (None, "", [])
    ]


def _slots(doc: DesignDoc, item: Record, values: dict[str, Any]) -> None:
    slots = doc.slots()
    for slot in ("f1", "f2"):
        field = slots.get(slot)
        value = values.get(field) if field else None
        setattr(item, slot, filter_key(doc.name, field, value) if field and value not in (None, "") else None)
    field = slots.get("n1")
    number = values.get(field) if field else None
    item.n1 = int(number) if isinstance(number, int | float) and not isinstance(number, bool) else None


def _stored(doc: DesignDoc, body: Any) -> dict[str, Any]:
    dumped = body.model_dump()
    return {f.name: fields.store(f.model_dump(), dumped.get(f.name)) for f in doc.fields}


def _duplicate(doc: DesignDoc, exc: TransactWriteError, names: list[str]) -> ApiError:
    reasons = exc.cancellation_reasons or []
    for name, reason in zip(names, reasons, strict=False):
        if reason is not None and reason.code == "ConditionalCheckFailed":
            title = next(f.title for f in doc.fields if f.name == name)
            return ApiError("{field} already exists", params={"field": words(title)})
    return ApiError("The record does not exist")


def words(text: Any) -> str:
    """A `Words` text in the request's language (the other one when it is empty)."""
    first, second = (text.en, text.zh) if get_lang() == "en" else (text.zh, text.en)
    return str(first or second)


def validate_row(doc: DesignDoc, version: int, data: Any) -> Any:
    """`data` checked by the request model of the design version: the body for `create_row` /
    `update_row`, else an HTTP 400 `ApiError` whose message names the first field (by its title) and
    whose `data.errors` lists every field `{field, msg, title}`."""
    if not isinstance(data, dict):
        raise ApiError("Incorrect parameter!", http_status=400)
    model = fields.request_model(doc.name, version, [f.model_dump() for f in doc.fields])
    try:
        return model.model_validate({k: v for k, v in data.items() if k != "id"})
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


def create_row(doc: DesignDoc, body: Any, admin_id: int = 0) -> Record:
    values = _stored(doc, body)
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
    _slots(doc, item, values)
    unique = [f.name for f in doc.fields if f.unique and values.get(f.name) not in (None, "", [])]

    def build(tx: Any) -> None:
        for name in unique:
            guard = _guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist())
        tx.save(item, condition=Record.id.does_not_exist())
        count_rows(tx, item, 1)

    if failure := failed_condition(build):
        raise _duplicate(doc, failure, unique) from failure
    publish_after_save(doc, item)
    return item


def update_row(doc: DesignDoc, item: Record, body: Any) -> Record:
    old = item.values()
    values = _stored(doc, body)
    item.data = json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    item.update_time = now()
    _slots(doc, item, values)
    moved = [
        f.name
        for f in doc.fields
        if f.unique and str(old.get(f.name, "")).lower() != str(values.get(f.name, "")).lower()
    ]
    added = [name for name in moved if values.get(name) not in (None, "", [])]

    def build(tx: Any) -> None:
        for name in added:
            guard = _guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist())
        for name in moved:
            if old.get(name) not in (None, "", []):
                tx.delete(_guard(doc.name, name, old[name]))
        tx.save(item, condition=Record.id.exists())

    if failure := failed_condition(build):
        raise _duplicate(doc, failure, added) from failure
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

        if failed_condition(build) is None:  # else deleted meanwhile
            deleted += 1
    if deleted:
        publish_after_save(doc, None)
    return deleted


def publish_after_save(doc: DesignDoc, item: Record | None) -> None:
    """A designed table that feeds a public page (`doc.publish`) schedules a debounced publish."""
    if doc.publish:
        from functions.services.publish import schedule_publish

        what = f"{doc.name} #{item.id} saved" if item is not None else f"{doc.name}: rows deleted"
        subject = f"{doc.name}#{item.id}" if item is not None else doc.name
        schedule_publish(what, source="record" if item is not None else "delete", subject=subject)


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
