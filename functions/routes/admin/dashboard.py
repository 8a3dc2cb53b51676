"""`GET /admin/dashboard/index?days=7|30` (permission `dashboard`): the back office's home figures.

KPI counts, a 7- or 30-day trend (member sign-ups, enquiries, member and admin logins, back-office
actions), attachment storage by kind of file, the newest admin-log rows and members, and the quick
entrances the admin may open. What each part reads, and why none reads a whole table, is
described in `functions.services.dashboard`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.routes.admin.deps import AdminContext, require
from functions.services.dashboard import dashboard as build_dashboard

router = APIRouter(prefix="/dashboard", tags=["admin"])


class DashboardCounts(Model):
    members: int
    admins: int
    today_signups: int
    # None when the enquiries table (business/contact) or its status index is not there.
    enquiries_pending: int | None
    # True when there are more waiting enquiries than were counted (PENDING_CAP).
    enquiries_more: bool
    attachments: int
    storage_bytes: int


class DashboardSeries(Model):
    # signups | enquiries | member_logins | admin_logins | admin_actions
    name: str
    values: list[int]
    # False when the read bound stopped the count before the start of the window.
    complete: bool


class DashboardTrend(Model):
    dates: list[str]
    series: list[DashboardSeries]


class DashboardStorageKind(Model):
    # image | video | audio | document | archive | other
    kind: str
    bytes: int
    files: int


class DashboardStorage(Model):
    bytes: int
    files: int
    kinds: list[DashboardStorageKind]


class DashboardActivity(Model):
    id: int
    admin_id: int
    username: str
    title: str
    method: str
    url: str
    create_time: int


class DashboardMember(Model):
    id: int
    username: str
    nickname: str
    avatar: str
    join_time: int


class QuickEntrance(Model):
    title: str
    path: str
    icon: str


class Dashboard(Model):
    counts: DashboardCounts
    trend: DashboardTrend
    storage: DashboardStorage
    recent: list[DashboardActivity]
    # None when the admin may not list members.
    members: list[DashboardMember] | None
    entrances: list[QuickEntrance]


@router.get("/index", name="dashboard_index", response_model=Envelope[Dashboard])
def dashboard(
    ctx: Annotated[AdminContext, require("dashboard")],
    days: Annotated[int, Query(ge=7, le=30)] = 7,
) -> dict[str, Any]:
    """DashboardCounts, trends, storage, recent activity and quick entrances."""
    return success(build_dashboard(ctx, days))
