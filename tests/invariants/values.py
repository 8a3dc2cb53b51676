"""Random designs and row values for the designed-table machine, and the model's own reading of them.

A design has one field of every field type (named after its type) plus random constraints
(required, unique, min/max, a pattern, indexes, the list order, time series). Row values are drawn
per type, awkward ones included (boundary numbers, money with cents and a third decimal, CJK and
emoji, markup, URLs, padded text, empty optionals). The model decides by itself — not with the
server's code — whether a value is accepted (`problem`) and what the API answers for it (`shown`):
money in yuan with two decimals, a multi-select without repeats, a default for a missing value. The
one exception is rich text, whose expected form is the sanitiser's (nh3) output: the sanitiser is a
library, not the behaviour under test.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from hypothesis import strategies as st

INT_MAX = 2**53 - 1
MONEY_MAX_CENTS = 100_000_000 * 100
TYPES = [
    "string",
    "textarea",
    "richtext",
    "integer",
    "float",
    "money",
    "switch",
    "radio",
    "select",
    "checkbox",
    "selects",
    "remoteselect",
    "remoteselects",
    "date",
    "datetime",
    "time",
    "year",
    "image",
    "images",
    "file",
    "files",
    "city",
    "icon",
    "color",
    "array",
    "weigh",
    "status",
]
NUMERIC = {"integer", "float", "money", "datetime", "year", "weigh"}
ZERO_DEFAULT = NUMERIC | {"remoteselect"}
LISTS = {"checkbox", "selects", "remoteselects", "images", "files", "city", "array"}
PATTERN = "^[A-Za-z0-9 -]*$"
OPTIONS = ["a", "b", "c"]

# Text an editor may type on one line: ASCII, markup characters, CJK, emoji.
LINE_ALPHABET = st.sampled_from(
    list("abcXYZ019 -_.,:;!?'\"&<>/=#@%") + list("中文测试项目") + ["😀", "🎉", "é", "ß"]
)
AWKWARD_LINES = [
    "",
    " padded ",
    "<b>bold</b>",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "&amp; &lt;",
    "中文名称",
    "😀 emoji",
    "https://example.com/?a=1&b=2",
    "A-1",
    "a-1",
]


def line(max_size: int = 24) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(AWKWARD_LINES), st.text(LINE_ALPHABET, max_size=max_size))


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


# --- designs --------------------------------------------------------------------------------------
@st.composite
def design_fields(draw: Any) -> list[dict[str, Any]]:
    """One field of every type, with random constraints."""
    fields: list[dict[str, Any]] = []
    sorted_by = draw(st.sampled_from(["", "datetime", "weigh"]))  # at most one field sorted through an index
    for kind in TYPES:
        field: dict[str, Any] = {"name": kind, "title": words(f"{kind}字段", kind.title()), "type": kind}
        if kind in ("radio", "select", "checkbox", "selects"):
            field["options"] = [{"value": v, "label": words(f"选项{v}", f"Option {v}")} for v in OPTIONS]
        if kind in ("remoteselect", "remoteselects"):
            field["relation"] = {"design": "business/elsewhere", "label": "name"}
        if kind == "string":
            field["required"] = draw(st.booleans())
            field["unique"] = draw(st.booleans())
            field["min"] = draw(st.sampled_from([None, 1, 3]))
            field["max"] = draw(st.sampled_from([None, 8, 20]))
            field["pattern"] = draw(st.sampled_from(["", PATTERN]))
            field["search"] = True
        if kind in ("integer", "float", "money"):
            low = draw(st.sampled_from([None, -100, 0]))
            high = draw(st.sampled_from([None, 100, 1_000_000]))
            field["min"], field["max"] = low, high
            field["required"] = kind == "money" and draw(st.booleans())
        if kind == "select":
            field["index"] = draw(st.booleans())
            field["required"] = draw(st.booleans())
        if kind == "status":
            field["index"] = True
        if kind in ("datetime", "weigh"):
            field["sort"] = kind == sorted_by
        fields.append(field)
    return fields


@st.composite
def designs(draw: Any) -> dict[str, Any]:
    fields = draw(design_fields())
    sorted_field = next((f["name"] for f in fields if f.get("sort")), None)
    order_field = draw(st.sampled_from(["", "id", "create_time", *([sorted_field] if sorted_field else [])]))
    design = {
        "title": words("不变量测试表", "Invariant table"),
        "fields": fields,
        "time_series": draw(st.booleans()),
    }
    if order_field:  # else the default: by the weigh sorted through the index, or newest first
        design["order"] = {"field": order_field, "direction": draw(st.sampled_from(["asc", "desc"]))}
    return design


# --- row values -----------------------------------------------------------------------------------
def _money() -> st.SearchStrategy[str]:
    """Yuan as an editor types them: whole, with cents, with a third decimal (rounded half up)."""
    thousandths = st.one_of(
        st.sampled_from([0, 10, 1_860_000_000, 186_000_000, 5, 15, -5, 1_000, 99_990, 100_000, -100_000]),
        st.integers(-(10**9), 10**9),
    )
    return thousandths.map(lambda m: format(Decimal(m) / 1000, "f"))


def _date() -> st.SearchStrategy[str]:
    return st.one_of(st.just(""), st.dates().map(lambda d: d.isoformat()).filter(lambda s: len(s) == 10))


URLS = ["/storage/files/20261128/a.png", "https://example.com/x.png", "/images/a.webp"]

VALUES: dict[str, st.SearchStrategy[Any]] = {
    "string": line(),
    "textarea": st.one_of(line(), st.text(st.sampled_from(list("ab \n\t中<>&😀")), max_size=30)),
    "richtext": st.sampled_from(
        [
            "",
            "<p>Hello</p>",
            '<p onclick="x()">Hi<script>bad()</script></p>',
            "<p>中文 &amp; 😀</p>",
            '<p><a href="https://example.com/a">link</a></p>',
            "<h2>Title</h2><ul><li>one</li></ul>",
        ]
    ),
    "integer": st.one_of(
        st.sampled_from([0, 1, -1, 100, -100, 101, INT_MAX, -INT_MAX]), st.integers(-1000, 1000)
    ),
    "float": st.one_of(
        st.sampled_from([0.0, 0.5, -0.25, 100.0, 99.99, 1e6]),
        st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    ),
    "money": _money(),
    "switch": st.booleans(),
    "radio": st.sampled_from(["", *OPTIONS]),
    "select": st.sampled_from(["", *OPTIONS]),
    "checkbox": st.lists(st.sampled_from(OPTIONS), max_size=4),
    "selects": st.lists(st.sampled_from(OPTIONS), max_size=4),
    "remoteselect": st.integers(0, 1000),
    "remoteselects": st.lists(st.integers(0, 1000), max_size=3),
    "date": _date(),
    "datetime": st.one_of(st.sampled_from([0, 1_800_000_000, 253402300799]), st.integers(0, 2_000_000_000)),
    "time": st.sampled_from(["", "09:30", "23:59:59", "00:00"]),
    "year": st.sampled_from([0, 1999, 2026, 9999]),
    "image": st.sampled_from(["", *URLS]),
    "images": st.lists(st.sampled_from(URLS), max_size=3),
    "file": st.sampled_from(["", *URLS]),
    "files": st.lists(st.sampled_from(URLS), max_size=2),
    "city": st.sampled_from([[], ["32"], ["32", "3201"], ["32", "3201", "320102"]]),
    "icon": st.sampled_from(["", "HomeOutlined", "fa fa-truck", "bi bi-house", "local-leaf"]),
    "color": st.sampled_from(["", "#1a7f37", "#FFFFFF", "#12345678"]),
    "array": st.lists(st.fixed_dictionaries({"key": line(8), "value": line(12)}), max_size=2),
    "weigh": st.one_of(st.sampled_from([0, 1, -1, 100]), st.integers(-10_000, 10_000)),
    "status": st.sampled_from(["enable", "disable"]),
}


def row_values(names: list[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Values of some fields (a missing one takes its default), `names` limiting which."""
    return st.fixed_dictionaries(
        {}, optional={k: v for k, v in VALUES.items() if names is None or k in names}
    )


