"""Publishing the public site: scheduling, one-at-a-time runs and their job log (DESIGN §7).

`schedule_publish(reason)` is what a save of a public record (a designed table with a publish mapping,
Config) calls. It is debounced: while a publish job is still queued, further saves join it (a line in
its log) instead of starting another one; the queued job exports the records only once it runs, so it
includes every save made before it started. A new job runs after `debounce_seconds()`:
- locally (no `CITYOPS_REBUILD_FUNCTION`), in a background thread of this process: Pelican build in a
  sibling folder and an atomic swap of site/ (`functions.publish.pipeline.publish_local`, which the
  local server registers with `use_local_work`);
- on AWS, the API invokes the rebuild function asynchronously (`InvocationType=Event`) with the job id
  (`functions.publish.rebuild.handler`), which waits out the debounce and runs the same job.

`run_publish(job_id, work)` takes the "publish" lock (a conditional write: two publishes never run at
once; a second one waits for the first), moves the job queued → building → done | failed, writes the
log lines and the summary (changed/removed paths). A failure leaves the live site as it was.

Saves publish by themselves in development and where `CITYOPS_REBUILD_FUNCTION` is set (AWS), not
in tests (suites that save records must not build the repository's site) nor elsewhere (the deploy's
bootstrap seeds records); `CITYOPS_PUBLISH_AUTO=0|1` overrides. The "Publish site" action always runs.
"""

from __future__ import annotations

import json
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from functions.core.log import logger
from functions.core.settings import get_settings
from functions.models.job import Job
from functions.services import jobs
from functions.services.design_doc import get_design, load_doc
from functions.services.permissions import acting_admin

KIND = "publish"
LOCK_WAIT_SECONDS = 600.0
# A queued job waits for the lock at most LOCK_WAIT_SECONDS; after that (plus the debounce) it is stale.
STALE_SECONDS = LOCK_WAIT_SECONDS + 60

Work = Callable[[str, Callable[[str], None]], dict[str, Any]]


def debounce_seconds() -> float:
    return max(0.0, get_settings().publish_debounce_seconds)


def auto_enabled() -> bool:
    """Saves publish by themselves in development (`make run`) and where a rebuild function is
    configured (AWS); not in tests, nor in other processes (the deploy's bootstrap seeds records)."""
    settings = get_settings()
    if settings.publish_auto is not None:
        return settings.publish_auto
    return bool(settings.rebuild_function) or settings.env == "development"


def rebuild_function() -> str:
    return get_settings().rebuild_function


def pending_job() -> Job | None:
    """The newest publish job when it is still queued and recent (a save can join it). A queued job
    older than its debounce plus `STALE_SECONDS` never started (the process that queued it stopped,
    or the invoke was lost): it is marked failed, so saves do not keep joining it."""
    latest = jobs.latest_jobs(KIND, 1)
    if not latest or latest[0].status != "queued":
        return None
    job = latest[0]
    if time.time() - int(job.create_time) <= debounce_seconds() + STALE_SECONDS:
        return job
    jobs.append_lines(job.id, ["never started: the process that queued it stopped"])
    jobs.set_status(job.id, "failed", summary={"error": "stale"})
    return None


def schedule_publish(
    reason: str, *, by: int | None = None, source: str = "save", subject: str = ""
) -> Job | None:
    """Debounced publish after a public record or Config changed; None when automatic publishing
    is off. Never raises into the caller's save (a failure to schedule is logged). `source`
    ("record", "config", "startup", …) and `subject` (e.g. `business/news#3`) let the back office
    say why in the reader's language; `reason` is the log's English line."""
    if not auto_enabled():
        return None
    try:
        return request_publish(reason, by=by, delay=debounce_seconds(), source=source, subject=subject)
    except Exception:  # the record is saved; the next save or the Publish button will publish it
        logger.exception("could not schedule a publish", extra={"reason": reason})
        return None


# Back-office tables that are not designs yet feed the public site (their callers pass only the
# changes the site shows: the site group of Config, the organisation chart).
SITE_TABLES = frozenset({"routine/config", "routine/orgChart"})


