"""Per-day counters for the dashboard, kept up to date on write (never computed by scanning).

A counter is a `Counter` item named `day#<metric>#<YYYYMMDD>`; `bump(metric)` adds 1 atomically and
`series(metric, days)` reads the last `days` days with one BatchGet. Days are calendar days in China
Standard Time (UTC+8), the company's time zone. Metrics: `signup` (member registrations, bumped by
the member service), `admin_action` (admin write requests, bumped with the admin log).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from functions.models.counter import Counter

CST = timezone(timedelta(hours=8), "CST")
SIGNUP = "signup"
ADMIN_ACTION = "admin_action"


def day_key(metric: str, day: datetime) -> str:
    return f"day#{metric}#{day.astimezone(CST):%Y%m%d}"


def today(at: datetime | None = None) -> datetime:
    return (at or datetime.now(UTC)).astimezone(CST)


def bump(metric: str, amount: int = 1, at: datetime | None = None) -> None:
    """Add `amount` to today's counter of `metric`."""
    Counter(day_key(metric, today(at))).update(actions=[Counter.value.add(amount)])


def series(metric: str, days: int, at: datetime | None = None) -> list[dict[str, object]]:
    """`[{"date": "2026-05-01", "value": n}, …]` for the last `days` days, oldest first."""
    end = today(at)
    dates = [end - timedelta(days=offset) for offset in range(days - 1, -1, -1)]
    keys = [day_key(metric, d) for d in dates]
    found = {item.name: int(item.value or 0) for item in Counter.batch_get(keys)}
    return [{"date": f"{d:%Y-%m-%d}", "value": found.get(k, 0)} for d, k in zip(dates, keys, strict=True)]


def count_today(metric: str, at: datetime | None = None) -> int:
    try:
        return int(Counter.get(day_key(metric, today(at))).value or 0)
    except Counter.DoesNotExist:
        return 0
