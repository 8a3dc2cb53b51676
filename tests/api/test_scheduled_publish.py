# ruff: noqa: F811 - the fixtures imported from admin_support and test_publish are used as parameters
"""Scheduled publishing (issue 36 item 8) against DynamoDB Local and a real Pelican build: an enabled
row whose publish time is still to come is not on the site, the publish lists it as scheduled (and the
back office's publish index says so), and when its time comes the clock's look (`publish_if_due`, what
the local server's clock and the AWS schedule run) publishes it without anyone pressing a button — once:
a publish that started after that time is not started again.

The clock is moved by replacing `time.time` for the whole process (the export, the job stamps and the
due check then agree); a test never waits for the wall clock."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from functions.core.settings import get_settings
from functions.models.design import Record
from functions.services import jobs
from functions.services import publish_jobs as service
from tests.api.admin_support import make_admin, ok
from tests.api.test_publish import NEWS, _publish, _settle, site  # noqa: F401

HEADLINE = "A headline for tomorrow morning"


class Clock:
    """`time.time` moved by `ahead` seconds (the monotonic clocks that waits use are left alone)."""

    def __init__(self, real: Any) -> None:
        self.real, self.ahead = real, 0.0

    def __call__(self) -> float:
        return self.real() + self.ahead


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    """The process's clock, movable; the publish jobs it stamped in the future are deleted afterwards
    (they would sort before every later job of the session)."""
    moved = Clock(time.time)
    monkeypatch.setattr(time, "time", moved)
    yield moved
    _settle()
    for job in jobs.latest_jobs(service.KIND, 50):
        if int(job.id[:13]) > moved.real() * 1000:
            job.delete()


@pytest.fixture
def news() -> Iterator[Any]:
    """`news(row_id, at, status)` saves a news row as the back office would; the rows are deleted
    afterwards (other suites edit the newest news row)."""
    made: list[int] = []

    def save(row_id: int, at: int, status: str = "enable") -> None:
        values = {
            "title": "明早发布的新闻",
            "title_en": HEADLINE,
            "content": "<p>检修完成</p>",
            "publish_time": at,
            "status": status,
        }
        Record(NEWS, row_id, design=NEWS, data=json.dumps(values, ensure_ascii=False)).save()
        made.append(row_id)

    yield save
    for row_id in made:
        Record(NEWS, row_id).delete()


def _on_site(site_dir: Path) -> bool:
    return HEADLINE in (site_dir / "en" / "news" / "index.html").read_text(encoding="utf-8")


def test_a_row_waits_for_its_publish_time_then_the_clock_publishes_it_once(
    site: dict[str, Path], api: Any, clock: Clock, news: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_settings(), "publish_debounce_seconds", 0.0)
    at = int(time.time()) + 3600
    news(990_201, at)
    news(990_202, at + 60, status="disable")  # a draft is never scheduled

    first = _publish()
    assert first.status == "done", jobs.read_lines(first.id, 0)
    assert not _on_site(site["site"])
    waiting = first.summary_doc()["scheduled"]
    assert waiting == [
        {"table": NEWS, "id": 990_201, "title": {"zh-cn": "明早发布的新闻", "en": HEADLINE}, "at": at}
    ]
    # The back office's publish page lists it, in both languages' titles, with its time.
    viewer = make_admin(api, ["routine/publish", "routine/publish/index"])
    index = ok(api.get("/srv/admin/routine/publish/index", headers=viewer.headers))
    assert index["scheduled"] == waiting

    assert service.publish_if_due() is None  # an hour early: nothing starts
    wait = service.seconds_to_next()
    assert wait is not None and 0 < wait <= 3600

    clock.ahead = 3600  # its time has come
    assert service.seconds_to_next() == 0
    started = service.publish_if_due()
    assert started is not None and started.params_doc()["source"] == "schedule"
    assert started.params_doc()["subject"] == f"{NEWS}#990201"
    _settle()
    done = jobs.get_job(started.id)
    assert done is not None and done.status == "done", jobs.read_lines(started.id, 0)
    assert _on_site(site["site"])
    assert done.summary_doc()["scheduled"] == []
    assert service.publish_if_due() is None  # nothing waits any more
    assert jobs.latest_jobs(service.KIND, 1)[0].id == started.id


def test_a_failed_scheduled_publish_is_not_started_again_every_minute(
    site: dict[str, Path], clock: Clock, news: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_settings(), "publish_debounce_seconds", 0.0)
    at = int(time.time()) + 600
    news(990_203, at)
    assert _publish().summary_doc()["scheduled"][0]["id"] == 990_203

    (site["content"] / "data" / "services.json").write_text("{not json", encoding="utf-8")
    clock.ahead = 600
    started = service.publish_if_due()
    assert started is not None
    _settle()
    assert jobs.get_job(started.id).status == "failed"  # type: ignore[union-attr]
    clock.ahead = 660  # a minute later: the schedule looks again, and leaves it to the editors
    assert service.publish_if_due() is None
    assert jobs.latest_jobs(service.KIND, 1)[0].id == started.id
