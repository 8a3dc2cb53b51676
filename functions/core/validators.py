"""Reusable input validators (SPEC §5), shared by registration, profile and back-office forms.

Each `check_*` returns None when the value is acceptable, else the message key of
`functions.core.i18n` explaining why (translate it with `t()`). For pydantic request models the
`Annotated` aliases (`Account`, `Password`, `Mobile`, `Email`, `Required`) run the same checks and
raise `ValueError(<message key>)`, which the 400 handler translates and attaches to the field.

Rules:
- account: 3 to 15 characters, starts with an ASCII letter, then letters, digits or underscores;
- password: 6 to 32 characters, none of & < > " ' and no control characters (line breaks, tabs…);
- mobile: mainland China mobile number, 11 digits `1[3-9]xxxxxxxxx`;
- email: syntax checked with email-validator (no DNS lookup);
- name (identifier-like, e.g. a field name in the CRUD generator): letter or underscore first, then
  letters, digits or underscores, at most 64 characters;
- single line (`check_line`; names, titles, usernames, nicknames, file names…): no control characters
  (NUL, CR, LF, tab…), no line/paragraph separators and no bidi embedding/override/isolate characters
  (U+202A–U+202E, U+2066–U+2069), which can make a name display as something else;
- multi-line text (`check_text`; remarks, mottos, tips): line breaks and tabs allowed, other control
  characters (NUL…) not;
- URL (`check_url`): single line, and no `javascript:`, `data:` or `vbscript:` scheme (however it is
  spelt: case, spaces, control characters or entities in front of the colon).

`Schema` is the base of every request body: each `str` anywhere in it (list items, dict keys and
values included) is checked as a single line unless its field is marked `Text`/`MULTILINE`
(multi-line) — fields named like a secret (password, pwd, token, secret, captcha) keep their own
checks and messages, only their length is bounded here —; strings are bounded (`LINE_MAX`,
`TEXT_MAX`, dict keys `KEY_MAX`), integers to ±`INT_MAX` (2^53 − 1, what a browser can hold) and
floats must be finite. A new field therefore gets these checks without asking for them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator, BaseModel, Field, ValidationInfo, field_validator

ACCOUNT_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,14}")
MOBILE_RE = re.compile(r"1[3-9][0-9]{9}")
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
# Control characters (C0, DEL, C1), line/paragraph separators and bidi embeddings/overrides/isolates.
NOT_IN_LINE_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
NOT_IN_TEXT_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Lone surrogates cannot be encoded as UTF-8: they break every answer that includes them.
SURROGATE_RE = re.compile("[\ud800-\udfff]")
UNSAFE_URL_SCHEMES = ("javascript", "data", "vbscript")
SECRET_NAME_RE = re.compile(r"pass|pwd|token|secret|captcha", re.IGNORECASE)
LINE_MAX, TEXT_MAX, KEY_MAX = 2000, 65_536, 200
INT_MAX = 2**53 - 1
FLOAT_RE = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
PASSWORD_FORBIDDEN = frozenset("&<>\"'")
PASSWORD_MIN, PASSWORD_MAX = 6, 32


def check_account(value: str) -> str | None:
    return (
        None if isinstance(value, str) and ACCOUNT_RE.fullmatch(value) else "Please enter the correct account"
    )


def check_password(value: str) -> str | None:
    if (
        not isinstance(value, str)
        or not PASSWORD_MIN <= len(value) <= PASSWORD_MAX
        or any(ch in PASSWORD_FORBIDDEN or ord(ch) < 32 or ord(ch) == 127 for ch in value)
    ):
        return "Please enter the correct password"
    return None


def check_mobile(value: str) -> str | None:
    ok = isinstance(value, str) and MOBILE_RE.fullmatch(value)
    return None if ok else "Please enter the correct mobile number"


def check_email(value: str) -> str | None:
    if not isinstance(value, str) or not value:
        return "Please enter the correct email address"
    try:
        validate_email(value, check_deliverability=False)
    except EmailNotValidError:
        return "Please enter the correct email address"
    return None


def check_name(value: str) -> str | None:
    return None if isinstance(value, str) and NAME_RE.fullmatch(value) else "Please enter the correct name"


def check_required(value: object) -> str | None:
    """Fails for None, empty or whitespace-only strings and empty collections."""
    if value is None:
        return "Required"
    if isinstance(value, str) and not value.strip():
        return "Required"
    if isinstance(value, list | tuple | dict | set) and not value:
        return "Required"
    return None


def check_not_empty(value: str) -> str | None:
    """For free-text content (messages, descriptions)."""
    return None if isinstance(value, str) and value.strip() else "Content cannot be empty"


def check_float(value: str | float | int) -> str | None:
    """A decimal number written in plain notation (e.g. '12', '-3.5', '.5')."""
    if isinstance(value, bool):
        return "Floating point number"
    if isinstance(value, int | float):
        return (
            None if value == value and value not in (float("inf"), float("-inf")) else "Floating point number"
        )
    return None if isinstance(value, str) and FLOAT_RE.fullmatch(value.strip()) else "Floating point number"


def check_line(value: str) -> str | None:
    """One line of display text: no control, separator, bidi control or invalid characters."""
    if not isinstance(value, str) or NOT_IN_LINE_RE.search(value) or SURROGATE_RE.search(value):
        return "Must be one line without control characters"
    return None


def check_text(value: str) -> str | None:
    """Multi-line text: line breaks and tabs allowed, other control characters not."""
    if not isinstance(value, str) or NOT_IN_TEXT_RE.search(value) or SURROGATE_RE.search(value):
        return "Contains characters that are not allowed"
    return None


def url_scheme(value: str) -> str:
    """The scheme a browser would see in `value` ('' for a relative URL), lowercased.

    Browsers drop ASCII whitespace and control characters anywhere in the scheme and accept
    HTML-entity-encoded colons in attributes, so those are removed before looking."""
    cleaned = re.sub(r"[\x00-\x20\x7f]+", "", value)
    cleaned = re.sub(r"&(colon|#0*58|#x0*3a);?", ":", cleaned, flags=re.IGNORECASE)
    scheme, sep, _ = cleaned.partition(":")
    if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.\-]*", scheme):
        return ""
    return scheme.lower()


def check_url(value: str) -> str | None:
    """A link shown or followed by the browser: one line, never a script or data URL."""
    if check_line(value) is not None:
        return "Must be one line without control characters"
    if url_scheme(value) in UNSAFE_URL_SCHEMES:
        return "This link is not allowed"
    return None


def pydantic_check(check: Callable[[str], str | None]) -> AfterValidator:
    """Wrap a `check_*` function for use in `Annotated[str, ...]` request fields."""

    def validate(value: str) -> str:
        key = check(value)
        if key is not None:
            raise ValueError(key)
        return value

    return AfterValidator(validate)


# --- raw JSON (request bodies, the `search` list parameter) ----------------------------------------
MAX_JSON_DEPTH = 32
SURROGATE_OR_NUL_RE = re.compile("[\x00\ud800-\udfff]")


def bad_text(text: str) -> bool:
    if text.isascii():
        return "\x00" in text
    return SURROGATE_OR_NUL_RE.search(text) is not None


def json_problem(value: object, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """The message key of what is wrong with a parsed JSON value (too deep; a lone surrogate or NUL
    in a string or key), else None. Iterative: the value may be nested far beyond Python's stack."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if bad_text(item):
                return "The request contains invalid characters"
        elif isinstance(item, dict | list):
            if depth > max_depth:
                return "The request data is nested too deeply"
            if isinstance(item, dict):
                for key, child in item.items():
                    if bad_text(key):
                        return "The request contains invalid characters"
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)
    return None


