"""Background jobs (functions.services.jobs) against DynamoDB Local: lifecycle, log lines, lock."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from functions.models.job import JobLock
from functions.services import jobs


def test_lifecycle_and_summary(dynamodb: Any) -> None:
    job = jobs.create_job("probe-lifecycle", by=7, params={"reason": "test"})
    assert job.status == "queued"
    stored = jobs.get_job(job.id)
    assert stored is not None
    assert stored.status == "queued" and stored.by == 7 and stored.params_doc() == {"reason": "test"}
    jobs.set_status(job.id, "building")
    building = jobs.get_job(job.id)
    assert building is not None and building.status == "building" and building.start_time > 0
    jobs.set_status(job.id, "done", summary={"changed": ["index.html"]})
    done = jobs.get_job(job.id)
    assert done is not None
    assert done.status == "done" and done.end_time >= done.start_time
    assert done.summary_doc() == {"changed": ["index.html"]}
    assert jobs.get_job("no-such-job") is None
    with pytest.raises(KeyError):
        jobs.set_status("no-such-job", "done")
    with pytest.raises(ValueError):
        jobs.set_status(job.id, "exploded")  # type: ignore[arg-type]


def test_lines_are_sequenced_and_read_after(dynamodb: Any) -> None:
    job = jobs.create_job("probe-lines", by=None)
    assert jobs.append_lines(job.id, []) == 0
    assert jobs.append_lines(job.id, ["one", "two"]) == 2
    assert jobs.append_lines(job.id, ["three"]) == 3
    assert jobs.read_lines(job.id, 0) == [(1, "one"), (2, "two"), (3, "three")]
    assert jobs.read_lines(job.id, 1) == [(2, "two"), (3, "three")]
    assert jobs.read_lines(job.id, 1, limit=1) == [(2, "two")]
    assert jobs.read_lines(job.id, 3) == []
    with pytest.raises(KeyError):
        jobs.append_lines("no-such-job", ["x"])


def test_concurrent_writers_never_share_a_seq(dynamodb: Any) -> None:
    job = jobs.create_job("probe-concurrent", by=None)

    def write(tag: str) -> None:
        for n in range(5):
            jobs.append_lines(job.id, [f"{tag}{n}"])

    threads = [threading.Thread(target=write, args=(tag,)) for tag in "abc"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = jobs.read_lines(job.id, 0)
    assert [seq for seq, _ in lines] == list(range(1, 16))
    assert sorted(text for _, text in lines) == sorted(f"{t}{n}" for t in "abc" for n in range(5))


def test_latest_jobs_newest_first_by_kind(dynamodb: Any) -> None:
    kind = f"probe-latest-{time.time_ns()}"
    made = []
    for _ in range(3):
        made.append(jobs.create_job(kind, by=1).id)
        time.sleep(0.002)
    other = jobs.create_job(kind + "-other", by=1)
    latest = jobs.latest_jobs(kind, 2)
    assert [job.id for job in latest] == [made[2], made[1]]
    everything = [job.id for job in jobs.latest_jobs(None, 10)]
    assert everything[0] == other.id and made[2] in everything


def test_lock_is_exclusive_and_expires(dynamodb: Any) -> None:
    kind = f"probe-lock-{time.time_ns()}"
    assert jobs.acquire_lock(kind, "job-a")
    assert not jobs.acquire_lock(kind, "job-b")
    assert jobs.acquire_lock(kind, "job-a")  # the holder may extend it
    assert jobs.lock_holder(kind) == "job-a"
    assert not jobs.release_lock(kind, "job-b")
    assert jobs.release_lock(kind, "job-a")
    assert jobs.lock_holder(kind) is None
    assert jobs.acquire_lock(kind, "job-b")
    # A lock left behind by a crashed run expires.
    JobLock(kind, job_id="job-b", until=int(time.time()) - 1).save()
    assert jobs.lock_holder(kind) is None
    assert jobs.acquire_lock(kind, "job-c")


def test_lock_race_has_one_winner(dynamodb: Any) -> None:
    kind = f"probe-race-{time.time_ns()}"
    winners: list[str] = []
    barrier = threading.Barrier(4)

    def take(job_id: str) -> None:
        barrier.wait()
        if jobs.acquire_lock(kind, job_id):
            winners.append(job_id)

    threads = [threading.Thread(target=take, args=(f"job-{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(winners) == 1
