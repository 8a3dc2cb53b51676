"""Validation presets of designed tables' text fields (issue 36 item 3, as BuildAdmin's): chosen per
field in the generator, each with an optional message of the designer in both languages.

The browser runs the same checks (`webapp/src/lib/presets.ts`); both are tested on one list of cases
(`webapp/src/lib/__tests__/preset-cases.json`), so a value passes in the form exactly when it passes
here. An empty value passes every preset (`required` is the field's own setting).

- mobile: a mainland-China mobile number (11 digits, 13–19…); email; url: an http(s) address;
- idcard: an 18-character resident identity number (GB 11643: a real birth date, the check digit);
- postcode: 6 digits; integer: digits with an optional minus; number: a decimal number;
- letters: A–Z, a–z; alnum: letters and digits; chinese: CJK ideographs (U+4E00–U+9FFF);
- date: YYYY-MM-DD of a real day.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

PATTERNS: dict[str, re.Pattern[str]] = {
    "mobile": re.compile(r"1[3-9][0-9]{9}"),
    "email": re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+"),
    "url": re.compile(r"https?://[^\s/?#]+[^\s]*"),
    "postcode": re.compile(r"[0-9]{6}"),
    "integer": re.compile(r"-?[0-9]+"),
    "number": re.compile(r"-?[0-9]+(\.[0-9]+)?"),
    "letters": re.compile(r"[A-Za-z]+"),
    "alnum": re.compile(r"[A-Za-z0-9]+"),
    "chinese": re.compile(r"[\u4e00-\u9fff]+"),
}
ID_CARD = re.compile(r"[1-9][0-9]{16}[0-9X]")
ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
ID_CHECK = "10X98765432"
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def _day(year: str, month: str, day: str) -> bool:
    try:
        datetime.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


def _id_card(value: str) -> bool:
    if not ID_CARD.fullmatch(value) or not _day(value[6:10], value[10:12], value[12:14]):
        return False
    total = sum(int(digit) * weight for digit, weight in zip(value[:17], ID_WEIGHTS, strict=True))
    return ID_CHECK[total % 11] == value[17]


def _date(value: str) -> bool:
    found = DATE.fullmatch(value)
    return found is not None and _day(*found.groups())


def _matches(regex: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda value: regex.fullmatch(value) is not None


CHECKS: dict[str, Callable[[str], bool]] = {
    **{name: _matches(regex) for name, regex in PATTERNS.items()},
    "idcard": _id_card,
    "date": _date,
}
NAMES = (
    *("mobile", "email", "url", "idcard", "postcode", "integer", "number"),
    *("letters", "alnum", "chinese", "date"),
)
# The message of a failed preset when the designer gave none (core/messages: common.toml, admin.toml).
MESSAGES = {
    "mobile": "Please enter the correct mobile number",
    "email": "Please enter the correct email address",
    "url": "Please enter the correct URL",
    "idcard": "Please enter a correct ID card number",
    "postcode": "Please enter a 6-digit postcode",
    "integer": "Please enter a whole number",
    "number": "Please enter a number",
    "letters": "Please enter letters only",
    "alnum": "Please enter letters and digits only",
    "chinese": "Please enter Chinese characters only",
    "date": "Please enter a date like 2026-01-31",
}
assert set(NAMES) == set(CHECKS) == set(MESSAGES)


def passes(name: str, value: str) -> bool:
    """Whether `value` passes the preset `name` (an empty value passes)."""
    return value == "" or CHECKS[name](value)