def parse_json_checked(text: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> object:
    """`json.loads(text)`, refusing what `json_problem` refuses: raises `ValueError(<message key>)`
    (also for JSON nested beyond what the parser can follow, bytes that are not UTF-8 and numbers
    longer than Python converts); text that is not JSON raises `json.JSONDecodeError`."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError("The request data is nested too deeply") from None
    except UnicodeDecodeError:
        raise ValueError("The request contains invalid characters") from None
    except json.JSONDecodeError:
        raise
    except ValueError:  # e.g. an integer of more than 4300 digits
        raise ValueError("Incorrect parameter!") from None
    problem = json_problem(value, max_depth)
    if problem:
        raise ValueError(problem)
    return value


class _Multiline:
    """Marks a `Schema` field whose strings may span lines (`Annotated[str, MULTILINE]`)."""

    def __repr__(self) -> str:
        return "MULTILINE"


MULTILINE = _Multiline()

Account = Annotated[str, pydantic_check(check_account)]
Password = Annotated[str, pydantic_check(check_password)]
Mobile = Annotated[str, pydantic_check(check_mobile)]
Email = Annotated[str, pydantic_check(check_email)]
Name = Annotated[str, pydantic_check(check_name)]
# Required single-line display text (titles, names, nicknames), at most 100 characters.
Required = Annotated[str, Field(max_length=100), pydantic_check(check_required), pydantic_check(check_line)]
Line = Annotated[str, pydantic_check(check_line)]
Text = Annotated[str, MULTILINE, pydantic_check(check_text)]
Url = Annotated[str, pydantic_check(check_url)]
# An account's optional profile fields, bounded by what their columns hold (admins and members alike).
AvatarUrl = Annotated[Url, Field(max_length=500)]
Motto = Annotated[Text, Field(max_length=255)]
OptionalEmail = Annotated[str, Field(max_length=100)]
OptionalMobile = Annotated[str, Field(max_length=20)]


def _check_value(value: Any, multiline: bool) -> str | None:
    """The message key of the first problem in `value` (any JSON-like value), else None."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            key = check_text(item) if multiline else check_line(item)
            if key is not None:
                return key
            if len(item) > (TEXT_MAX if multiline else LINE_MAX):
                return "The value is too long"
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not -INT_MAX <= item <= INT_MAX:
                return "The value is out of range"
        elif isinstance(item, float):
            if item != item or abs(item) > INT_MAX:
                return "The value is out of range"
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and (not k or len(k) > KEY_MAX or check_line(k) is not None):
                    return "Incorrect parameter!"
                stack.append(v)
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, BaseModel):
            continue  # a nested Schema checked itself
    return None


class Schema(BaseModel):
    """Base of request bodies: bounds and character rules for every field (see the module doc)."""

    @field_validator("*", mode="after")
    @classmethod
    def _check_field(cls, value: Any, info: ValidationInfo) -> Any:
        name = info.field_name or ""
        field = cls.model_fields.get(name)
        multiline = field is not None and MULTILINE in field.metadata
        if not multiline and SECRET_NAME_RE.search(name) and isinstance(value, str):
            # Secrets keep their own rules and messages (check_password…); only the length is bounded.
            key = None if len(value) <= LINE_MAX else "The value is too long"
        else:
            key = _check_value(value, multiline)
        if key is not None:
            raise ValueError(key)
        return value
