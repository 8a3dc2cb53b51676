"""The design files of the business tables (`functions/data/designs/`: the 17 of SPEC §3 and the five
that feed the public site's awards, qualifications, history, services and single pages, issue 13) and
their demo rows (`functions/data/demo/`) are valid: each design passes `DesignDoc`, speaks both
languages and points at tables and fields that exist, and each demo row passes the request model the
API builds from its design — unchanged, so what the seed stores is what the file says. No DynamoDB needed."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from functions.services.designs import DESIGNS_DIR, DesignDoc
from functions.services.fields import request_model

DEMO_DIR = DESIGNS_DIR.parent / "demo"
BUSINESS = {
    "car", "check", "checkpro", "contact", "good", "job", "lunbo", "news", "notice", "order",
    "project", "punch", "punchpro", "sign", "tag", "team", "wuye",
    "award", "qualification", "history", "service", "page",
}  # fmt: skip
PUBLIC = {
    "lunbo", "news", "notice", "project", "team", "car", "job", "good", "tag", "wuye",
    "award", "qualification", "history", "service", "page",
}  # fmt: skip
# Demo rows per table: 3 to 8, except the single pages (one for each) and the history (the seed's ten).
ROW_COUNTS = {"page": range(5, 6), "history": range(10, 11)}
DESIGN_FILES = sorted(DESIGNS_DIR.glob("*.json"))
DEMO_FILES = sorted(DEMO_DIR.glob("*.json"))


def load(stem: str) -> DesignDoc:
    return DesignDoc.model_validate_json((DESIGNS_DIR / f"{stem}.json").read_text(encoding="utf-8"))


def rows_of(stem: str) -> list[dict[str, Any]]:
    rows = json.loads((DEMO_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    assert isinstance(rows, list)
    return rows


def test_every_business_table_has_a_design_and_every_public_one_demo_rows() -> None:
    assert {p.stem for p in DESIGN_FILES} == BUSINESS
    assert {p.stem for p in DEMO_FILES} == PUBLIC


@pytest.mark.parametrize("path", DESIGN_FILES, ids=lambda p: p.stem)
def test_design_file(path: Path) -> None:
    doc = DesignDoc.model_validate_json(path.read_text(encoding="utf-8"))
    assert doc.name == f"business/{path.stem}"
    assert doc.parent == "business"
    assert doc.title.zh and doc.title.en
    assert doc.description.zh and doc.description.en
    names = {f.name for f in doc.fields}
    assert set(doc.sensitive) <= names, "sensitive names fields the design does not have"
    for field in doc.fields:
        assert field.title.zh and field.title.en, field.name
        assert bool(field.help.zh) == bool(field.help.en), f"{field.name}: help in one language only"
        for option in field.options:
            assert option.value.isascii(), f"{field.name}: {option.value}"
            assert option.label.zh and option.label.en, f"{field.name}: {option.value}"
        if field.options and field.default not in (None, ""):
            values = {o.value for o in field.options}
            defaults = field.default if isinstance(field.default, list) else [field.default]
            assert set(defaults) <= values, f"{field.name}: default is not an option"
        if field.type in ("textarea", "richtext"):
            assert not field.list, f"{field.name}: long text shown as a list column"


@pytest.mark.parametrize("path", DESIGN_FILES, ids=lambda p: p.stem)
def test_relations_point_at_a_design_file_and_its_label_field(path: Path) -> None:
    doc = DesignDoc.model_validate_json(path.read_text(encoding="utf-8"))
    for field in doc.fields:
        if field.relation is None:
            continue
        parent, _, stem = field.relation.design.partition("/")
        assert parent == "business" and stem in BUSINESS, field.relation.design
        target = {f.name: f for f in load(stem).fields}
        label = target.get(field.relation.label)
        assert label is not None and label.type == "string", f"{field.name} → {field.relation}"
        assert label.search, f"{field.name}: the remote select searches {stem}.{label.name}, not searchable"


@pytest.mark.parametrize("path", DEMO_FILES, ids=lambda p: p.stem)
def test_demo_rows_are_valid_rows_of_their_design(path: Path) -> None:
    doc = load(path.stem)
    fields = {f.name: f for f in doc.fields}
    model = request_model(doc.name, doc.version, [f.model_dump() for f in doc.fields])
    rows = rows_of(path.stem)
    assert len(rows) in ROW_COUNTS.get(path.stem, range(3, 9))
    for number, row in enumerate(rows, start=1):
        where = f"{path.stem} row {number}"
        assert set(row) <= set(fields), f"{where}: unknown fields {set(row) - set(fields)}"
        for field in doc.fields:
            if field.required:
                assert row.get(field.name) not in (None, "", []), f"{where}: {field.name} is required"
        stored = model.model_validate(row).model_dump()
        for name, value in row.items():
            if fields[name].type == "money":
                assert stored[name] == int(Decimal(value) * 100), f"{where}: {name}"
            else:
                assert stored[name] == value, f"{where}: {name} changes when validated"
    for field in doc.fields:
        if field.unique:
            values = [row[field.name] for row in rows]
            assert len(set(values)) == len(values), f"{path.stem}.{field.name} repeats"


@pytest.mark.parametrize("path", DEMO_FILES, ids=lambda p: p.stem)
def test_demo_rows_refer_to_demo_rows_that_exist(path: Path) -> None:
    """Ids are given in file order (1..n) when the demo rows are loaded."""
    doc = load(path.stem)
    for field in doc.fields:
        if field.relation is None:
            continue
        stem = field.relation.design.split("/")[1]
        count = len(rows_of(stem)) if (DEMO_DIR / f"{stem}.json").exists() else 0
        for row in rows_of(path.stem):
            value = row.get(field.name)
            ids = value if isinstance(value, list) else [value] if value else []
            assert all(1 <= i <= count for i in ids), f"{path.stem}.{field.name}: {ids} > {count}"


@pytest.mark.parametrize("path", DEMO_FILES, ids=lambda p: p.stem)
def test_demo_rows_fill_both_languages(path: Path) -> None:
    """Where a design has `<name>` and `<name>_en`, a row that fills one fills the other."""
    doc = load(path.stem)
    names = {f.name for f in doc.fields}
    pairs = [(n, f"{n}_en") for n in names if f"{n}_en" in names]
    assert pairs, "no bilingual fields"
    for number, row in enumerate(rows_of(path.stem), start=1):
        for zh, en in pairs:
            assert bool(row.get(zh)) == bool(row.get(en)), f"{path.stem} row {number}: {zh}/{en}"
