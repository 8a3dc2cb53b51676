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
from functions.core.i18n import get_lang, t
from functions.core.responses import ApiError
from functions.models.base import failed_condition, now
from functions.models.counter import next_id
from functions.models.design import Record, filter_key, record_id, record_pk, record_scope
from functions.models.listing import count_rows
from functions.models.unique import Unique, owner_of_key, unique_key
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


def _duplicate(doc: DesignDoc, item: Record, values: dict[str, Any], names: list[str]) -> ApiError:
    """Why a write claiming the unique values `names` was cancelled: the first value another row holds
    ("{field} already exists"), read back from its guard; else the row is gone."""
    for name in names:
        owner = owner_of_key(_guard(doc.name, name, values[name]).key)
        if owner is not None and owner != str(item.id):
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


def create_row(doc: DesignDoc, body: Any, admin_id: int = 0, on_top: bool = False) -> Record:
    """Add a row. `on_top` (a row added in the back office): a weigh left at 0 becomes the table's
    highest weigh plus `WEIGH_STEP`, so the new row comes first in the weigh order, as it would
    newest first (demo and seed rows keep the weighs they give)."""
    values = _stored(doc, body)
    if on_top:
        _put_on_top(doc, values)
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
        raise _duplicate(doc, item, values, unique) from failure
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
    # A kept value's guard is put again unless another row holds it: a value from before its field was
    # unique (two rows may hold it, `claim_unique_values`) is refused until it is made unique.
    kept = [
        f.name
        for f in doc.fields
        if f.unique and f.name not in moved and values.get(f.name) not in (None, "", [])
    ]

    def build(tx: Any) -> None:
        for name in added:
            guard = _guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist())
        for name in kept:
            guard = _guard(doc.name, name, values[name])
            guard.owner = str(item.id)
            tx.save(guard, condition=Unique.key.does_not_exist() | (Unique.owner == str(item.id)))
        for name in moved:
            if old.get(name) not in (None, "", []):
                tx.delete(_guard(doc.name, name, old[name]))
        tx.save(item, condition=Record.id.exists())

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

        if failed_condition(build) is None:  # else deleted meanwhile
            deleted += 1
    if deleted:
        publish_after_save(doc, None)
    return deleted


def weigh_field(doc: DesignDoc) -> str | None:
    """The design's drag-sort field (type `weigh`), or None."""
    return next((f.name for f in doc.fields if f.type == "weigh"), None)


def rows_of(doc: DesignDoc, limit: int) -> list[Record]:
    """Every row of the design (each month's partition of a time series), at most `limit`."""
    from functions.models.listing import month_buckets

    partitions = (
        [f"{doc.name}#{m}" for m in month_buckets(record_scope(doc.name))] if doc.time_series else [doc.name]
    )
    found: list[Record] = []
    for pk in partitions:
        found.extend(Record.query(pk, consistent_read=True, limit=limit - len(found)))
        if len(found) >= limit:
            break
    return found


def _weigh(item: Record, field: str) -> int:
    value = item.values().get(field)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


WEIGH_STEP = 10  # the spacing of weighs numbered afresh, so later moves usually write one or two rows


def new_weighs(
    rows: list[Record], field: str, moved_id: int, target_id: int, step: int = WEIGH_STEP
) -> list[tuple[Record, int]]:
    """Move row `moved_id` to the place of `target_id` among `rows` (any order; shown by weigh, highest
    first, then newest first) and answer the (row, weigh) pairs to write. The rows from the moved one to
    the target keep their weighs among themselves, handed out again in the new order (a move to the
    neighbour swaps two weighs); only when weighs tie there or at its edges are all the rows numbered
    afresh (highest first, `WEIGH_STEP` apart), so that the new order is the only one the weighs give."""
    order = sorted(rows, key=lambda r: (-_weigh(r, field), -int(r.id)))
    ids = [int(r.id) for r in order]
    if moved_id not in ids or target_id not in ids or moved_id == target_id:
        return []
    start, end = sorted((ids.index(moved_id), ids.index(target_id)))
    span = order[start : end + 1]
    moved = order[ids.index(moved_id)]
    rest = [r for r in span if r is not moved]
    ordered = [*rest, moved] if ids.index(moved_id) == start else [moved, *rest]
    weighs = [_weigh(r, field) for r in span]  # highest first
    before = _weigh(order[start - 1], field) if start > 0 else None
    after = _weigh(order[end + 1], field) if end + 1 < len(order) else None
    strict = all(a > b for a, b in zip(weighs, weighs[1:], strict=False))
    if strict and (before is None or before > weighs[0]) and (after is None or weighs[-1] > after):
        pairs = list(zip(ordered, weighs, strict=True))
    else:
        final = [*order[:start], *ordered, *order[end + 1 :]]
        pairs = [(row, (len(final) - n) * step) for n, row in enumerate(final)]
    return [(row, weigh) for row, weigh in pairs if _weigh(row, field) != weigh]


