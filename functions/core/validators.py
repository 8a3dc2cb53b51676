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
  letters, digits or underscores.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated

from pydantic import AfterValidator

ACCOUNT_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,14}")
MOBILE_RE = re.compile(r"1[3-9][0-9]{9}")
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
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
    from email_validator import EmailNotValidError, validate_email

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


def pydantic_check(check: Callable[[str], str | None]) -> AfterValidator:
    """Wrap a `check_*` function for use in `Annotated[str, ...]` request fields."""

    def validate(value: str) -> str:
        key = check(value)
        if key is not None:
            raise ValueError(key)
        return value

    return AfterValidator(validate)


Account = Annotated[str, pydantic_check(check_account)]
Password = Annotated[str, pydantic_check(check_password)]
Mobile = Annotated[str, pydantic_check(check_mobile)]
Email = Annotated[str, pydantic_check(check_email)]
Name = Annotated[str, pydantic_check(check_name)]
Required = Annotated[str, pydantic_check(check_required)]
