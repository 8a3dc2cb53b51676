"""A designed table's values as a person reads them (the list's labels, the recycle bin, the
sensitive-data log): an option's label instead of its value, rich text as text, a related row's label
instead of its id, a city's names instead of its codes, yes/no instead of true/false.

`labels(doc, rows)` gives the names the rows of one list page refer to — the related rows' labels by
field and id, the values of the related rows' extra columns (`relation.columns`) under
`<field>.<column>` by id, the city codes' names — so a list shows them with the table's own
permission: an admin granted a table reads the labels its relations need through it, never the
related table itself. The related rows are read by key (one BatchGetItem per related table and 100
ids), never a whole table, and only their id, label field and extra columns leave this module.

`related(doc, field, ...)` answers a relation field's picker: the related table's rows (a quick search,
one page of 20) or the rows of given ids, as `{id, label}` only.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from functions.core.i18n import get_lang, t
from functions.core.responses import ApiError
from functions.models.design import Record, record_pk
from functions.services import area
from functions.services.design_doc import DesignDoc, FieldDoc, get_design, load_doc, words
from functions.services.records import answer

RELATIONS = ("remoteselect", "remoteselects")
MAX_IDS = 100  # ids of one field a page may name (a list page has at most 100 rows)


def plain_text(value: Any) -> str:
    """Rich text as one line of text: tags dropped, entities decoded, white space collapsed."""
    import nh3  # deferred: ~1.2 ms at cold start; only showing rich text needs it

    text = html.unescape(nh3.clean(str(value or ""), tags=set()))
    return " ".join(text.split())


def ids_of(value: Any) -> list[int]:
    """The ids a relation value holds (one id, a list of ids, or a comma list)."""
    listed = value.split(",") if isinstance(value, str) else [value]
    items = value if isinstance(value, list) else listed
    found: list[int] = []
    for item in items:
        try:
            number = int(item)
        except (TypeError, ValueError):
            continue
        if number > 0 and number not in found:
            found.append(number)
    return found


def _label_of(row: dict[str, Any], label: str) -> str:
    value = row.get(label)
    if value in (None, "", []):
        return f"#{row['id']}"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _related_doc(field: FieldDoc) -> DesignDoc | None:
    design = get_design(field.relation.design) if field.relation else None
    return load_doc(design) if design is not None else None


def _rows_by_id(doc: DesignDoc, ids: list[int]) -> list[dict[str, Any]]:
    keys = [(record_pk(doc.name, doc.time_series, i), i) for i in ids]
    return [answer(doc, item) for item in Record.batch_get(keys)] if keys else []


def related_labels(field: FieldDoc, ids: list[int]) -> dict[str, str]:
    """`{id: label}` of the rows of `field`'s related table with these ids (a deleted row: `#id`)."""
    return related_texts(field, ids).get(field.name, {})


def related_texts(field: FieldDoc, ids: list[int]) -> dict[str, dict[str, str]]:
    """Of the rows of `field`'s related table with these ids: their labels under the field's name
    (`{id: label}`, a deleted row `#id`) and the values of its extra columns under `<field>.<column>`
    (`{id: text}` as the related table's list shows them; a deleted row has none)."""
    if not ids or field.relation is None:
        return {}
    relation = field.relation
    found: dict[str, dict[str, str]] = {field.name: {str(i): f"#{i}" for i in ids}}
    doc = _related_doc(field)
    if doc is None:
        return found
    by_name = {f.name: f for f in doc.fields}
    columns = [c for c in relation.columns if c in by_name]
    for column in columns:
        found[f"{field.name}.{column}"] = {}
    for start in range(0, len(ids), 100):
        for row in _rows_by_id(doc, ids[start : start + 100]):
            key = str(row["id"])
            named = by_name.get(relation.label)
            found[field.name][key] = (
                f"#{key}"
                if named is not None and named.type == "password"
                else _label_of(row, relation.label)
            )
            for column in columns:
                value = shown_value(by_name[column], row.get(column), {})
                text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
                found[f"{field.name}.{column}"][key] = "" if value in (None, [], "") else text
    return found


