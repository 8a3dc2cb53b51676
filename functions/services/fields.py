"""Field types of designed tables (DESIGN §6): how each type is validated, stored and shown.

A design's field (`functions.services.designs.FieldDoc`) names a `type`; `TYPES` says for each type
the Python annotation of its value in a request (pydantic, with the bounds and checks of
`functions.core.validators`), how the value is stored (`store`) and how it is answered (`show`).
`request_model(design)` builds the request model of one design version with pydantic's
`create_model` (cached per name and version), so the API validates a designed table's rows as it
validates every other body, and the browser runs the same rules from the same design
(`webapp/src/components/schema-table/`, rule names shared with `src/lib/validators.ts`).

Types: string, textarea, richtext (`richtext.clean`), integer, float, money (stored as integer cents,
answered in yuan "12.30"), switch, radio, checkbox, select, selects, remoteselect, remoteselects (ids of
rows of another design), date (YYYY-MM-DD), datetime (Unix seconds), time (HH:MM or HH:MM:SS), year,
image, images, file, files (URLs of uploads), city (area codes, top down), icon, color, array
(key-value pairs), weigh (drag sort), status (enable/disable), password (kept as an Argon2id hash,
`functions.core.security.hash_password`; answered only as whether one is set, never the hash; empty on
an edit keeps it), token (a non-guessable id the server gives a row when it is added: a random UUID,
unique, never taken from a request).
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, create_model
from pydantic_core import PydanticCustomError

from functions.core.i18n import get_lang
from functions.core.security import hash_password
from functions.core.validators import INT_MAX, MULTILINE, Schema, check_password, check_text, check_url
from functions.services import presets, richtext

DATE_RE = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])")
TIME_RE = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?")
COLOR_RE = re.compile(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?")
# An icon name: antd's (`HomeOutlined`) or one of the back office's icon style sheets (`fa fa-home`,
# `bi bi-house`, `local-leaf`; webapp features/admin/shell/icon-sheets).
# At most ICON_MAX characters.
ICON_PATTERN = r"(?:[A-Za-z][A-Za-z0-9]*|(?:fa fa-|bi bi-|local-)[a-z0-9]+(?:-[a-z0-9]+)*)"
ICON_MAX = 64
ICON_RE = re.compile(ICON_PATTERN)
AREA_RE = re.compile(r"[0-9]{2,12}")
MAX_ITEMS = 50  # list values (images, files, multi-selects, key-value pairs)
MONEY_MAX_CENTS = 100_000_000 * 100
RICHTEXT_MAX = 60_000
NOT_AN_OPTION = "The value is not one of the allowed options"
BAD_FORMAT = "The value does not have the required format"


def _fail(key: str) -> Any:
    raise ValueError(key)


def _pattern(regex: re.Pattern[str], key: str) -> AfterValidator:
    return AfterValidator(lambda v: v if v == "" or regex.fullmatch(v) else _fail(key))


def _url(value: str) -> str:
    problem = check_url(value)
    if problem is not None:
        _fail(problem)
    # An upload (/storage/…), a picture of the site (/images/…) or an http(s) address.
    if value and not (re.match(r"/(?!/)", value) or re.match(r"https?://", value)) or ".." in value:
        _fail("Please enter the correct URL")
    return value


def _sanitise(value: str) -> str:
    problem = check_text(value)
    if problem is not None:
        _fail(problem)
    return richtext.clean(value)


def _yuan_to_cents(value: Any) -> int:
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        return int(_fail("Floating point number"))
    if not amount.is_finite():
        _fail("Floating point number")
    cents = int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
    return cents if abs(cents) <= MONEY_MAX_CENTS else int(_fail("The value is out of range"))


def _password(value: str) -> str:
    """A new password as typed ("" on an edit: keep the one set), by the product's password rule."""
    problem = check_password(value) if value != "" else None
    return value if problem is None else str(_fail(problem))


def new_token() -> str:
    """A token field's value: a random UUID (122 random bits from the OS), never guessed from another."""
    return str(uuid.uuid4())


def _switch(value: Any) -> Any:
    if value in (1, "1", "true", True):
        return True
    if value in (0, "0", "false", False, "", None):
        return False
    return value  # refused by the bool type


def _comma_list(value: Any) -> Any:
    if isinstance(value, str):
        return [v for v in value.split(",") if v != ""]
    return value


@dataclass(frozen=True)
class FieldType:
    """`annotation(field)` → the request type of a value; `store` → its stored form; `show` → answered."""

    annotation: Callable[[dict[str, Any]], Any]
    default: Any = ""
    store: Callable[[Any], Any] = lambda value: value
    show: Callable[[Any], Any] = lambda value: value
    multiline: bool = False
    numeric: bool = False  # can be a design's sort index (`n1`)
    options: bool = False  # needs `options`


