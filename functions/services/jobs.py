"""Background jobs with a log, in DynamoDB (interface 1 of the publish/terminal work).

A job is created `queued`, moves to `building`, and ends `done` or `failed`; its log is a list of
lines keyed (job id, seq) with seq 1, 2, 3…, appended and never rewritten, read back with a bounded
Query (`read_lines(job_id, after_seq)`: the terminal's SSE endpoint replays from `Last-Event-ID`).
An exclusive kind (e.g. "publish") takes the lock of its kind before it runs (`acquire_lock`), a
conditional write, so two such jobs never run at once; a lock left by a crashed run expires.

    job = create_job("publish", by=admin_id, params={"reason": "news saved"})
    if acquire_lock("publish", job.id):
        try:
            set_status(job.id, "building")
            append_lines(job.id, ["exporting records"])
            set_status(job.id, "done", summary={"changed": [...]})
        finally:
            release_lock("publish", job.id)
"""

from __future__ import annotations

import json
import secrets
import time
from datetime import timedelta
from typing import Any, Literal

from pynamodb.exceptions import DeleteError, PutError, UpdateError

from functions.models.base import now
from functions.models.job import JOB_TTL_SECONDS, Job, JobLine, JobLock

JobStatus = Literal["queued", "building", "done", "failed"]
STATUSES: tuple[str, ...] = ("queued", "building", "done", "failed")
FINISHED: tuple[str, ...] = ("done", "failed")
MAX_LINE_CHARS = 4000
MAX_READ = 1000
MAX_LATEST = 100
DEFAULT_LOCK_SECONDS = 15 * 60


def new_job_id() -> str:
    """A time-sortable id: 13-digit Unix milliseconds and 6 random hex digits."""
    return f"{int(time.time() * 1000):013d}{secrets.token_hex(3)}"


def create_job(kind: str, *, by: int | None, params: dict[str, Any] | None = None) -> Job:
    """A new job of `kind`, status "queued"."""
    if not kind or len(kind) > 64:
        raise ValueError("job kind must be 1-64 characters")
    job = Job(
        new_job_id(),
        kind=kind,
        status="queued",
        by=by,
        params=json.dumps(params or {}, ensure_ascii=False, sort_keys=True),
        editors={int(by)} if by else None,
        expires_at=timedelta(seconds=JOB_TTL_SECONDS),
    )
    job.save(condition=Job.id.does_not_exist())
    return job


def get_job(job_id: str) -> Job | None:
    try:
        return Job.get(job_id, consistent_read=True)
    except Job.DoesNotExist:
        return None


def set_status(job_id: str, status: JobStatus, *, summary: dict[str, Any] | None = None) -> None:
    """Move job `job_id` to `status` (and store `summary` when given). Raises `KeyError` for an
    unknown job and `ValueError` for an unknown status."""
    if status not in STATUSES:
        raise ValueError(f"unknown job status {status!r}")
    stamp = now()
    actions: list[Any] = [Job.status.set(status), Job.update_time.set(stamp)]
    if summary is not None:
        actions.append(Job.summary.set(json.dumps(summary, ensure_ascii=False, sort_keys=True)))
    if status == "building":
        actions.append(Job.start_time.set(stamp))
    if status in FINISHED:
        actions.append(Job.end_time.set(stamp))
    try:
        Job(job_id).update(actions=actions, condition=Job.id.exists())
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise KeyError(job_id) from exc
        raise


def add_editor(job_id: str, admin_id: int) -> None:
    """Count admin `admin_id` among the editors of job `job_id` (whose changes it carries): an atomic
    ADD to a set, so saves joining the job at the same time are all counted."""
    Job(job_id).update(actions=[Job.editors.add({int(admin_id)})], condition=Job.id.exists())


def mark_seen(job_id: str, admin_id: int) -> None:
    """Admin `admin_id` has looked at the log of job `job_id`."""
    Job(job_id).update(actions=[Job.seen.add({int(admin_id)})], condition=Job.id.exists())


def append_lines(job_id: str, lines: list[str]) -> int:
    """Append `lines` to the log of `job_id`; returns the sequence number of the last line (the
    current last one when `lines` is empty). Sequence numbers come from an atomic counter on the
    job, so concurrent writers never share one; a line is written once and never rewritten."""
    if not lines:
        job = get_job(job_id)
        if job is None:
            raise KeyError(job_id)
        return int(job.last_seq or 0)
    holder = Job(job_id)
    try:
        holder.update(
            actions=[Job.last_seq.add(len(lines)), Job.update_time.set(now())],
            condition=Job.id.exists(),
        )
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise KeyError(job_id) from exc
        raise
    last = int(holder.last_seq)
    first = last - len(lines) + 1
    expires = timedelta(seconds=JOB_TTL_SECONDS)
    with JobLine.batch_write() as batch:
        for offset, text in enumerate(lines):
            batch.save(JobLine(job_id, first + offset, text=str(text)[:MAX_LINE_CHARS], expires_at=expires))
    return last


def read_lines(job_id: str, after_seq: int, limit: int = 500) -> list[tuple[int, str]]:
    """The log lines of `job_id` with seq > `after_seq`, oldest first, at most `limit` (≤ 1000)."""
    limit = max(1, min(int(limit), MAX_READ))
    rows = JobLine.query(
        job_id,
        JobLine.seq > int(after_seq),
        limit=limit,
        consistent_read=True,
        page_size=limit,
    )
    return [(int(row.seq), row.text) for row in rows]


def latest_jobs(kind: str | None, limit: int) -> list[Job]:
    """The newest jobs (of `kind`, or of every kind), newest first, at most `limit` (≤ 100)."""
    limit = max(1, min(int(limit), MAX_LATEST))
    if kind:
        rows = Job.by_kind.query(kind, scan_index_forward=False, limit=limit, page_size=limit)
    else:
        rows = Job.by_part.query("all", scan_index_forward=False, limit=limit, page_size=limit)
    return list(rows)


def acquire_lock(kind: str, job_id: str, *, seconds: int = DEFAULT_LOCK_SECONDS) -> bool:
    """Take the lock of exclusive kind `kind` for `job_id` (for `seconds`); False when another job
    holds it. Taking it again for the same job extends it."""
    stamp = now()
    lock = JobLock(kind, job_id=job_id, until=stamp + seconds)
    try:
        lock.save(
            condition=JobLock.name.does_not_exist() | (JobLock.until < stamp) | (JobLock.job_id == job_id)
        )
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def release_lock(kind: str, job_id: str) -> bool:
    """Give the lock of `kind` back; only its holder can (False otherwise)."""
    try:
        JobLock(kind).delete(condition=JobLock.job_id == job_id)
    except DeleteError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def lock_holder(kind: str) -> str | None:
    """The id of the job holding the lock of `kind` (an expired lock counts as free)."""
    try:
        lock = JobLock.get(kind, consistent_read=True)
    except JobLock.DoesNotExist:
        return None
    return lock.job_id if int(lock.until) >= now() else None