def same_values(doc: DesignDoc, names: list[str], rows: list[Record]) -> list[tuple[str, str, list[int]]]:
    """The values of the fields `names` that several of `rows` hold (compared as their guards are:
    trimmed, any case): (field, value, ids oldest first)."""
    found: list[tuple[str, str, list[int]]] = []
    for name in names:
        holders: dict[str, list[Record]] = {}
        for row in rows:
            value = row.values().get(name)
            if value not in (None, "", []):
                holders.setdefault(_guard(doc.name, name, value).key, []).append(row)
        for group in holders.values():
            if len(group) > 1:
                ids = sorted(int(r.id) for r in group)
                found.append((name, str(group[0].values().get(name)), ids))
    return found


def claim_unique_values(doc: DesignDoc, names: list[str], rows: list[Record]) -> None:
    """Put the guards of fields just made unique for the rows that hold a value, oldest row first: of
    rows sharing a value (`same_values`) the oldest keeps it, the others keep theirs unguarded until
    they are saved with another one (`update_row` refuses the shared value)."""
    for row in sorted(rows, key=lambda r: int(r.id)):
        values = row.values()
        for name in names:
            if values.get(name) in (None, "", []):
                continue
            guard = _guard(doc.name, name, values[name])
            guard.owner = str(row.id)

            def build(tx: Any, guard: Unique = guard, owner: str = str(row.id)) -> None:
                tx.save(guard, condition=Unique.key.does_not_exist() | (Unique.owner == owner))

            failed_condition(build)  # taken by an older row: this one is a duplicate


def convert_rows(old: DesignDoc, new: DesignDoc, rows: list[Record]) -> list[Record]:
    """A confirmed design change on existing rows: the values of removed fields go, and each value of
    a retyped field is converted as an editor would retype it — shown as the old type shows it (money
    in yuan), then checked and stored as the new type (`12.50` yuan → float 12.5, integer 5 → money
    5.00) — or, when the new type refuses it, the new type's default. One write per row whose values
    change (its data and index slots, only while its data is as read); returns the rows as written."""
    before = {f.name: f.model_dump() for f in old.fields}
    after = {f.name: f for f in new.fields}
    retyped = [name for name, f in after.items() if name in before and before[name]["type"] != f.type]
    written: list[Record] = []
    for item in rows:
        values = item.values()
        changed = _converted(new, before, values)
        if changed == values:
            written.append(item)
            continue
        stale = [
            _guard(new.name, name, values[name])
            for name in retyped
            if after[name].unique
            and values.get(name) not in (None, "", [])
            and str(values.get(name)).lower() != str(changed.get(name)).lower()
        ]
        data_before = item.data
        item.data = json.dumps(changed, ensure_ascii=False, separators=(",", ":"))
        _slots(new, item, changed)

        def build(tx: Any, item: Record = item, stale: list[Unique] = stale, data: str = data_before) -> None:
            tx.save(item, condition=Record.data == data)
            for guard in stale:
                tx.delete(guard)

        if failed_condition(build) is None:  # else changed meanwhile: that save used the new design
            written.append(item)
    return written


def _converted(new: DesignDoc, before: dict[str, dict[str, Any]], values: dict[str, Any]) -> dict[str, Any]:
    """`values` of a row written under the fields `before` (by name), as the design `new` holds them:
    the values of removed fields gone, each value of a retyped field converted (`_retyped`)."""
    after = {f.name: f for f in new.fields}
    changed = {name: value for name, value in values.items() if name in after or name not in before}
    for name, field in after.items():
        if name in values and name in before and before[name]["type"] != field.type:
            changed[name] = _retyped(new, field.model_dump(), before[name], values[name])
    return changed


def field_types(doc: DesignDoc) -> dict[str, str]:
    """What a deleted row keeps of its design (the recycle bin's `context`): each field's type, so that
    a restore after a design change converts its values as that change converted the live rows."""
    return {f.name: f.type for f in doc.fields}


