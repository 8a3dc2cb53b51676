"""`GET /admin/dashboard/index` (permission `dashboard`): the back office's home figures.

- counts: members, admins, today's sign-ups, attachments (the tables' row counters, one read each,
  `functions.models.listing.total_rows`; today's sign-ups from the newest members, see below);
- series for the last `days` (7 or 30) days: sign-ups per day and admin actions per day.

Admin actions per day are per-day counters bumped with each admin log row (`services.stats`).
Sign-ups per day are read from the newest members first (a Query on `part-id-index`, newest id
first) until the first member older than the window: ids grow with time, so only the window's
members are read (at most `MAX_READ`), whoever created them (registration or the back office).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import Query

from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.models.admin import Admin
from functions.models.attachment import Attachment
from functions.models.listing import PART, total_rows
from functions.models.user import User
from functions.routes.admin.deps import AdminContext, require
from functions.services import stats
from functions.services.listing import MAX_READ

router = APIRouter(prefix="/dashboard", tags=["admin"])


class Counts(Model):
    members: int
    admins: int
    today_signups: int
    attachments: int | None


class DayValue(Model):
    date: str
    value: int


class Dashboard(Model):
    counts: Counts
    signups: list[DayValue]
    admin_actions: list[dict[str, Any]]


def signup_series(days: int) -> list[dict[str, Any]]:
    end = stats.today()
    start_day = (end - timedelta(days=days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    since = int(start_day.timestamp())
    counts: dict[str, int] = {}
    # Newest first, stopping at the first member older than the range; bounded like every list read.
    for user in User.by_part.query(PART, scan_index_forward=False, limit=MAX_READ):
        joined = int(user.join_time or user.create_time or 0)
        if joined < since:
            break
        day = datetime.fromtimestamp(joined, tz=UTC).astimezone(stats.CST)
        counts[f"{day:%Y-%m-%d}"] = counts.get(f"{day:%Y-%m-%d}", 0) + 1
    dates = [start_day + timedelta(days=offset) for offset in range(days)]
    return [{"date": f"{d:%Y-%m-%d}", "value": counts.get(f"{d:%Y-%m-%d}", 0)} for d in dates]


@router.get("/index", name="dashboard_index", response_model=Envelope[Dashboard])
def dashboard(
    ctx: Annotated[AdminContext, require("dashboard")],
    days: Annotated[int, Query(ge=7, le=30)] = 7,
) -> dict[str, Any]:
    """Counts and per-day series."""
    signups = signup_series(days)
    return success(
        {
            "counts": {
                # Row counters kept with every add and delete: one read each, whatever the size.
                "members": total_rows(User),
                "admins": total_rows(Admin),
                "today_signups": signups[-1]["value"],
                "attachments": total_rows(Attachment),
            },
            "signups": signups,
            "admin_actions": stats.series(stats.ADMIN_ACTION, days),
        }
    )