def feeds_site(table: str, publish: str | None = None) -> bool:
    """Whether rows of the table at this rule path reach the public site: a designed table with a
    publish mapping (`publish`: its design's, when the caller has it at hand) or one of `SITE_TABLES`."""
    if table in SITE_TABLES:
        return True
    if publish is None:
        design = get_design(table)
        publish = load_doc(design).publish if design is not None else ""
    return bool(publish)


def public_data_changed(
    table: str,
    reason: str,
    *,
    source: str,
    subject: str = "",
    publish: str | None = None,
    by: int | None = None,
) -> Job | None:
    """The one place deciding whether a change schedules a publish: every write of data (rows of a
    designed table: add, edit, batch edit, move, delete, restore, rollback; a design saved or deleted;
    site Config; the organisation chart) reports here with its table's rule path, and a table that
    feeds the site (`feeds_site`) schedules the debounced publish."""
    if not auto_enabled() or not feeds_site(table, publish):
        return None
    return schedule_publish(reason, by=by, source=source, subject=subject or table)


def request_publish(
    reason: str, *, by: int | None = None, delay: float = 0.0, source: str = "manual", subject: str = ""
) -> Job:
    """Join the queued publish job, or create one and start it after `delay` seconds. `by` (default:
    the admin whose request this is) becomes one of the job's editors: told if it fails."""
    if by is None:
        by = acting_admin.get()
    pending = pending_job()
    if pending is not None:
        jobs.append_lines(pending.id, [f"queued: {reason}"])
        if by:
            jobs.add_editor(pending.id, by)
        return pending
    params = {"reason": reason, "source": source, "subject": subject}
    job = jobs.create_job(KIND, by=by, params=params)
    jobs.append_lines(job.id, [f"queued: {reason}"])
    start(job.id, delay)
    return job


# Scheduled rows (`functions.publish.export`: an enabled row whose publish time is still to come is left
# out and listed in the publish's summary). The clock looks every `publish_schedule_seconds` locally
# (`run_schedule_clock`) and every minute on AWS (EventBridge Scheduler starts the rebuild function
# with `{"scheduled": true}`, which waits out the last seconds: `seconds_to_next`).
SCHEDULE_LOOKBACK = 10  # recent publish jobs read to find the newest one that was done


def scheduled(recent: Sequence[Job]) -> list[dict[str, Any]]:
    """The rows waiting for their publish time, soonest first, as the newest done publish of `recent`
    (newest first) found them."""
    done = next((job for job in recent if job.status == "done"), None)
    entries = done.summary_doc().get("scheduled") if done is not None else None
    return [entry for entry in entries if isinstance(entry, dict)] if isinstance(entries, list) else []


def _next_time(recent: Sequence[Job]) -> int | None:
    """The soonest publish time of a scheduled row that no publish has started since (a publish
    created at or after that time exports the row; if it failed, the next save or the Publish button
    takes over: a failing publish is not started again every minute)."""
    since = int(recent[0].create_time) if recent else 0
    times = [int(entry.get("at") or 0) for entry in scheduled(recent)]
    return min((at for at in times if at > since), default=None)


def seconds_to_next(now: float | None = None) -> float | None:
    """Seconds until the next scheduled row is due (0 when it is), or None when none waits."""
    now = time.time() if now is None else now
    at = _next_time(jobs.latest_jobs(KIND, SCHEDULE_LOOKBACK))
    return None if at is None else max(0.0, at - now)


def publish_if_due(now: float | None = None) -> Job | None:
    """Start a publish when a scheduled row's time has come (`_next_time`); None when none is due."""
    now = time.time() if now is None else now
    recent = jobs.latest_jobs(KIND, SCHEDULE_LOOKBACK)
    at = _next_time(recent)
    if at is None or at > now:
        return None
    entry = next(entry for entry in scheduled(recent) if int(entry.get("at") or 0) == at)
    subject = f"{entry.get('table')}#{entry.get('id')}"
    return request_publish(f"scheduled: {subject} is due", by=0, source="schedule", subject=subject)