def _options(field: dict[str, Any]) -> list[str]:
    return [str(option["value"]) for option in field.get("options") or []]


def _one_of(field: dict[str, Any]) -> Any:
    allowed = set(_options(field))
    return Annotated[str, AfterValidator(lambda v: v if v == "" or v in allowed else _fail(NOT_AN_OPTION))]


def _many_of(field: dict[str, Any]) -> Any:
    allowed = set(_options(field))

    def check(values: list[str]) -> list[str]:
        if any(v not in allowed for v in values):
            _fail(NOT_AN_OPTION)
        return list(dict.fromkeys(values))

    bounded = Field(max_length=MAX_ITEMS)
    return Annotated[list[str], BeforeValidator(_comma_list), bounded, AfterValidator(check)]


def _preset(name: str, message: dict[str, str]) -> AfterValidator:
    """The preset `name` (`functions.services.presets`); a failure says the designer's `message` in the
    request's language (the other one when that is empty), else the preset's own."""

    def check(value: str) -> str:
        if presets.passes(name, value):
            return value
        first, second = ("en", "zh") if get_lang() == "en" else ("zh", "en")
        text = message.get(first) or message.get(second)
        if text:
            raise PydanticCustomError("designed_message", "{message}", {"message": text})
        return str(_fail(presets.MESSAGES[name]))

    return AfterValidator(check)


def _presets(field: dict[str, Any]) -> list[Any]:
    return [_preset(p["name"], p.get("message") or {}) for p in field.get("presets") or []]


def _string(field: dict[str, Any]) -> Any:
    low, high = field.get("min"), field.get("max") or 255
    parts: list[Any] = [Field(min_length=int(low or 0), max_length=int(high))]
    if field.get("pattern"):
        regex = re.compile(str(field["pattern"]))
        parts.append(_pattern(regex, BAD_FORMAT))
    return Annotated[str, *parts, *_presets(field)]


def _number(kind: type, low: float = -INT_MAX, high: float = INT_MAX) -> Callable[[dict[str, Any]], Any]:
    """A number between the design's `min`/`max`, within the type's own range [low, high]."""

    def build(field: dict[str, Any]) -> Any:
        floor = max(low, field["min"]) if field.get("min") is not None else low
        ceiling = min(high, field["max"]) if field.get("max") is not None else high
        return Annotated[kind, Field(ge=floor, le=ceiling)]

    return build


def _money(field: dict[str, Any]) -> Any:
    """Yuan as typed ("12.5") → integer cents, within the design's `min`/`max` (in yuan)."""
    floor = round(field["min"] * 100) if field.get("min") is not None else -MONEY_MAX_CENTS
    ceiling = round(field["max"] * 100) if field.get("max") is not None else MONEY_MAX_CENTS
    return Annotated[int, BeforeValidator(_yuan_to_cents), Field(ge=floor, le=ceiling)]


def _ids(field: dict[str, Any]) -> Any:
    return Annotated[list[int], BeforeValidator(_comma_list), Field(max_length=MAX_ITEMS)]


URL = Annotated[str, Field(max_length=500), AfterValidator(_url)]


def _urls(field: dict[str, Any]) -> Any:
    return Annotated[list[URL], Field(max_length=MAX_ITEMS)]


class Pair(Schema):
    key: str = Field("", max_length=100)
    value: str = Field("", max_length=500)


