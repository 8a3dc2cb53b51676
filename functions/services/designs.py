"""Table designs: the CRUD generator on Lambda (DESIGN §6). A table is data, never generated code.

A design (`DesignDoc`) is validated, stored in `Design` (version + 1 on every save) and logged in
`DesignLog` (the CRUD log). Saving a new design creates its menu rule under its `parent` menu
(`business` by default) with the buttons index/add/edit/del/sortable; the super group holds every
rule ("*"), other groups are granted it like any rule. Saving a design whose table has rows refuses
changes that lose data (a field removed, a type changed, an index moved) unless `confirm` is set,
and says what would happen. Deleting a design deletes its rows (at most `MAX_DELETE_ROWS` in one
request, else it refuses and says so), its rules and the design, and logs it.

The rule path is the design's own (`check_rule_path`), or the save is refused with a message naming
who owns it: not a built-in rule (the seeded menus of `functions.services.rules` with their buttons:
`routine/config`, `routine/terminal`, `auth/admin/add`…) nor anything inside a built-in menu, not a
built-in route prefix (`/srv/admin/ajax/…`, `index/…`, `auth/admin/…`), not inside or around another
design's path, and none of its menu and button rules may exist already unless this design created it
— a design never takes over a rule. `Design.rule_ids` records the rules a design created, and
deleting it removes only those (kept in the recycle bin like any deleted rule, when the caller is an
admin: `origin`); a design saved before they were recorded owns the rules of its name and buttons
that are not built-in.

Design files in `functions/data/designs/*.json` (the 17 business tables of SPEC §3, plus the public
site's awards, qualifications, services and page texts) are loaded by the seed through
`save_design`, the same path the generator uses, and upgraded when the file's `version` is higher
than the stored one; `functions/data/demo/<table>.json` rows fill a business table that has no rows
yet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from functions.core.i18n import get_lang
from functions.core.log import logger
from functions.core.responses import ApiError
from functions.models.base import now
from functions.models.counter import next_id
from functions.models.design import Design, DesignLog, Record, record_scope
from functions.models.listing import PART, month_buckets, total_rows
from functions.models.rule import AdminRule
from functions.services import records, row_convert
from functions.services.default_rules import DEFAULT_ADMIN_RULES, ROUTES_WITHOUT_RULES

# The design document lives in its own leaf module; these names are re-exported for the routes.
from functions.services.design_doc import DesignDoc as DesignDoc
from functions.services.design_doc import FieldDoc as FieldDoc
from functions.services.design_doc import StoredDesign as StoredDesign
from functions.services.design_doc import get_design as get_design
from functions.services.design_doc import list_designs as list_designs
from functions.services.design_doc import load_doc as load_doc
from functions.services.fields import request_model
from functions.services.publish_jobs import public_data_changed
from functions.services.records import answer, create_row, delete_rows
from functions.services.recycle import Origin, watch_deletes
from functions.services.row_convert import field_types
from functions.services.rules import (
    delete_rules,
    find_by_name,
    holding_groups,
    seed_menu,
)

DESIGNS_DIR = Path(__file__).resolve().parents[1] / "data" / "designs"
DEMO_DIR = Path(__file__).resolve().parents[1] / "data" / "demo"
MAX_DELETE_ROWS = 10_000
MAX_UNIQUE = 5  # unique fields of a table: each costs a row's write two guard items (`records`)

ACTIONS = (
    ("index", "查看", "View"),
    ("add", "添加", "Add"),
    ("edit", "编辑", "Edit"),
    ("del", "删除", "Delete"),
    ("sortable", "快速排序", "Sort"),
)


def row_count(name: str) -> int:
    return total_rows(record_scope(name))


def changes(old: DesignDoc, new: DesignDoc) -> list[str]:
    """What saving `new` over `old` does to existing values (message keys with the field names)."""
    found: list[str] = []
    before = {f.name: f for f in old.fields}
    after = {f.name: f for f in new.fields}
    for name in sorted(set(before) - set(after)):
        found.append(f"removed:{name}")
    for name in sorted(set(before) & set(after)):
        if before[name].type != after[name].type:
            found.append(f"type:{name}:{before[name].type}>{after[name].type}")
    if old.slots() != new.slots() or old.time_series != new.time_series:
        found.append("indexes")
    return found


def save_design(
    doc: DesignDoc,
    admin_id: int = 0,
    username: str = "",
    confirm: bool = False,
    keep_duplicates: bool = False,
    create: bool = False,
) -> Design:
    """Create or update the design `doc.name` (see the module docstring); `create` (a new table of the
    generator, or a copy): refused when a table of that name exists, never an edit of it. On a table
    with rows, a confirmed change converts the rows (`row_convert.convert_rows`), and a field made unique
    claims its values (`row_convert.claim_unique_values`); rows sharing a value refuse that change, unless
    `keep_duplicates` (the seed's upgrade: the oldest row keeps the value, the others must change
    theirs at their next save, and a warning names them)."""
    existing = get_design(doc.name)
    check_rule_path(doc.name, existing)
    check_relations(doc)
    if create and existing is not None:
        raise ApiError(
            "A table named {name} already exists: choose another rule path", params={"name": doc.name}
        )
    if sum(1 for f in doc.fields if f.unique) > MAX_UNIQUE:
        raise ApiError("A table can have at most {count} unique fields", params={"count": MAX_UNIQUE})
    timestamp = now()
    old: DesignDoc | None = None
    rows: list[Record] = []
    made_unique: list[str] = []
    if existing is None:
        design = Design(doc.name, id=next_id("design"), version=1, admin_id=admin_id, create_time=timestamp)
    else:
        design = existing
        old = load_doc(existing)
        found = changes(old, doc)
        before = {f.name: f for f in old.fields}
        made_unique = [
            f.name for f in doc.fields if f.unique and not (f.name in before and before[f.name].unique)
        ]
        count = row_count(doc.name) if found or made_unique else 0
        if found and count > 0:
            if "indexes" in found:
                raise ApiError(
                    "Index fields cannot change while the table has rows",
                    data={"changes": found, "confirmable": False},
                )
            if not confirm:
                raise ApiError(
                    "Existing rows lose the values of removed or retyped fields: save again to confirm",
                    data={"changes": found},
                )
        if count > MAX_DELETE_ROWS:
            raise ApiError("This table has too many rows to change at once")
        if count > 0:
            rows = records.rows_of(doc, MAX_DELETE_ROWS + 1)
        shared = row_convert.same_values(doc, made_unique, rows) if made_unique else []
        if shared and not keep_duplicates:
            name, value, ids = shared[0]
            title = next(f.title for f in doc.fields if f.name == name)
            raise ApiError(
                'Cannot make {field} unique: rows {ids} hold the same value "{value}"',
                params={
                    "field": records.words(title),
                    "ids": ", ".join(f"#{i}" for i in ids),
                    "value": value,
                },
                data={"duplicates": [{"field": n, "value": v, "ids": i} for n, v, i in shared]},
            )
        for name, value, ids in shared:
            logger.warning(
                "rows share a value of a field made unique: the oldest keeps it",
                extra={"design": doc.name, "field": name, "value": value, "ids": ids},
            )
        design.version = int(existing.version) + 1
    owned = own_rule_ids(existing) if existing is not None else []
    design.body = doc.model_dump_json()
    design.update_time = timestamp
    design.rule_ids = owned
    design.save()
    if old is not None and rows:
        rows = row_convert.convert_rows(old, doc, rows)
        if made_unique:
            row_convert.claim_unique_values(doc, made_unique, rows)
    DesignLog(
        next_id("design_log"),
        name=doc.name,
        version=int(design.version),
        action="save",
        title=doc.title.zh or doc.title.en,
        body=design.body,
        admin_id=admin_id,
        username=username,
    ).save()
    # Only rules that do not exist yet are created (check_rule_path: the existing ones are its own).
    created = seed_menu(
        {
            "name": doc.name,
            "title": (doc.title.zh or doc.title.en, doc.title.en or doc.title.zh),
            "icon": doc.icon,
            "weigh": doc.weigh,
            "component": "crud/designed",
            "buttons": ACTIONS,
        },
        parent=doc.parent,
    )
    if created:
        design.rule_ids = sorted({*owned, *created})
        design.save()
    _site_changed(doc.name, "design saved", doc.publish or (old.publish if old is not None else ""), admin_id)
    return design


def _site_changed(name: str, what: str, publish: str, admin_id: int) -> None:
    public_data_changed(name, f"{name}: {what}", source="design", publish=publish, by=admin_id or None)


# --- the rule path of a design: its own, never a built-in one or another's ---------------------------


def rule_names(name: str) -> list[str]:
    """The rules a design of this name has: its menu and its buttons."""
    return [name, *(f"{name}/{action}" for action, _zh, _en in ACTIONS)]


def builtin_rules() -> tuple[frozenset[str], frozenset[str]]:
    """The seeded back-office rules (`functions.services.default_rules.DEFAULT_ADMIN_RULES`): the names of the
    menus and buttons, and those of the folders (a folder's section is open to designs: `business/…`)."""
    names: set[str] = set()
    folders: set[str] = set()

    def walk(spec: dict[str, Any]) -> None:
        (folders if spec.get("type") == "menu_dir" else names).add(spec["name"].casefold())
        names.update(f"{spec['name']}/{action}".casefold() for action, _zh, _en in spec.get("buttons", ()))
        for child in spec.get("children", ()):
            walk(child)

    for spec in DEFAULT_ADMIN_RULES:
        walk(spec)
    return frozenset(names), frozenset(folders)


def _overlaps(path: str, other: str) -> bool:
    """Whether two rule paths are the same or one lies inside the other (`a/b` and `a/b/c`)."""
    return path == other or path.startswith(other + "/") or other.startswith(path + "/")


def is_builtin_path(name: str) -> bool:
    """Whether rule path `name` is (inside, or around) a built-in rule or route prefix."""
    path = name.casefold()
    names, folders = builtin_rules()
    if path in folders or any(_overlaps(path, rule) for rule in names):
        return True
    return any(_overlaps(path, prefix.casefold()) for prefix in ROUTES_WITHOUT_RULES)


NOT_SHOWN_TYPES = ("password", "remoteselect", "remoteselects")


def check_relations(doc: DesignDoc) -> None:
    """A relation's label and extra columns are fields of its related table that can be shown: never
    a password (answered only as whether one is set) nor, for a column, another relation. Extra columns
    need the related table to exist."""
    for field in doc.fields:
        relation = field.relation
        if relation is None:
            continue
        if relation.design == doc.name:
            other: DesignDoc | None = doc
        else:
            related = get_design(relation.design)
            other = load_doc(related) if related is not None else None
        if other is None:
            if relation.columns:
                raise ApiError("The related table {name} does not exist", params={"name": relation.design})
            continue
        types = {f.name: f.type for f in other.fields}
        if types.get(relation.label) == "password":
            raise ApiError("A relation cannot be named by a password field")
        for column in relation.columns:
            if column not in types:
                raise ApiError(
                    "The related table has no field {field}", params={"field": f"{relation.design}.{column}"}
                )
            if types[column] in NOT_SHOWN_TYPES:
                raise ApiError("An extra column cannot be a password or another relation")


def check_rule_path(name: str, existing: Design | None) -> None:
    """Refuse a design whose rule path is not its own (see the module docstring)."""
    lang = get_lang()
    if is_builtin_path(name):
        raise ApiError(
            "The rule path {path} belongs to a built-in page: choose another name", params={"path": name}
        )
    path = name.casefold()
    for other in list_designs():
        if other.name != name and _overlaps(path, other.name.casefold()):
            title = other.doc().get("title", {})
            words = (
                (title.get("en") or title.get("zh")) if lang == "en" else (title.get("zh") or title.get("en"))
            )
            raise ApiError(
                "The rule path {path} is used by the table {table}: choose another name",
                params={"path": name, "table": f"{words or other.name} ({other.name})"},
            )
    own = set(own_rule_ids(existing)) if existing is not None else set()
    for rule_name in rule_names(name):
        rule = find_by_name(AdminRule, rule_name)
        if rule is not None and int(rule.id) not in own:
            raise ApiError(
                "The rule path {path} is used by the menu rule {rule}: choose another name",
                params={"path": name, "rule": f"{rule.label(lang)} ({rule.name})"},
            )


def own_rule_ids(design: Design) -> list[int]:
    """The ids of the rules `design` created and that still exist. A design saved before they were
    recorded (`rule_ids` None) owns the existing rules of its name and buttons that are not built-in."""
    if design.rule_ids is not None:
        wanted = sorted({int(i) for i in design.rule_ids})
        return sorted(int(r.id) for r in AdminRule.batch_get(wanted, consistent_read=True)) if wanted else []
    names, _folders = builtin_rules()
    found = (find_by_name(AdminRule, rule_name) for rule_name in rule_names(design.name))
    return sorted(int(rule.id) for rule in found if rule is not None and rule.name.casefold() not in names)


def delete_design(design: Design, admin_id: int = 0, username: str = "", origin: Origin | None = None) -> int:
    """Delete the design, its rows and the rules it created (`own_rule_ids`); returns how many rows
    were deleted. With `origin` (who deletes), the rows and the rules go to the recycle bin when a
    recycle rule keeps the deletes of the table, or of the menu rules (`auth/rule`)."""
    name = design.name
    if row_count(name) > MAX_DELETE_ROWS:
        raise ApiError("This table has too many rows to delete at once: delete its rows first")
    owned = set(own_rule_ids(design))
    every_rule = list(AdminRule.by_part.query(PART))
    doomed = [rule for rule in every_rule if int(rule.id) in owned]
    # Buttons first, then the menu; a rule someone else added under the design's menu stays, and then
    # the menu cannot go: refused before anything is deleted.
    doomed.sort(key=lambda rule: int(rule.pid or 0) in owned, reverse=True)
    if any(int(rule.pid or 0) in owned and int(rule.id) not in owned for rule in every_rule):
        raise ApiError("Please delete the child rules first")

    doc = load_doc(design)
    partitions = [name] if not doc.time_series else [f"{name}#{m}" for m in month_buckets(record_scope(name))]

    items = [item for pk in partitions for item in Record.query(pk)]
    if origin is None:
        deleted = delete_rows(doc, items)
    else:
        types = {"types": field_types(doc)}  # a restore after the design changed converts the row
        with watch_deletes(
            name, True, origin, items, lambda item: answer(doc, item), context_of=lambda _: types
        ):
            deleted = delete_rows(doc, items)
    if doomed:
        _delete_own_rules(doomed, origin)
    DesignLog(
        next_id("design_log"),
        name=name,
        version=int(design.version),
        action="delete",
        title=json.loads(design.body or "{}").get("title", {}).get("zh", name),
        body=design.body,
        admin_id=admin_id,
        username=username,
    ).save()
    design.delete()
    _site_changed(name, "design deleted", doc.publish, admin_id)
    return deleted


def _delete_own_rules(rules: list[Any], origin: Origin | None) -> None:
    """Delete a design's rules, kept in the recycle bin as menu rules (`auth/rule`: a restore grants
    each again to the groups that held it) when an admin deletes (`origin`)."""
    if origin is None:
        delete_rules(AdminRule, rules)
        return
    with watch_deletes(
        "auth/rule",
        False,
        origin,
        rules,
        lambda rule: {**rule.to_row(), "label": rule.label(get_lang())},
        context_of=lambda rule: {"groups": holding_groups(AdminRule, int(rule.id))},
    ):
        delete_rules(AdminRule, rules)


def load_design_files(directory: Path = DESIGNS_DIR) -> list[str]:
    """Save every design file whose design is missing or older (seed); returns the names saved."""
    saved: list[str] = []
    for path in sorted(directory.glob("*.json")):
        doc = DesignDoc.model_validate_json(path.read_text(encoding="utf-8"))
        existing = get_design(doc.name)
        if existing is not None and load_doc(existing).version >= doc.version:
            continue
        try:
            save_design(doc, confirm=True, keep_duplicates=True)
        except ApiError as exc:  # e.g. an index change on a table that has rows: keep the old design
            logger.warning("design file not applied", extra={"design": doc.name, "reason": exc.msg})
            continue
        saved.append(doc.name)
    return saved


def load_demo_rows(directory: Path = DEMO_DIR) -> list[str]:
    """Add the demo rows of `functions/data/demo/<table>.json` to designed tables that have no rows
    yet (seed), through the same validation as the API; returns the names filled."""
    filled: list[str] = []
    for path in sorted(directory.glob("*.json")):
        design = get_design(f"business/{path.stem}")
        if design is None or row_count(design.name) > 0:
            continue
        doc = load_doc(design)
        model = request_model(doc.name, int(design.version), [f.model_dump() for f in doc.fields])
        for row in json.loads(path.read_text(encoding="utf-8")):
            create_row(doc, model.model_validate(row))
        filled.append(design.name)
    return filled