def revived(doc: DesignDoc, item: Record, types: dict[str, str] | None) -> Record:
    """A deleted row of `doc`, kept when its fields had `types`, as the design holds rows today: the
    values of fields removed meanwhile dropped, those of retyped fields converted like the live rows'
    were (`convert_rows`); its index slots follow. A row kept without `types` is given back as kept."""
    if not types:
        return item
    values = item.values()
    changed = _converted(doc, {name: {"name": name, "type": kind} for name, kind in types.items()}, values)
    if changed != values:
        item.data = json.dumps(changed, ensure_ascii=False, separators=(",", ":"))
        _slots(doc, item, changed)
    return item


def _retyped(doc: DesignDoc, field: dict[str, Any], old_field: dict[str, Any], value: Any) -> Any:
    try:
        shown = fields.show(old_field, value)
    except (TypeError, ValueError, ArithmeticError):
        return fields.stored_default(field)
    single = {**field, "required": False}
    model = fields.request_model(f"{doc.name}#retype", 0, [single])
    try:
        checked = model.model_validate({field["name"]: shown})
    except ValidationError:
        return fields.stored_default(field)
    return fields.store(field, getattr(checked, field["name"]))


def _put_on_top(doc: DesignDoc, values: dict[str, Any]) -> None:
    field = weigh_field(doc)
    if field is None or values.get(field) not in (0, None) or doc.time_series:
        return
    if doc.slots().get("n1") != field:
        return
    highest = next(iter(Record.by_n1.query(doc.name, scan_index_forward=False, limit=1)), None)
    if highest is None or highest.n1 is None:
        return
    ceiling = next((f.max for f in doc.fields if f.name == field), None)
    weigh = int(highest.n1) + WEIGH_STEP
    if ceiling is None or weigh <= ceiling:
        values[field] = weigh


def write_weighs(doc: DesignDoc, field: str, changes: list[tuple[Record, int]]) -> bool:
    """Write new weighs: per row one UpdateItem of the weigh in its stored values (the rest of `data`
    byte for byte) and of the sort slot `n1` when the weigh is in it — never a re-save of the row, so no
    value goes through the input form again and `update_time` stays. Each row only while its data is
    as read (a concurrent edit wins; False: read again and retry). At most 100 rows per transaction."""
    sorted_by_n1 = doc.slots().get("n1") == field
    for start in range(0, len(changes), 100):
        chunk = changes[start : start + 100]

        def build(tx: Any, chunk: list[tuple[Record, int]] = chunk) -> None:
            for item, weigh in chunk:
                values = item.values()
                values[field] = weigh
                data = json.dumps(values, ensure_ascii=False, separators=(",", ":"))
                actions = [Record.data.set(data)]
                if sorted_by_n1:
                    actions.append(Record.n1.set(weigh))
                tx.update(item, actions=actions, condition=Record.data == item.data)

        if failed_condition(build) is not None:
            return False
    return True


def move_row(doc: DesignDoc, moved: Record, target: Record, siblings: list[Record]) -> int:
    """Drag sort: `moved` goes to the place of `target` among `siblings` (both included); only weighs
    are written (`new_weighs`, `write_weighs`). Tried again on fresh rows when a row changed meanwhile;
    returns the number of rows whose weigh changed."""
    field = weigh_field(doc)
    if field is None:
        raise ApiError("This table has no sort field")
    if not {int(moved.id), int(target.id)} <= {int(r.id) for r in siblings}:
        raise ApiError("This table has too many rows to change at once")  # beyond the rows read
    ceiling = next((f.max for f in doc.fields if f.name == field), None)
    # Numbered afresh within the weigh's own maximum (one apart when the usual spacing would pass it).
    step = WEIGH_STEP if ceiling is None or len(siblings) * WEIGH_STEP <= ceiling else 1
    for _ in range(3):
        changes = new_weighs(siblings, field, int(moved.id), int(target.id), step)
        if not changes:
            return 0
        if write_weighs(doc, field, changes):
            publish_after_save(doc, moved)
            return len(changes)
        fresh = {int(r.id): r for r in rows_of(doc, len(siblings) + 100)}
        siblings = [fresh[int(r.id)] for r in siblings if int(r.id) in fresh]
    raise ApiError("The rows changed meanwhile: reload the list and try again")


def publish_after_save(doc: DesignDoc, item: Record | None) -> None:
    """Rows of the design changed (`item`: the one saved; None: rows deleted): reported to the publish
    hook (`functions.services.publish.public_data_changed`), which publishes when the design feeds the
    site (`doc.publish`)."""
    from functions.services.publish import public_data_changed

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
