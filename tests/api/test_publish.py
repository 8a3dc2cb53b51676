# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Publishing (functions.services.publish_jobs + functions.publish.pipeline) against DynamoDB Local and a
real Pelican build: job lifecycle, the atomic swap of a temporary site folder, diff by content hash,
a failed build leaving the live site untouched, the lock, the debounce, and the admin API."""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from functions.core.settings import REPO_ROOT, get_settings
from functions.publish import export, pipeline
from functions.services import jobs
from functions.services import publish_jobs as service
from tests.api.admin_support import AdminUser, make_admin, ok  # noqa: F401

NEWS = "business/news"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dynamodb: Any) -> Iterator[dict[str, Path]]:
    """A private copy of content/ and a private site folder, and no publish left running or locked."""
    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    site_dir = tmp_path / "site"
    settings = get_settings()
    monkeypatch.setattr(settings, "content_dir", content)
    monkeypatch.setattr(settings, "site_dir", site_dir)
    # The session's tables hold no designs: the news rows export as if business/news existed.
    real_fields = export.design_fields
    monkeypatch.setattr(export, "design_fields", lambda name: {} if name == NEWS else real_fields(name))
    _edit_news_title("Pipeline test news")  # a published news row before the first build
    _settle()
    yield {"content": content, "site": site_dir}
    _settle()


def _settle(timeout: float = 30) -> None:
    """Wait for running publishes to finish (a queued one from an earlier test must not leak in)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        latest = jobs.latest_jobs(service.KIND, 1)
        if not latest or latest[0].status in jobs.FINISHED:
            return
        time.sleep(0.1)
    raise AssertionError("a publish did not finish")


def _publish() -> Any:
    job = jobs.create_job(service.KIND, by=None, params={"reason": "test"})
    assert service.run_publish(job.id) in (True, False)
    done = jobs.get_job(job.id)
    assert done is not None
    return done


def _edit_news_title(new_title: str) -> str:
    """Change the English title of the newest news row (made when there is none), as a save in the back
    office would: the next publish exports it to the site's news.json."""
    from functions.models.design import Record

    rows = list(Record.query(NEWS, scan_index_forward=False, limit=1))
    item = rows[0] if rows else Record(NEWS, 990_001, design=NEWS)
    values = item.values() or {"title": "发布流程测试新闻", "publish_time": 1_767_225_600, "status": "enable"}
    values["title_en"] = new_title
    item.data = json.dumps(values, ensure_ascii=False)
    item.save()
    return new_title


def test_publish_builds_swaps_and_writes_only_changed_files(site: dict[str, Path]) -> None:
    first = _publish()
    assert first.status == "done", jobs.read_lines(first.id, 0)
    assert site["site"].is_symlink() and (site["site"] / "index.html").is_file()
    summary = first.summary_doc()
    assert "index.html" in summary["changed"] and summary["written"] == len(summary["changed"])
    texts = [text for _, text in jobs.read_lines(first.id, 0)]
    assert texts[0].startswith("build") or any(t.startswith("build:") for t in texts)
    assert texts[-1] == "done"
    live = site["site"].resolve()

    again = _publish()
    assert again.status == "done"
    assert again.summary_doc()["changed"] == [] and again.summary_doc()["written"] == 0
    assert site["site"].resolve() == live  # nothing changed: no swap

    title = _edit_news_title("Publishing pipeline headline")
    third = _publish()
    assert third.status == "done"
    changed = third.summary_doc()["changed"]
    total = third.summary_doc()["files"]
    assert changed and len(changed) < total / 4, changed  # only the pages showing that news item
    assert all(name.startswith("en/") or name == "sitemap.xml" for name in changed), changed
    assert site["site"].resolve() != live
    assert any(title in (site["site"] / name).read_text(encoding="utf-8") for name in changed)
    # Pages of unchanged records were not rendered again: they are the previous build's files.
    previous = pipeline.builds_dir(site["site"]) / live.name
    assert (site["site"] / "xiang/riverside-park/index.html").samefile(
        previous / "xiang/riverside-park/index.html"
    )
    news_page = next(name for name in changed if name.startswith("en/news/") and "/page/" not in name)
    assert not (site["site"] / news_page).samefile(previous / news_page)
    # The build folders: the live one and the one before it are kept, older ones removed.
    assert len([p for p in pipeline.builds_dir(site["site"]).iterdir() if p.is_dir()]) <= 3


