"""Rows of a designed table when its design changes (`functions.services.designs.save_design`): the
values a field just made unique finds shared (`same_values`) and the guards it claims
(`claim_unique_values`), and the conversion of every row's values to the new fields
(`convert_rows`) — the same conversion a recycle-bin restore applies to a row deleted before the
change (`field_types` kept with it, `revived`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from functions.models.base import failed_condition
from functions.models.design import Record
from functions.models.unique import Unique
from functions.services import fields
from functions.services.attachment_usage import files_of, write_refs
from functions.services.design_doc import DesignDoc
from functions.services.records import fill_slots, value_guard


def same_values(doc: DesignDoc, names: list[str], rows: list[Record]) -> list[tuple[str, str, list[int]]]:
    """The values of the fields `names` that several of `rows` hold (compared as their guards are:
    trimmed, any case): (field, value, ids oldest first)."""
    found: list[tuple[str, str, list[int]]] = []
    for name in names:
        holders: dict[str, list[Record]] = {}
        for row in rows:
            value = row.values().get(name)
            if value not in (None, "", []):
                holders.setdefault(value_guard(doc.name, name, value).key, []).append(row)
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
            guard = value_guard(doc.name, name, values[name])
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
            value_guard(new.name, name, values[name])
            for name in retyped
            if after[name].unique
            and values.get(name) not in (None, "", [])
            and str(values.get(name)).lower() != str(changed.get(name)).lower()
        ]
        data_before = item.data
        item.data = json.dumps(changed, ensure_ascii=False, separators=(",", ":"))
        fill_slots(new, item, changed)
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
        fill_slots(doc, item, changed)
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
