"""Loading and validation of content/data/site.json and the record files."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from functions.publish.site_data.links import link_target
from functions.publish.site_data.schema import (
    DATE_RE,
    ID_RE,
    LANGS,
    LISTED,
    OPTIONAL,
    RECORD_TYPES,
    SITE_FIELDS,
    RecordError,
)


def _check(kind: str, value: Any, where: str, content_dir: Path) -> None:
    def fail(expected: str) -> None:
        raise RecordError(f"{where}: expected {expected}, got {value!r}")

    if kind == "id":
        if not isinstance(value, str) or not ID_RE.match(value):
            fail("a lowercase slug (a-z, 0-9, '-')")
    elif kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            fail("an integer")
    elif kind == "bool":
        if not isinstance(value, bool):
            fail("true or false")
    elif kind == "date":
        if not isinstance(value, str) or not DATE_RE.match(value):
            fail("a date YYYY-MM-DD")
        dt.date.fromisoformat(value)
    elif kind == "str":
        if not isinstance(value, str) or not value.strip():
            fail("a non-empty string")
    elif kind in ("text", "markdown"):
        if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) or not value[lang].strip() for lang in LANGS
        ):
            fail(f"an object with non-empty {' and '.join(LANGS)} strings")
    elif kind == "html":  # localised HTML; a language may be empty (the other one is shown)
        if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGS):
            fail(f"an object with {' and '.join(LANGS)} strings")
    elif kind == "image":
        if not isinstance(value, str) or not (content_dir / value).is_file():
            fail("the path of an image file under content/")
    elif kind == "link":
        if not isinstance(value, str) or link_target(value) is None:
            fail("a site path starting with '/' or a web address starting with https:// or http://")
    elif kind == "facts":
        if not isinstance(value, list):
            fail("a list of {label, value}")
        for index, fact in enumerate(value):
            for key in ("label", "value"):
                _check("text", (fact or {}).get(key), f"{where}[{index}].{key}", content_dir)
    else:  # pragma: no cover - a definition error
        raise AssertionError(kind)


def load_site(content_dir: Path) -> dict[str, Any]:
    path = content_dir / "data" / "site.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for field, kind in SITE_FIELDS.items():
        if field not in data:
            raise RecordError(f"{path}: missing field {field!r}")
        _check(kind, data[field], f"{path}: {field}", content_dir)
    return data


def load_records(content_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """Read and validate every record file; records come back sorted by (sort, id)."""
    result: dict[str, list[dict[str, Any]]] = {}
    for name, fields in RECORD_TYPES.items():
        path = content_dir / "data" / f"{name}.json"
        rows = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
        if not isinstance(rows, list):
            raise RecordError(f"{path}: expected a JSON list of records")
        seen: set[str] = set()
        for index, row in enumerate(rows):
            where = f"{path} record {index}"
            if not isinstance(row, dict):
                raise RecordError(f"{where}: expected an object")
            unknown = set(row) - set(fields)
            if unknown:
                raise RecordError(f"{where}: unknown fields {sorted(unknown)}")
            for field, kind in fields.items():
                if field not in row:
                    if (name, field) in OPTIONAL:
                        continue
                    raise RecordError(f"{where}: missing field {field!r}")
                _check(kind, row[field], f"{where}.{field}", content_dir)
            if row["id"] in seen:
                raise RecordError(f"{where}: duplicate id {row['id']!r}")
            seen.add(row["id"])
        if name in LISTED or name == "jobs":  # newest first (notices: pinned ones before)
            rows = sorted(rows, key=lambda r: (bool(r.get("top")), r["date"], r["id"]), reverse=True)
        elif name == "history":  # a timeline: oldest year first, then by sort within a year
            rows = sorted(rows, key=lambda r: (r["year"], r["sort"], r["id"]))
        else:
            rows = sorted(rows, key=lambda r: (r["sort"], r["id"]))
        result[name] = rows
    return result
