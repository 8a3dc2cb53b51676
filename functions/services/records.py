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
from functions.core.validators import INT_MAX
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


def _guard(design: str, field: str, value: Any) -> Unique:
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
    if not isinstance(number, int | float) or isinstance(number, bool):
        item.n1 = None
    elif field == weigh_field(doc):
        item.n1 = sort_key(int(number), int(item.id), item.n1)
    else:
        item.n1 = int(number)


def _stored(doc: DesignDoc, body: Any, old: dict[str, Any] | None = None) -> dict[str, Any]:
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
        owner = owner_of_key(_guard(doc.name, name, values[name]).key)
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
        write_refs(tx, doc.name, item_id, {}, files_of(doc, values))

    if failure := failed_condition(build):
        raise _duplicate(doc, item, values, unique) from failure
    publish_after_save(doc, item)
    return item


def update_row(doc: DesignDoc, item: Record, body: Any) -> Record:
    old = item.values()
    values = _stored(doc, body, old)
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


def weigh_field(doc: DesignDoc) -> str | None:
    """The design's drag-sort field (type `weigh`), or None."""
    return next((f.name for f in doc.fields if f.type == "weigh"), None)


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


def _weigh(item: Record, field: str) -> int:
    value = item.values().get(field)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


WEIGH_STEP = 10  # a row added (or moved) to the top comes this much above the highest weigh
# The sort slot `n1` of a weigh field is the row's place in the list: its weigh times `RANK` plus its
# place among rows of the same weigh (hidden; `PLACE` apart, newest first, until a move places it).
# So the list is weigh, highest first, and between any two neighbours there is room for a moved row:
# a move writes that one row, and only when two neighbours have no room left between them (about 20
# moves into one gap) a window of rows around it (`MOVE_WINDOWS`), whatever the table's size.
# |weigh| <= 2^53 keeps `n1` within DynamoDB's 38 digits.
RANK = 10**22
PLACE = 10**6
MOVE_WINDOWS = (8, 64, 512)