def test_a_failed_build_leaves_the_live_site_untouched(site: dict[str, Path]) -> None:
    assert _publish().status == "done"
    live = site["site"].resolve()
    before = pipeline.make_manifest(site["site"])
    (site["content"] / "data" / "services.json").write_text("{not json", encoding="utf-8")
    failed = _publish()
    assert failed.status == "failed"
    lines = [text for _, text in jobs.read_lines(failed.id, 0)]
    assert "failed: the live site is unchanged" in lines
    assert site["site"].resolve() == live
    assert pipeline.make_manifest(site["site"]) == before
    assert not (pipeline.builds_dir(site["site"]) / failed.id).exists()
    assert jobs.lock_holder(service.KIND) is None  # the lock is released after a failure


def test_two_publishes_never_run_at_once(site: dict[str, Path]) -> None:
    running: list[int] = []
    overlaps: list[int] = []
    lock = threading.Lock()

    def work(job_id: str, log: Any) -> dict[str, Any]:
        with lock:
            running.append(1)
            if len(running) > 1:
                overlaps.append(1)
        log("working")
        time.sleep(0.3)
        with lock:
            running.pop()
        return {"changed": []}

    made = [jobs.create_job(service.KIND, by=None) for _ in range(3)]
    threads = [threading.Thread(target=service.run_publish, args=(job.id, work)) for job in made]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not overlaps
    assert [jobs.get_job(job.id).status for job in made] == ["done"] * 3  # type: ignore[union-attr]

    holder = jobs.create_job(service.KIND, by=None)
    assert jobs.acquire_lock(service.KIND, holder.id)
    try:
        blocked = jobs.create_job(service.KIND, by=None)
        assert service.run_publish(blocked.id, work, lock_wait=0.5) is False
        assert jobs.get_job(blocked.id).status == "failed"  # type: ignore[union-attr]
    finally:
        jobs.release_lock(service.KIND, holder.id)
        jobs.set_status(holder.id, "done")


