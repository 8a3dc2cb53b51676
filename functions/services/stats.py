"""Per-day counters for the dashboard, kept up to date on write (never computed by scanning).

A counter is a `Counter` item named `day#<metric>#<YYYYMMDD>`; `bump(metric)` adds 1 atomically and
`series(metric, days)` reads the last `days` days with one BatchGet. Days are calendar days in China
Standard Time (UTC+8), the company's time zone. Metrics: `admin_action` (admin write requests, bumped
with the admin log), `admin_login` and `member_login` (successful logins, bumped by
`services.admin_auth` and `services.members`; a registration logs the new member in, so it counts).
A counter exists from the first event on: days before a metric was introduced read 0.

What is not a counter is counted from the rows of its window: `daily_counts` groups rows read newest
first (ids grow with time) by day and stops at the first row older than the window, so a window of
30 days reads only that window's rows, and never more than the caller's bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from functions.core.clock import COMPANY_TZ
from functions.models.counter import Counter, value_of

T = TypeVar("T")
ADMIN_ACTION = "admin_action"
ADMIN_LOGIN = "admin_login"
MEMBER_LOGIN = "member_login"


def day_key(metric: str, day: datetime) -> str:
    return f"day#{metric}#{day.astimezone(COMPANY_TZ):%Y%m%d}"


def today(at: datetime | None = None) -> datetime:
    return (at or datetime.now(UTC)).astimezone(COMPANY_TZ)


def bump(metric: str, amount: int = 1, at: datetime | None = None) -> None:
    """Add `amount` to today's counter of `metric`."""
    Counter(day_key(metric, today(at))).update(actions=[Counter.value.add(amount)])


def series(metric: str, days: int, at: datetime | None = None) -> list[dict[str, object]]:
    """`[{"date": "2026-05-01", "value": n}, …]` for the last `days` days, oldest first."""
    dates = window_dates(days, at)
    keys = [day_key(metric, d) for d in dates]
    found = {item.name: int(item.value or 0) for item in Counter.batch_get(keys)}
    return [{"date": f"{d:%Y-%m-%d}", "value": found.get(k, 0)} for d, k in zip(dates, keys, strict=True)]


def count_today(metric: str, at: datetime | None = None) -> int:
    return value_of(day_key(metric, today(at))) or 0


def window_dates(days: int, at: datetime | None = None) -> list[datetime]:
    """The starts (00:00 COMPANY_TZ) of the last `days` days, oldest first."""
    end = today(at).replace(hour=0, minute=0, second=0, microsecond=0)
    return [end - timedelta(days=offset) for offset in range(days - 1, -1, -1)]


def daily_counts(
    rows: Iterable[T], time_of: Callable[[T], int], days: int, limit: int, at: datetime | None = None
) -> tuple[list[dict[str, Any]], bool]:
    """Rows per day over the last `days` days, like `series`, and whether the count is complete:
    `rows` come newest first and are read until the first one older than the window, or until
    `limit` rows were counted (then the count is complete only if the next row is outside too)."""
    dates = window_dates(days, at)
    since = int(dates[0].timestamp())
    counts: dict[str, int] = {}
    complete = True
    for read, row in enumerate(rows):
        stamp = int(time_of(row) or 0)
        if stamp < since:
            break
        if read == limit:
            complete = False
            break
        day = f"{datetime.fromtimestamp(stamp, tz=UTC).astimezone(COMPANY_TZ):%Y-%m-%d}"
        counts[day] = counts.get(day, 0) + 1
    return [{"date": f"{d:%Y-%m-%d}", "value": counts.get(f"{d:%Y-%m-%d}", 0)} for d in dates], complete