def sort_key(weigh: int, item_id: int, previous: float | None = None) -> int:
    """`n1` of a row whose weigh is the sort field: `previous` while it still agrees with the weigh (an
    edit keeps where a move put the row), else the default place among equal weighs (newest first).
    A bare weigh (`n1` as stored before places) is not a place."""
    if previous is not None and previous // RANK == weigh and previous % RANK and previous != weigh:
        return int(previous)
    return weigh * RANK + (item_id % (RANK // PLACE)) * PLACE


def _key(item: Record, field: str, indexed: bool) -> int:
    return sort_key(_weigh(item, field), int(item.id), item.n1 if indexed else None)


class _Order:
    """The rows a move is among, by place (highest first): the design's sort index (one Query per
    look), or `siblings` read already (a tree's, or a weigh field that is not indexed)."""

    def __init__(self, field: str, indexed: bool, pk: str, siblings: list[Record] | None, moved: int) -> None:
        self.field, self.indexed, self.pk, self.moved = field, indexed, pk, moved
        self.rows = None
        if siblings is not None:
            placed = [(r, _key(r, field, indexed)) for r in siblings if int(r.id) != moved]
            self.rows = sorted(placed, key=lambda pair: -pair[1])

    def near(self, key: int, above: bool, count: int) -> list[tuple[Record, int]]:
        """Up to `count` rows placed above (or below) `key`, the nearest first (the moved row left out)."""
        if self.rows is not None:
            if above:
                return [pair for pair in reversed(self.rows) if pair[1] > key][:count]
            return [pair for pair in self.rows if pair[1] < key][:count]
        condition = Record.n1 > key if above else Record.n1 < key
        found = Record.by_n1.query(
            self.pk, range_key_condition=condition, scan_index_forward=above, limit=count + 1
        )
        return [(r, _key(r, self.field, True)) for r in found if int(r.id) != self.moved][:count]


def _between(low: int, high: int, top: bool, bottom: bool) -> int | None:
    """A place strictly between `low` and `high` (None: no room): `WEIGH_STEP` weighs from the only
    neighbour at the top or the bottom of the list, else halfway."""
    if high - low < 2:
        return None
    if top and low + WEIGH_STEP * RANK < high:
        key = low + WEIGH_STEP * RANK
    elif bottom and high - WEIGH_STEP * RANK > low:
        key = high - WEIGH_STEP * RANK
    else:
        key = (low + high) // 2
    return key + 1 if key % RANK == 0 and key + 1 < high else key


def _spread(count: int, low: int, high: int) -> list[int] | None:
    """`count` places evenly between `low` and `high` (both excluded), highest first; None: no room."""
    gap = (high - low) // (count + 1)
    return [high - gap * (n + 1) for n in range(count)] if gap >= 2 else None


def new_places(
    doc: DesignDoc, moved: Record, target: Record, siblings: list[Record] | None = None
) -> list[tuple[Record, int]]:
    """Move `moved` to the place of `target` (after it when moving down, before it when moving up) and
    answer the (row, place) pairs to write: the moved row's alone, or when its neighbours have no room
    between them, a window of at most `MOVE_WINDOWS[-1]` rows around it (see `RANK`)."""
    field = weigh_field(doc)
    if field is None or int(moved.id) == int(target.id):
        return []
    indexed = doc.slots().get("n1") == field
    spec = next(f for f in doc.fields if f.name == field)
    ceiling = (int(spec.max) if spec.max is not None else INT_MAX) + 1  # weighs stay in the field's bounds
    floor = int(spec.min) if spec.min is not None else -INT_MAX
    high_end, low_end = ceiling * RANK, floor * RANK - 1  # excluded
    order = _Order(field, indexed, str(target.pk), siblings, int(moved.id))
    moved_key, target_key = _key(moved, field, indexed), _key(target, field, indexed)
    if siblings is not None and not any(int(r.id) == int(target.id) for r in siblings):
        return []
    if moved_key > target_key:  # down: after the target
        above, below = [(target, target_key)], order.near(target_key, False, 1)
    else:  # up: before the target
        above, below = order.near(target_key, True, 1), [(target, target_key)]
    high = above[0][1] if above else high_end
    low = below[0][1] if below else low_end
    key = _between(low, high, not above, not below)
    if key is not None:
        return [(moved, key)] if key != moved_key else []
    for size in MOVE_WINDOWS:  # no room: place a window of rows around the gap afresh
        upper = above + order.near(above[-1][1], True, size - len(above)) if above else []
        lower = below + order.near(below[-1][1], False, size - len(below)) if below else []
        beyond_up = order.near(upper[-1][1], True, 1) if upper else []
        beyond_down = order.near(lower[-1][1], False, 1) if lower else []
        window = [*reversed(upper), (moved, moved_key), *lower]
        # At an end of the list (nothing beyond the window): room of one weigh past its last row.
        top, bottom = (upper[-1] if upper else lower[0])[1], (lower[-1] if lower else upper[0])[1]
        places = _spread(
            len(window),
            beyond_down[0][1] if beyond_down else max(low_end, bottom - RANK),
            beyond_up[0][1] if beyond_up else min(high_end, top + RANK),
        )
        if places is not None:
            return [(row, place) for (row, old), place in zip(window, places, strict=True) if old != place]
    raise ApiError("The rows changed meanwhile: reload the list and try again")


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
        files_before, files_after = files_of(old, values), files_of(new, changed)
        if changed == values and files_before == files_after:
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
        refs = (files_before, files_after)

        def build(
            tx: Any,
            item: Record = item,
            stale: list[Unique] = stale,
            data: str = data_before,
            refs: tuple[dict[str, list[str]], dict[str, list[str]]] = refs,
        ) -> None:
            tx.save(item, condition=Record.data == data)
            for guard in stale:
                tx.delete(guard)
            write_refs(tx, new.name, int(item.id), *refs)

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
        if field.type in fields.SERVER_TYPES and not changed.get(name):
            changed[name] = fields.new_token()  # a token field added or retyped: each row gets its own
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
    secret = fields.SECRET_TYPES | fields.SERVER_TYPES
    if field["type"] in secret or old_field["type"] in secret:
        # A hash is no text and a text no password: the new type's default (a token: a new one).
        return fields.stored_default(field)
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
    weigh = int(highest.n1) // RANK + WEIGH_STEP
    if ceiling is None or weigh <= ceiling:
        values[field] = weigh


def write_weighs(doc: DesignDoc, field: str, changes: list[tuple[Record, int]]) -> bool:
    """Write new places (`new_places`): per row one UpdateItem of the weigh in its stored values (the
    rest of `data` byte for byte; `data` untouched when the weigh stays) and of the sort slot `n1` when
    the weigh is in it — never a re-save of the row, so no value goes through the input form again and
    `update_time` stays. Each row only while it is as read (a concurrent edit or move wins; False: read
    again and retry). One transaction (a window is at most `MOVE_WINDOWS[-1]` rows: 100 per one)."""
    indexed = doc.slots().get("n1") == field
    for start in range(0, len(changes), 100):
        chunk = changes[start : start + 100]

        def build(tx: Any, chunk: list[tuple[Record, int]] = chunk) -> None:
            for item, place in chunk:
                values = item.values()
                actions = []
                if _weigh(item, field) != place // RANK or field not in values:
                    values[field] = place // RANK
                    actions.append(
                        Record.data.set(json.dumps(values, ensure_ascii=False, separators=(",", ":")))
                    )
                condition = Record.data == item.data
                if indexed:
                    actions.append(Record.n1.set(place))
                    condition &= Record.n1 == item.n1 if item.n1 is not None else Record.n1.does_not_exist()
                if actions:
                    tx.update(item, actions=actions, condition=condition)

        if failed_condition(build) is not None:
            return False
    return True


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
                _slots(doc, item, item.values())
                if item.n1 != before:
                    item.update(actions=[Record.n1.set(item.n1)], condition=Record.data == item.data)

                files = files_of(doc, item.values())

                def build(tx: Any, name: str = doc.name, row: int = int(item.id), files: Any = files) -> None:
                    write_refs(tx, name, row, {}, files)

                if files:
                    failed_condition(build)
    Counter(INDEX_MIGRATION, value=1).save()
    return read