TYPES: dict[str, FieldType] = {
    "string": FieldType(_string),
    "textarea": FieldType(
        lambda f: Annotated[
            str,
            MULTILINE,
            Field(min_length=int(f.get("min") or 0), max_length=int(f.get("max") or 5000)),
            *_presets(f),
        ],
        multiline=True,
    ),
    "richtext": FieldType(
        lambda f: Annotated[
            str,
            MULTILINE,
            Field(max_length=min(RICHTEXT_MAX, int(f.get("max") or RICHTEXT_MAX))),
            AfterValidator(_sanitise),
        ],
        multiline=True,
    ),
    "integer": FieldType(_number(int), default=0, numeric=True),
    "float": FieldType(_number(float), default=0, numeric=True),
    "money": FieldType(
        _money,
        default=0,
        show=lambda cents: f"{Decimal(int(cents or 0)) / 100:.2f}",
        numeric=True,
    ),
    "switch": FieldType(lambda f: Annotated[bool, BeforeValidator(_switch)], default=False),
    "radio": FieldType(_one_of, options=True),
    "select": FieldType(_one_of, options=True),
    "checkbox": FieldType(_many_of, default=[], options=True),
    "selects": FieldType(_many_of, default=[], options=True),
    "remoteselect": FieldType(lambda f: Annotated[int, Field(ge=0, le=INT_MAX)], default=0),
    "remoteselects": FieldType(_ids, default=[]),
    "date": FieldType(lambda f: Annotated[str, _pattern(DATE_RE, "Please enter a date like 2026-01-31")]),
    "datetime": FieldType(_number(int, 0, 253402300799), default=0, numeric=True),
    "time": FieldType(lambda f: Annotated[str, _pattern(TIME_RE, "Please enter a time like 09:30")]),
    "year": FieldType(_number(int, 0, 9999), default=0, numeric=True),
    "image": FieldType(lambda f: URL),
    "images": FieldType(_urls, default=[]),
    "file": FieldType(lambda f: URL),
    "files": FieldType(_urls, default=[]),
    "city": FieldType(
        lambda f: Annotated[
            list[Annotated[str, _pattern(AREA_RE, NOT_AN_OPTION)]],
            BeforeValidator(_comma_list),
            Field(max_length=3),
        ],
        default=[],
    ),
    "icon": FieldType(lambda f: Annotated[str, Field(max_length=ICON_MAX), _pattern(ICON_RE, BAD_FORMAT)]),
    "color": FieldType(lambda f: Annotated[str, _pattern(COLOR_RE, "Please enter a colour like #1a7f37")]),
    "array": FieldType(lambda f: Annotated[list[Pair], Field(max_length=MAX_ITEMS)], default=[]),
    "weigh": FieldType(_number(int), default=0, numeric=True),
    "status": FieldType(lambda f: Literal["enable", "disable"], default="enable"),
    # The request's value is a new password (hashed when stored); the answer only says whether one is set.
    "password": FieldType(
        lambda f: Annotated[str, Field(max_length=100), AfterValidator(_password)],
        store=lambda value: hash_password(value) if value else "",
        show=lambda value: bool(value),
    ),
    # Given by the server (`records`): whatever a request sends is not read.
    "token": FieldType(lambda f: Annotated[Any, BeforeValidator(lambda value: "")]),
}
# Types whose value a request never sets as sent: a password is kept hashed (and kept as it was when
# an edit leaves it empty), a token is given by the server.
SECRET_TYPES = frozenset({"password"})
SERVER_TYPES = frozenset({"token"})


def stored_default(field: dict[str, Any]) -> Any:
    kind, default = TYPES[field["type"]], field.get("default")
    if default is None or (default == "" and not isinstance(kind.default, str)):
        return kind.default
    return default


def _required(value: Any) -> Any:
    if value is None or value == "" or value == []:
        _fail("Required")
    return value


@functools.lru_cache(maxsize=256)
def _model(name: str, version: int, fields_json: str, editing: bool) -> type[Schema]:
    definitions: dict[str, Any] = {}
    for field in json.loads(fields_json):
        annotation = TYPES[field["type"]].annotation(field)
        # A token is the server's; an edit that leaves a password empty keeps the one set.
        if field["type"] in SERVER_TYPES or (editing and field["type"] in SECRET_TYPES):
            field = {**field, "required": False}
        if field.get("required"):
            annotation = Annotated[annotation, AfterValidator(_required)]
        default = stored_default(field)
        if field.get("required"):
            definitions[field["name"]] = (annotation, ...)  # missing → "Required"
        elif isinstance(default, list):
            definitions[field["name"]] = (annotation, Field(default_factory=list))
        else:
            definitions[field["name"]] = (annotation, default)
    kind = "Edit" if editing else "Rows"
    model_name = f"{kind}_{re.sub(r'[^A-Za-z0-9]', '_', name)}_v{version}"
    return create_model(model_name, __base__=Schema, **definitions)


def request_model(
    name: str, version: int, fields: list[dict[str, Any]], editing: bool = False
) -> type[Schema]:
    """The pydantic model validating a row of this design version (built once per version); `editing`:
    of an edit, where a required password may be left empty (kept)."""
    return _model(name, version, json.dumps(fields, sort_keys=True, ensure_ascii=False), editing)


def store(field: dict[str, Any], value: Any) -> Any:
    """A validated value as it is kept in the row's JSON."""
    if field["type"] == "array":
        return [pair.model_dump() if hasattr(pair, "model_dump") else pair for pair in value]
    return TYPES[field["type"]].store(value)


def show(field: dict[str, Any], value: Any) -> Any:
    """A stored value as answered (money in yuan)."""
    if value is None:
        value = stored_default(field)
    return TYPES[field["type"]].show(value)
