"""`GET /api/account/overview` (member token) → `{money, score, recent: {money: [...], score: [...]},
chart: {days: [7 × "YYYY-MM-DD"], money: [7 yuan strings], score: [7 ints]}}`: the latest 5 changes
of each kind and the net change per day (China time) over the last 7 days, today last. Amounts are
yuan decimal strings with two decimals ("12.30", "-0.50"); points are integers
(`functions.services.members.overview`)."""

from __future__ import annotations

from typing import Annotated, Any

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.models.user import User
from functions.routes.deps import member_rule
from functions.routes.shapes import LogRow
from functions.services import members

router = APIRouter(prefix="/account", tags=["account"])


class Recent(Model):
    money: list[LogRow]
    score: list[LogRow]


class Chart(Model):
    days: list[str]
    money: list[str]
    score: list[int]


class Overview(Model):
    """Balance in yuan as a string, points as an integer."""

    money: str
    score: int
    recent: Recent
    chart: Chart


@router.get("/overview", name="account_overview", response_model=Envelope[Overview])
def overview(user: Annotated[User, member_rule("account/overview")]) -> dict[str, Any]:
    """Balance, points, recent changes and the 7-day chart."""
    return success(members.overview(user))
