"""Publishing the public site (routine/publish, DESIGN §7):

- `GET  /admin/routine/publish/index` (routine/publish/index) → `{current, jobs, alert, scheduled}`: the
  newest publish job (queued / building / done / failed, its summary: changed and removed pages), the
  last ten, `alert`: the newest of those that failed with a change of the caller in it (a save of
  theirs, their Publish button) whose log they have not read yet — the header shows it until they do,
  and `scheduled`: the rows waiting for their publish time as the newest done publish found them
  (table, id, title, time; soonest first).
- `GET  /admin/routine/publish/log?id=…&after=N` (routine/publish/index) → `{job, lines}`: the job
  and its log lines after sequence number N (at most 500; poll with the last seq you have). Reading
  the log of a failed job of theirs is what "looked at it" means: its `alert` ends for the caller
  (kept on the job, server-side, so it ends on every device of theirs and for them only).
- `POST /admin/routine/publish/publish` (routine/publish/publish) → `{job}`: start a publish now
  (joins a publish that is still queued; runs after the one building, never beside it).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel

from functions.core.responses import ApiError, Envelope, Shape, success
from functions.core.routing import APIRouter
from functions.routes.admin.deps import AdminContext, require
from functions.services import jobs
from functions.services.publish_jobs import KIND, alert_for, mark_looked, request_publish, scheduled

router = APIRouter(prefix="/routine/publish", tags=["admin"])
HISTORY = 10


class PublishJob(Shape):
    id: str
    kind: str
    status: str
    by: int | None = None
    params: dict[str, Any]
    summary: dict[str, Any]
    last_seq: int
    create_time: int
    update_time: int
    start_time: int
    end_time: int


class PublishLine(BaseModel):
    seq: int
    text: str


class ScheduledRow(BaseModel):
    """An enabled row whose publish time is still to come: on the site from `at` (epoch seconds)."""

    table: str
    id: int
    title: dict[str, str]
    at: int


class PublishIndexData(BaseModel):
    current: PublishJob | None
    jobs: list[PublishJob]
    alert: PublishJob | None = None
    scheduled: list[ScheduledRow] = []


class PublishLogData(BaseModel):
    job: PublishJob
    lines: list[PublishLine]


class PublishStartData(BaseModel):
    job: PublishJob


@router.get("/index", name="routine_publish_index", response_model=Envelope[PublishIndexData])
def publish_index(ctx: Annotated[AdminContext, require("routine/publish/index")]) -> dict[str, Any]:
    """The newest publish job, the last few, and the caller's failed publish not yet looked at."""
    recent = jobs.latest_jobs(KIND, HISTORY)
    latest = [job.as_dict() for job in recent]
    alert = alert_for(ctx.id, recent)
    return success(
        {
            "current": latest[0] if latest else None,
            "jobs": latest,
            "alert": alert.as_dict() if alert else None,
            "scheduled": scheduled(recent),
        }
    )


@router.get("/log", name="routine_publish_log", response_model=Envelope[PublishLogData])
def publish_log(
    ctx: Annotated[AdminContext, require("routine/publish/index")],
    id: Annotated[str, Query(min_length=1, max_length=40, pattern=r"^[0-9a-f]+$")],
    after: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    """One publish job and its log lines after `after`."""
    job = jobs.get_job(id)
    if job is None or job.kind != KIND:
        raise ApiError("The record does not exist")
    lines = [{"seq": seq, "text": text} for seq, text in jobs.read_lines(id, after)]
    mark_looked(job, ctx.id, [str(line["text"]) for line in lines])
    return success({"job": job.as_dict(), "lines": lines})


@router.post("/publish", name="routine_publish_publish", response_model=Envelope[PublishStartData])
def publish_now(ctx: Annotated[AdminContext, require("routine/publish/publish")]) -> dict[str, Any]:
    """Publish the site now."""
    job = request_publish("Publish site", by=int(ctx.admin.id))
    return success({"job": job.as_dict()}, "Operation successful")