# --- the model's reading ------------------------------------------------------------------------
def default(field: dict[str, Any]) -> Any:
    kind = field["type"]
    if field.get("default") is not None:
        return field["default"]
    if kind in ZERO_DEFAULT:
        return 0
    if kind == "switch":
        return False
    if kind in LISTS:
        return []
    if kind == "status":
        return "enable"
    return ""


def cents(yuan: str) -> int:
    return int((Decimal(yuan) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def yuan(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}"


def problem(field: dict[str, Any], value: Any) -> str | None:
    """Why the server must refuse `value` for `field` (None: it must accept it). Values come from
    `VALUES`, so only the design's own constraints can be broken."""
    kind = field["type"]
    empty = value in (None, "", [])
    if field.get("required") and empty:
        return "required"
    if kind in ("string", "textarea") and not isinstance(value, str):
        return "type"  # a value typed for the field's type before a retype (a number, a list)
    if kind == "string":
        if "\n" in value or "\t" in value or "\r" in value:
            return "line"  # a textarea's text given to a field retyped to one line
        low, high = field.get("min") or 0, field.get("max") or 255
        if not low <= len(value) <= high:
            return "length"
        if field.get("pattern") and value and not re.fullmatch(field["pattern"], value):
            return "pattern"
    if kind in ("integer", "float", "year"):
        number = read_number(kind, value)
        if number is None:
            return "type"
        floor, ceiling = (0, 9999) if kind == "year" else (-INT_MAX, INT_MAX)
        low = max(floor, field["min"]) if field.get("min") is not None else floor
        high = min(ceiling, field["max"]) if field.get("max") is not None else ceiling
        if not low <= number <= high:
            return "range"
    if kind == "money":
        amount = cents(value)
        low = round(field["min"] * 100) if field.get("min") is not None else -MONEY_MAX_CENTS
        high = round(field["max"] * 100) if field.get("max") is not None else MONEY_MAX_CENTS
        if abs(amount) > MONEY_MAX_CENTS or not low <= amount <= high:
            return "range"
    return None


def shown(field: dict[str, Any], value: Any) -> Any:
    """What the API answers for an accepted `value` of `field`."""
    kind = field["type"]
    if value is None:
        value = default(field)
    if kind == "money":
        return yuan(cents(str(value)))
    if kind in ("checkbox", "selects"):
        return list(dict.fromkeys(value))
    if kind in ("integer", "float", "year"):
        return read_number(kind, value)
    if kind == "richtext":
        return sanitised(value)
    return value


def read_number(kind: str, value: Any) -> int | float | None:
    """A value of an integer, year or float field as the API reads it (None: not a number of that
    type). A value typed for another type before a retype may be text ("12", " 7 ", "1.0") or a float;
    the API reads text as a number, and a whole float as an integer."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    number: int | float
    if isinstance(value, str):
        try:
            number = int(value)
        except ValueError:
            try:
                number = float(value)
            except ValueError:
                return None
    else:
        number = value
    if kind == "float":
        return float(number) if math.isfinite(float(number)) else None
    if isinstance(number, float):
        return int(number) if number.is_integer() else None
    return number


def sanitised(value: str) -> str:
    import nh3

    return str(nh3.clean(value, link_rel="noopener noreferrer nofollow")) if value else ""


def unique_key(value: Any) -> str | None:
    """The key under which a unique value is taken (case and surrounding spaces do not count)."""
    if value in (None, "", []):
        return None
    return str(value).strip().lower()


def valid(field: dict[str, Any]) -> Any:
    """A value the design accepts for `field` (what an editor corrects a refused value to)."""
    kind = field["type"]
    if kind == "string":
        return "A" * max(field.get("min") or 0, 1 if field.get("required") else 0)
    if kind in ("integer", "float"):
        low = field.get("min")
        return (low if low is not None else 0) if kind == "integer" else float(low if low is not None else 0)
    if kind == "money":
        return format(Decimal(str(field["min"])), "f") if field.get("min") is not None else "0"
    if kind in ("select", "radio"):
        return OPTIONS[0]
    return default(field)


def repaired(fields: list[dict[str, Any]], values: dict[str, Any]) -> dict[str, Any]:
    """`values` with every value the design refuses replaced by a valid one (a required field that is
    missing too): the editor corrected what the form pointed out."""
    out = dict(values)
    for field in fields:
        name = field["name"]
        if problem(field, out.get(name, None if field.get("required") else default(field))):
            out[name] = valid(field)
    return out


def converted(field: dict[str, Any], value: Any) -> Any:
    """What a retyped field holds after a confirmed design change: the old value as the list showed it,
    typed into the new type's input — kept when the new type accepts it, else the new type's default."""
    kind = field["type"]
    number = isinstance(value, int | float) and not isinstance(value, bool)
    text = isinstance(value, str)
    if kind == "string":
        ok = text and "\n" not in value and "\t" not in value and len(value) <= 255
        return value if ok else ""
    if kind == "textarea":
        return value if text and len(value) <= 5000 else ""
    if kind in ("integer", "year"):
        if number and float(value).is_integer():
            result: Any = int(value)
        elif text and re.fullmatch(r"[+-]?[0-9]+", value.strip() or "x"):
            result = int(value)
        else:
            return 0
        low, high = (0, 9999) if kind == "year" else (-INT_MAX, INT_MAX)
        return result if low <= result <= high else 0
    if kind == "float":
        if number:
            return float(value)
        try:
            return float(value) if text and value.strip() and abs(float(value)) <= INT_MAX else 0.0
        except ValueError:
            return 0.0
    return default(field)


def full_rows() -> st.SearchStrategy[dict[str, Any]]:
    """A value for every field of the design (a form filled in whole)."""
    return st.fixed_dictionaries(VALUES)