def column_titles(doc: DesignDoc) -> dict[str, Any]:
    """The titles (`Words`) of the related rows' extra columns by `<field>.<column>`."""
    titles: dict[str, Any] = {}
    for field in doc.fields:
        if field.relation is None or not field.relation.columns:
            continue
        related = _related_doc(field)
        by_name = {f.name: f for f in related.fields} if related is not None else {}
        for column in field.relation.columns:
            if column in by_name:
                titles[f"{field.name}.{column}"] = by_name[column].title.model_dump()
    return titles


def city_names(codes: list[str], lang: str) -> dict[str, str]:
    """`{code: name}` of division codes (unknown codes are left out)."""
    names: dict[str, str] = {}
    for code in codes:
        full = area.region_names([code[:2], code[:4], code][: (len(code) > 2) + (len(code) > 4) + 1], lang)
        if full:
            names[code] = full[-1]
    return names


def labels(doc: DesignDoc, rows: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """The names the rows refer to, by field: related rows' labels by id, city names by code."""
    lang = get_lang()
    answer: dict[str, dict[str, str]] = {}
    for field in doc.fields:
        if field.type in RELATIONS and field.relation is not None:
            ids: list[int] = []
            for row in rows:
                ids.extend(i for i in ids_of(row.get(field.name)) if i not in ids)
            if ids:
                answer.update(related_texts(field, ids[: MAX_IDS * 10]))
        elif field.type == "city":
            codes = sorted({str(c) for row in rows for c in (row.get(field.name) or []) if c})
            if codes:
                answer[field.name] = city_names(codes, lang)
    return answer


def related(
    doc: DesignDoc,
    field_name: str,
    quick_search: str,
    ids: list[int],
    page_of: Callable[[DesignDoc, str], list[dict[str, Any]]],
) -> list[dict[str, Any]]:
    """A relation field's picker: `{id, label}` of the related rows with these ids, or of the first
    page of the related table's quick search, which `page_of(related design, quick search)` lists
    (the back office's designed-table list, with the caller's permissions)."""
    field = next((f for f in doc.fields if f.name == field_name and f.type in RELATIONS), None)
    if field is None or field.relation is None:
        raise ApiError("The table has no field {field}", params={"field": field_name})
    if ids:
        return [{"id": int(i), "label": label} for i, label in related_labels(field, ids[:MAX_IDS]).items()]
    target = _related_doc(field)
    if target is None:
        return []
    page = page_of(target, quick_search[:100])
    return [{"id": int(row["id"]), "label": _label_of(row, field.relation.label)} for row in page]


def shown(
    doc: DesignDoc, row: dict[str, Any], names: dict[str, dict[str, str]] | None = None
) -> dict[str, Any]:
    """A row's values as its list shows them (same keys; lists stay lists): option labels, text of
    rich text, related rows' labels, city names, yes/no. `names`: `labels(doc, [row])` when known."""
    names = labels(doc, [row]) if names is None else names
    by_name = {f.name: f for f in doc.fields}
    out: dict[str, Any] = {}
    for key, value in row.items():
        field = by_name.get(key)
        out[key] = value if field is None else shown_value(field, value, names.get(key, {}))
    return out


def shown_value(field: FieldDoc, value: Any, names: dict[str, str]) -> Any:
    """One value as the list shows it (see `shown`)."""
    options = {o.value: words(o.label) or o.value for o in field.options}
    if field.type == "status":
        return t("value.enable") if value == "enable" else t("value.disable") if value == "disable" else value
    if options:
        if isinstance(value, list):
            return [options.get(str(v), v) for v in value]
        return options.get(str(value), value) if value not in (None, "") else value
    if field.type == "richtext":
        return plain_text(value)
    if field.type == "switch":
        return t("value.yes") if value in (True, 1, "1", "true") else t("value.no")
    if field.type in RELATIONS:
        found = [names.get(str(i), f"#{i}") for i in ids_of(value)]
        return found if field.type == "remoteselects" else (found[0] if found else "")
    if field.type == "password":
        return "******" if value else ""  # answered as whether one is set: never the hash
    if field.type == "city" and isinstance(value, list):
        return [names.get(str(c), str(c)) for c in value]
    return value