def run_schedule_clock(stop: threading.Event) -> threading.Thread:
    """The local server's clock (`functions.local.run`): every `publish_schedule_seconds` until `stop`
    is set, publish when a scheduled row is due (and saves publish by themselves: `auto_enabled`)."""

    def loop() -> None:
        while not stop.wait(get_settings().publish_schedule_seconds):
            try:
                if auto_enabled():
                    publish_if_due()
            except Exception:  # the next tick looks again
                logger.exception("could not check the publish schedule")

    thread = threading.Thread(target=loop, name="publish-schedule", daemon=True)
    thread.start()
    return thread


def alert_for(admin_id: int, recent: list[Job]) -> Job | None:
    """The newest of the `recent` publish jobs that failed with a change of admin `admin_id` in it
    and whose log that admin has not looked at since (`mark_looked`): the header shows it to them."""
    return next((job for job in recent if _unread_failure(job, admin_id)), None)


def _unread_failure(job: Job, admin_id: int) -> bool:
    editors, seen = job.editors or set(), job.seen or set()
    return job.status == "failed" and admin_id in editors and admin_id not in seen


FAILURE_LINE = "failed: the live site is unchanged"


def mark_looked(job: Job, admin_id: int, lines: Sequence[str] = ()) -> None:
    """Admin `admin_id` has read the log of `job` (`lines`: the lines they were just given): a failure
    of theirs is no longer announced. A log that shows the failure counts even while `job`, read a
    moment before its lines, was still building (the failure line is written before the status)."""
    failed = job.status == "failed" or FAILURE_LINE in lines
    editors, seen = job.editors or set(), job.seen or set()
    if failed and admin_id in editors and admin_id not in seen:
        jobs.mark_seen(job.id, admin_id)


def start(job_id: str, delay: float) -> None:
    function = rebuild_function()
    if function:
        # Imported here for the cold start: boto3 takes ~0.4 s to import on its own (`python -X importtime
        # -c "import boto3"`: 390-930 ms, 2-core machine under load, 2026-11-29), ~25 ms once the
        # handler's botocore is loaded, and only a save that publishes needs it
        # (tests/unit/test_cold_imports.py keeps it off the first request).
        import boto3

        payload = json.dumps({"job_id": job_id, "delay": delay}).encode()
        boto3.client("lambda").invoke(FunctionName=function, InvocationType="Event", Payload=payload)
        return

    def later() -> None:
        time.sleep(delay)
        run_publish(job_id)

    threading.Thread(target=later, name=f"publish-{job_id}", daemon=True).start()


_local_work: list[Work] = []


def use_local_work(work: Work) -> None:
    """Name the work a publish of this process runs when no rebuild function is configured: the local
    server (`functions.local.run`, and the test suites' server) registers
    `functions.publish.pipeline.publish_local`, the build and swap of site/. This layer does not
    import the pipeline (it sits above the services)."""
    _local_work[:] = [work]


def local_work(job_id: str, log: Callable[[str], None]) -> dict[str, Any]:
    """The registered local work (`use_local_work`); a process without one cannot build the site."""
    if not _local_work:
        raise RuntimeError("this process builds no site: no local publish work is registered")
    return _local_work[0](job_id, log)


def run_publish(job_id: str, work: Work | None = None, *, lock_wait: float = LOCK_WAIT_SECONDS) -> bool:
    """Run publish job `job_id` with `work` (default: the local build and swap); True when done."""
    work = work or local_work
    deadline = time.monotonic() + lock_wait
    while not jobs.acquire_lock(KIND, job_id):
        if time.monotonic() > deadline:
            jobs.append_lines(job_id, ["another publish is still running: gave up waiting"])
            jobs.set_status(job_id, "failed", summary={"error": "locked"})
            return False
        time.sleep(0.25)
    try:
        jobs.set_status(job_id, "building")

        def log(line: str) -> None:
            jobs.append_lines(job_id, [line])

        try:
            summary = work(job_id, log)
        except Exception as exc:
            lines = traceback.format_exception_only(type(exc), exc)
            jobs.append_lines(job_id, [FAILURE_LINE, *[x.rstrip() for x in lines]])
            jobs.set_status(job_id, "failed", summary={"error": str(exc)[:500]})
            logger.exception("publish failed", extra={"job_id": job_id})
            return False
        jobs.append_lines(job_id, ["done"])
        jobs.set_status(job_id, "done", summary=summary)
        return True
    finally:
        jobs.release_lock(KIND, job_id)