def test_saves_are_debounced_into_one_publish(site: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def work(job_id: str, log: Any) -> dict[str, Any]:
        calls.append(job_id)
        return {"changed": ["index.html"]}

    monkeypatch.setattr(get_settings(), "publish_auto", True)
    monkeypatch.setattr(get_settings(), "publish_debounce_seconds", 0.6)
    monkeypatch.setattr(service, "local_work", work)
    from functions.services.designs import DesignDoc
    from functions.services.records import publish_after_save

    public = DesignDoc.model_validate(
        {
            "name": "business/publishProbe",
            "title": {"zh": "探针", "en": "Probe"},
            "publish": "news",
            "fields": [{"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string"}],
        }
    )
    private = public.model_copy(update={"publish": ""})
    publish_after_save(private, None)
    assert jobs.latest_jobs(service.KIND, 1) == [] or jobs.latest_jobs(service.KIND, 1)[0].status != "queued"
    first = service.schedule_publish("news #1 saved")
    publish_after_save(public, None)
    third = service.schedule_publish("config saved")
    assert first is not None and third is not None and first.id == third.id
    _settle()
    assert calls == [first.id]
    job = jobs.get_job(first.id)
    assert job is not None and job.status == "done"
    texts = [text for _, text in jobs.read_lines(first.id, 0)]
    assert texts[:3] == [
        "queued: news #1 saved",
        "queued: business/publishProbe: rows deleted",
        "queued: config saved",
    ]

    monkeypatch.setattr(get_settings(), "publish_auto", False)
    assert service.schedule_publish("ignored") is None


def test_admin_presses_publish_and_reads_the_log(
    api: httpx.Client, site: dict[str, Path], super_admin: AdminUser
) -> None:
    viewer = make_admin(api, ["routine/publish", "routine/publish/index"])
    refused = api.post("/srv/admin/routine/publish/publish", headers=viewer.headers).json()
    assert refused["code"] == 401

    started = ok(api.post("/srv/admin/routine/publish/publish", headers=super_admin.headers))["job"]
    assert started["status"] in ("queued", "building") and started["by"] == super_admin.id
    deadline = time.monotonic() + 30
    current: dict[str, Any] = {}
    while time.monotonic() < deadline:
        current = ok(api.get("/srv/admin/routine/publish/index", headers=viewer.headers))["current"]
        if current["status"] in ("done", "failed"):
            break
        time.sleep(0.2)
    assert current["id"] == started["id"] and current["status"] == "done", current
    assert "index.html" in current["summary"]["changed"]
    log = ok(api.get(f"/srv/admin/routine/publish/log?id={started['id']}&after=0", headers=viewer.headers))
    seqs = [line["seq"] for line in log["lines"]]
    assert seqs == list(range(1, len(seqs) + 1)) and log["lines"][-1]["text"] == "done"
    tail = ok(
        api.get(f"/srv/admin/routine/publish/log?id={started['id']}&after={seqs[-2]}", headers=viewer.headers)
    )
    assert [line["seq"] for line in tail["lines"]] == [seqs[-1]]
    missing = api.get("/srv/admin/routine/publish/log?id=00ff&after=0", headers=viewer.headers).json()
    assert missing["code"] == 0
    assert (site["site"] / "index.html").is_file()


def test_the_gateway_keeps_serving_during_swaps(site: dict[str, Path], tmp_path: Path) -> None:
    """Requests racing many swaps between two builds always get a whole page (200), never a 404."""
    from starlette.testclient import TestClient

    from functions.local.gateway import Gateway

    assert _publish().status == "done"
    first = site["site"].resolve()
    _edit_news_title("Second build headline")
    assert _publish().status == "done"
    second = site["site"].resolve()
    assert first != second and first.is_dir()

    gateway = Gateway(None, site["site"], tmp_path / "no-webapp", tmp_path / "no-uploads")
    stop = threading.Event()
    swaps = 0

    def swap_forever() -> None:
        nonlocal swaps
        while not stop.is_set():
            pipeline.swap_in(site["site"], first if swaps % 2 else second)
            swaps += 1

    swapper = threading.Thread(target=swap_forever)
    swapper.start()
    statuses: list[int] = []
    try:
        with TestClient(gateway) as client:
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                for path in ("/", "/en/", "/jiang/"):
                    answer = client.get(path)
                    statuses.append(answer.status_code)
                    assert answer.status_code == 200 and "</html>" in answer.text, (path, answer.status_code)
    finally:
        stop.set()
        swapper.join()
    assert swaps > 50 and len(statuses) > 30


def test_the_first_publish_moves_a_real_site_folder_aside(site: dict[str, Path]) -> None:
    from functions.publish.build import build

    build(site["content"], site["site"])  # what `make site` leaves: a real folder
    assert site["site"].is_dir() and not site["site"].is_symlink()
    before = pipeline.make_manifest(site["site"])
    done = _publish()
    # `make site` builds the seed files; a publish exports the back office's news over news.json: at
    # most the home pages, the news pages and the sitemap differ.
    assert done.status == "done"
    changed = {p for p in done.summary_doc()["changed"] if not p.startswith(("news/", "en/news/"))}
    assert changed <= {"index.html", "en/index.html", "sitemap.xml"}
    if not done.summary_doc()["changed"]:  # same bytes: no swap yet; a change makes one
        _edit_news_title("After make site")
        assert _publish().status == "done"
    # The real folder was moved aside (kept as the build before the live one), `site` is now a link.
    assert site["site"].is_symlink() and pipeline.make_manifest(site["site"]) != before
    kept = [p.name for p in pipeline.builds_dir(site["site"]).iterdir()]
    assert any(name.startswith("initial-") for name in kept)


def test_on_aws_a_save_invokes_the_rebuild_function_asynchronously(
    site: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With CITYOPS_REBUILD_FUNCTION set, the API only invokes the function (Event) with the job id;
    a second save while the job is queued joins it and invokes nothing. The Lambda client is a
    botocore Stubber asserting the exact call (Lambda has no local server here)."""
    import boto3
    from botocore.stub import ANY, Stubber

    lam = boto3.client("lambda", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
    made: list[str] = []
    invoked: list[bytes] = []
    lam.meta.events.register(
        "provide-client-params.lambda.Invoke", lambda params, **_: invoked.append(params["Payload"])
    )

    def client(name: str, *args: Any, **kwargs: Any) -> Any:
        made.append(name)
        return lam

    monkeypatch.setattr(boto3, "client", client)
    monkeypatch.setattr(get_settings(), "rebuild_function", "cityops-test-rebuild")
    monkeypatch.setattr(get_settings(), "publish_debounce_seconds", 2)
    assert service.auto_enabled()  # a configured rebuild function turns automatic publishing on
    with Stubber(lam) as stub:
        stub.add_response(
            "invoke",
            {"StatusCode": 202},
            {"FunctionName": "cityops-test-rebuild", "InvocationType": "Event", "Payload": ANY},
        )
        job = service.schedule_publish("news #1 saved")
        assert job is not None and job.status == "queued"
        again = service.schedule_publish("news #2 saved")
        assert again is not None and again.id == job.id
        stub.assert_no_pending_responses()
    assert made == ["lambda"]
    assert json.loads(invoked[0]) == {"job_id": job.id, "delay": 2.0}
    assert jobs.get_job(job.id).status == "queued"  # type: ignore[union-attr]
    jobs.set_status(job.id, "done")  # leave no queued job behind for the other tests


def test_a_queued_job_that_never_started_is_not_joined(
    site: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.models.job import Job

    monkeypatch.setattr(get_settings(), "publish_auto", True)
    monkeypatch.setattr(service, "start", lambda job_id, delay: None)  # the process "stops" before it runs
    stale = service.schedule_publish("news #1 saved")
    assert stale is not None
    Job(stale.id).update(actions=[Job.create_time.set(int(time.time()) - int(service.STALE_SECONDS) - 10)])
    fresh = service.schedule_publish("news #2 saved")
    assert fresh is not None and fresh.id != stale.id
    assert jobs.get_job(stale.id).status == "failed"  # type: ignore[union-attr]
    assert service.schedule_publish("news #3 saved").id == fresh.id  # type: ignore[union-attr]
    jobs.set_status(fresh.id, "done")


def test_a_failed_publish_is_shown_to_the_editors_who_caused_it_until_they_read_its_log(
    api: httpx.Client, monkeypatch: pytest.MonkeyPatch, dynamodb: Any
) -> None:
    """Issue 32 #5: two editors save site config while one publish is queued (both join it); the build
    fails. Each of them gets it as `alert` until they read its log; an admin who saved nothing does not."""
    from functions.models.config import Config
    from functions.services.site_config import DEFAULT_SITE_ITEMS, clear_cache
    from tests.api.admin_support import post, unique

    def broken(job_id: str, log: Any) -> dict[str, Any]:
        log("build: starting")
        raise RuntimeError("the theme does not build")

    _settle()
    monkeypatch.setattr(get_settings(), "publish_auto", True)
    monkeypatch.setattr(get_settings(), "publish_debounce_seconds", 1.5)
    monkeypatch.setattr(service, "local_work", broken)
    rules = ["routine/publish", "routine/publish/index", "routine/config"]
    rules += ["routine/config/index", "routine/config/edit"]
    first, second, bystander = make_admin(api, rules), make_admin(api, rules), make_admin(api, rules)

    def index(who: AdminUser) -> dict[str, Any]:
        return dict(ok(api.get("/srv/admin/routine/publish/index", headers=who.headers)))

    try:
        for editor in (first, second):
            values = {"site_name": {"zh-cn": unique("站点"), "en": "Site"}}
            assert post(api, "routine/config/edit", editor, {"group": "site", "values": values})["code"] == 1
        _settle()
    finally:
        Config.get("site", "site_name").update(actions=[Config.value.set(DEFAULT_SITE_ITEMS["site_name"][2])])
        clear_cache()
    failed = index(bystander)["current"]
    assert failed["status"] == "failed"
    assert index(bystander)["alert"] is None  # saved nothing: only the status says it
    for editor in (first, second):
        assert index(editor)["alert"]["id"] == failed["id"]
    # Reading the log is looking at it: the alert ends for that editor only, on every device.
    log = ok(api.get(f"/srv/admin/routine/publish/log?id={failed['id']}&after=0", headers=first.headers))
    assert "failed: the live site is unchanged" in [line["text"] for line in log["lines"]]
    assert index(first)["alert"] is None
    assert index(second)["alert"]["id"] == failed["id"]
    assert index(first)["current"]["status"] == "failed"


def test_reading_the_failure_line_is_looking_at_it_while_the_status_still_says_building(
    api: httpx.Client, dynamodb: Any
) -> None:
    """A failing publish writes its failure line, then its status. An editor whose log read came between
    the two has seen the failure: it is not announced to them afterwards. Before, the status read a
    moment before the lines said building, nothing was marked, and the header announced a failure
    they had already read (the e2e publish-indicator case failed on it under load)."""
    _settle()
    editor = make_admin(api, ["routine/publish", "routine/publish/index"])
    job = jobs.create_job(service.KIND, by=int(editor.id), params={"reason": "race"})
    jobs.set_status(job.id, "building")
    jobs.append_lines(job.id, ["build: starting", service.FAILURE_LINE, "RuntimeError: broken"])
    log = ok(api.get(f"/srv/admin/routine/publish/log?id={job.id}&after=0", headers=editor.headers))
    assert log["job"]["status"] == "building"
    assert service.FAILURE_LINE in [line["text"] for line in log["lines"]]
    jobs.set_status(job.id, "failed", summary={"error": "broken"})
    index = ok(api.get("/srv/admin/routine/publish/index", headers=editor.headers))
    assert index["current"]["id"] == job.id and index["current"]["status"] == "failed"
    assert index["alert"] is None
    # A building job whose log shows no failure yet is not marked: its failure is still announced.
    other = jobs.create_job(service.KIND, by=int(editor.id), params={"reason": "later"})
    jobs.set_status(other.id, "building")
    jobs.append_lines(other.id, ["build: starting"])
    ok(api.get(f"/srv/admin/routine/publish/log?id={other.id}&after=0", headers=editor.headers))
    jobs.set_status(other.id, "failed", summary={"error": "broken"})
    assert ok(api.get("/srv/admin/routine/publish/index", headers=editor.headers))["alert"]["id"] == other.id
