"""The rebuild function's steps (functions/publish/rebuild.py): S3 and CloudFront are moto's, the
KeyValueStore API (not in moto) a botocore Stubber that asserts every call with its parameters; one
run goes through the whole job (DynamoDB Local for the job and its lock, a real Pelican build)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from botocore.stub import Stubber
from moto import mock_aws

from functions.publish import rebuild
from functions.publish.pipeline import make_manifest

REGION = "us-east-1"
STORE_ARN = "arn:aws:cloudfront::123456789012:key-value-store/11111111-2222-3333-4444-555555555555"
BUCKET = "site"


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    with mock_aws():
        s3 = boto3.client("s3", region_name=REGION)
        s3.create_bucket(Bucket=BUCKET)
        cloudfront = boto3.client("cloudfront", region_name=REGION)
        config = {
            "CallerReference": "test",
            "Comment": "",
            "Enabled": True,
            "Origins": {"Quantity": 1, "Items": [{"Id": "site", "DomainName": "site.s3.amazonaws.com"}]},
            "DefaultCacheBehavior": {"TargetOriginId": "site", "ViewerProtocolPolicy": "allow-all"},
        }
        distribution = cloudfront.create_distribution(DistributionConfig=config)["Distribution"]["Id"]
        puts: list[str] = []
        s3.meta.events.register(
            "provide-client-params.s3.PutObject", lambda params, **_: puts.append(params["Key"])
        )
        kvs = boto3.client("cloudfront-keyvaluestore", region_name=REGION)
        yield {
            "clients": {"s3": s3, "cloudfront": cloudfront, "cloudfront-keyvaluestore": kvs},
            "target": {"bucket": BUCKET, "store_arn": STORE_ARN, "distribution_id": distribution},
            "puts": puts,
        }


def _site(root: Path, files: dict[str, str]) -> dict[str, str]:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return make_manifest(root)


def _expect_keys(stub: Stubber, puts: list[str], deletes: list[str], etag: str = "e0") -> None:
    stub.add_response("describe_key_value_store", _described(etag), {"KvsARN": STORE_ARN})
    request: dict[str, Any] = {"KvsARN": STORE_ARN, "IfMatch": etag}
    if puts:
        request["Puts"] = [{"Key": k, "Value": "1"} for k in puts]
    if deletes:
        request["Deletes"] = [{"Key": k} for k in deletes]
    stub.add_response("update_keys", {"ETag": etag + "1", "ItemCount": 1, "TotalSizeInBytes": 1}, request)


def _described(etag: str) -> dict[str, Any]:
    return {
        "ETag": etag,
        "ItemCount": 0,
        "TotalSizeInBytes": 0,
        "KvsARN": STORE_ARN,
        "Created": "2026-01-01T00:00:00Z",
    }


def _invalidated(aws: dict[str, Any]) -> list[list[str]]:
    cloudfront = aws["clients"]["cloudfront"]
    distribution = aws["target"]["distribution_id"]
    items = cloudfront.list_invalidations(DistributionId=distribution)["InvalidationList"].get("Items", [])
    batches = []
    for item in items:
        detail = cloudfront.get_invalidation(DistributionId=distribution, Id=item["Id"])
        batches.append(sorted(detail["Invalidation"]["InvalidationBatch"]["Paths"]["Items"]))
    return batches


def test_first_deploy_uploads_everything_then_only_what_changed(aws: dict[str, Any], tmp_path: Path) -> None:
    files = {
        "index.html": "<h1>home</h1>",
        "about/index.html": "<h1>about</h1>",
        "theme/css/site.3f2a9c1b.css": "body{}",
        "images/logo.png": "png",
    }
    manifest = _site(tmp_path / "v1", files)
    kvs = aws["clients"]["cloudfront-keyvaluestore"]
    lines: list[str] = []
    with Stubber(kvs) as stub:
        _expect_keys(stub, sorted(files), [])
        change = rebuild.deploy(
            aws["clients"], aws["target"], tmp_path / "v1", manifest, lines.append, "job1"
        )
        stub.assert_no_pending_responses()
    assert change.changed == sorted(files) and change.removed == []
    assert sorted(aws["puts"]) == sorted([*files, rebuild.MANIFEST_KEY])
    s3 = aws["clients"]["s3"]
    html = s3.head_object(Bucket=BUCKET, Key="index.html")
    assert html["CacheControl"] == rebuild.HTML_CACHE and html["ContentType"] == "text/html; charset=utf-8"
    css = s3.head_object(Bucket=BUCKET, Key="theme/css/site.3f2a9c1b.css")
    assert css["CacheControl"] == rebuild.IMMUTABLE_CACHE
    assert s3.head_object(Bucket=BUCKET, Key="images/logo.png")["CacheControl"] == rebuild.ASSET_CACHE
    stored = json.loads(s3.get_object(Bucket=BUCKET, Key=rebuild.MANIFEST_KEY)["Body"].read())
    assert stored == manifest
    assert _invalidated(aws) == [
        sorted(
            [
                "/",
                "/index.html",
                "/about/",
                "/about",
                "/about/index.html",
                "/theme/css/site.3f2a9c1b.css",
                "/images/logo.png",
            ]
        )
    ]

    # One page edited, one removed, one added: only those are written, deleted and invalidated.
    aws["puts"].clear()
    files2 = {k: v for k, v in files.items() if k != "images/logo.png"}
    files2["about/index.html"] = "<h1>about us</h1>"
    files2["news/a/index.html"] = "<h1>news</h1>"
    manifest2 = _site(tmp_path / "v2", files2)
    with Stubber(kvs) as stub:
        # The new path first (before a live page links it), the removed one after the pages changed.
        _expect_keys(stub, ["news/a/index.html"], [])
        stub.add_response(
            "update_keys",
            {"ETag": "e02", "ItemCount": 1, "TotalSizeInBytes": 1},
            {"KvsARN": STORE_ARN, "IfMatch": "e01", "Deletes": [{"Key": "images/logo.png"}]},
        )
        change = rebuild.deploy(
            aws["clients"], aws["target"], tmp_path / "v2", manifest2, lines.append, "job2"
        )
        stub.assert_no_pending_responses()
    assert change.changed == ["about/index.html", "news/a/index.html"]
    assert change.removed == ["images/logo.png"]
    assert sorted(aws["puts"]) == sorted(["about/index.html", "news/a/index.html", rebuild.MANIFEST_KEY])
    keys = {o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET)["Contents"]}
    assert "images/logo.png" not in keys and "news/a/index.html" in keys
    second = ["/about", "/about/", "/about/index.html", "/images/logo.png", "/news/a", "/news/a/"]
    assert sorted([*second, "/news/a/index.html"]) in _invalidated(aws)
    assert len(_invalidated(aws)) == 2

    # Nothing changed: no upload but the manifest, no KeyValueStore call, no invalidation.
    aws["puts"].clear()
    before = len(_invalidated(aws))
    with Stubber(kvs) as stub:
        change = rebuild.deploy(
            aws["clients"], aws["target"], tmp_path / "v2", manifest2, lines.append, "job3"
        )
        stub.assert_no_pending_responses()
    assert change.paths == [] and aws["puts"] == [rebuild.MANIFEST_KEY]
    assert len(_invalidated(aws)) == before
    assert any(line.startswith("invalidation: none needed") for line in lines)


def test_a_failed_upload_keeps_the_manifest_and_the_paths(aws: dict[str, Any], tmp_path: Path) -> None:
    manifest = _site(tmp_path / "v1", {"index.html": "<h1>home</h1>"})
    s3 = aws["clients"]["s3"]

    def refuse(params: dict[str, Any], **_: Any) -> None:
        raise RuntimeError("S3 is down")

    s3.meta.events.register("provide-client-params.s3.PutObject", refuse)
    kvs = aws["clients"]["cloudfront-keyvaluestore"]
    with Stubber(kvs) as stub:
        stub.add_response("describe_key_value_store", _described("e0"), {"KvsARN": STORE_ARN})
        with pytest.raises(RuntimeError):
            rebuild.deploy(aws["clients"], aws["target"], tmp_path / "v1", manifest, lambda _: None, "job")
        stub.assert_no_pending_responses()  # the store read first, then nothing more
    assert "Contents" not in s3.list_objects_v2(Bucket=BUCKET)
    assert _invalidated(aws) == []


def _objects(s3: Any) -> dict[str, bytes]:
    listed = s3.list_objects_v2(Bucket=BUCKET).get("Contents", [])
    return {o["Key"]: s3.get_object(Bucket=BUCKET, Key=o["Key"])["Body"].read() for o in listed}


# The next publish: the news list changed (it links the new news page), the home page did not.
NEWS_ADDED = {
    "index.html": "<h1>home</h1>",
    "news/index.html": "<ul>1</ul>",
    "news/1/index.html": "<h1>1</h1>",
}


def _published(aws: dict[str, Any], root: Path) -> dict[str, str]:
    """A first publish of a home page and a news list, through the stubbed store."""
    manifest = _site(root, {"index.html": "<h1>home</h1>", "news/index.html": "<ul></ul>"})
    with Stubber(aws["clients"]["cloudfront-keyvaluestore"]) as stub:
        _expect_keys(stub, sorted(manifest), [])
        rebuild.deploy(aws["clients"], aws["target"], root, manifest, lambda _: None, "job1")
    return manifest


def test_a_publish_the_store_refuses_leaves_the_live_site_as_it_was(
    aws: dict[str, Any], tmp_path: Path
) -> None:
    """The store is read before anything is written: a publish that cannot reach it (a missing grant,
    the store unavailable) changes no page that is live, so the news list does not link a news page
    that was never published."""
    _published(aws, tmp_path / "v1")
    live = _objects(aws["clients"]["s3"])
    manifest = _site(tmp_path / "v2", NEWS_ADDED)
    with Stubber(aws["clients"]["cloudfront-keyvaluestore"]) as stub:
        stub.add_client_error("describe_key_value_store", "AccessDeniedException", http_status_code=403)
        with pytest.raises(ClientError, match="AccessDenied"):
            rebuild.deploy(aws["clients"], aws["target"], tmp_path / "v2", manifest, lambda _: None, "job2")
    assert _objects(aws["clients"]["s3"]) == live  # nothing written, the manifest included


def test_new_pages_get_their_paths_before_a_live_page_links_them(aws: dict[str, Any], tmp_path: Path) -> None:
    """New files are uploaded while no path leads to them, their paths added, and only then are the
    live pages overwritten: a store that refuses the new paths leaves every live page as it was."""
    _published(aws, tmp_path / "v1")
    live = _objects(aws["clients"]["s3"])
    manifest = _site(tmp_path / "v2", NEWS_ADDED)
    with Stubber(aws["clients"]["cloudfront-keyvaluestore"]) as stub:
        stub.add_response("describe_key_value_store", _described("e1"), {"KvsARN": STORE_ARN})
        stub.add_client_error("update_keys", "ConflictException", http_status_code=409)
        with pytest.raises(ClientError, match="Conflict"):
            rebuild.deploy(aws["clients"], aws["target"], tmp_path / "v2", manifest, lambda _: None, "job2")
    after = _objects(aws["clients"]["s3"])
    assert {k: v for k, v in after.items() if k in live} == live  # the news list still lists nothing
    assert set(after) - set(live) == {"news/1/index.html"}  # uploaded, but no path leads to it


def test_the_whole_job_builds_with_pelican_and_publishes(aws: dict[str, Any], dynamodb: Any) -> None:
    from functions.services import jobs
    from functions.services.publish_jobs import KIND, run_publish

    kvs = aws["clients"]["cloudfront-keyvaluestore"]
    job = jobs.create_job(KIND, by=None, params={"reason": "rebuild test"})
    updates: list[dict[str, Any]] = []
    kvs.meta.events.register(
        "provide-client-params.cloudfront-keyvaluestore.UpdateKeys",
        lambda params, **_: updates.append(params),
    )
    with Stubber(kvs) as stub:
        stub.add_response("describe_key_value_store", _described("e0"), {"KvsARN": STORE_ARN})
        for n in range(60):  # one call per 50 new paths (the count depends on the site), etags chained
            stub.add_response("update_keys", {"ETag": f"e{n + 1}", "ItemCount": 1, "TotalSizeInBytes": 1})
        assert run_publish(job.id, rebuild.aws_work(aws["clients"], aws["target"]))
    done = jobs.get_job(job.id)
    assert done is not None and done.status == "done"
    summary = done.summary_doc()
    assert "index.html" in summary["changed"] and "en/index.html" in summary["changed"]
    assert summary["written"] == summary["files"] == len(summary["changed"])
    s3 = aws["clients"]["s3"]
    assert s3.head_object(Bucket=BUCKET, Key="index.html")["CacheControl"] == rebuild.HTML_CACHE
    lines = [text for _, text in jobs.read_lines(job.id, 0)]
    assert any(line.startswith("upload: ") for line in lines) and lines[-1] == "done"
    # Every published file became a key, 50 per call, each call with the ETag of the one before.
    assert sorted(p["Key"] for u in updates for p in u["Puts"]) == sorted(summary["changed"])
    assert all(len(u["Puts"]) <= 50 for u in updates) and len(updates) == -(-summary["files"] // 50)
    assert [u["IfMatch"] for u in updates] == ["e0", *[f"e{n + 1}" for n in range(len(updates) - 1)]]


def test_changed_files_are_uploaded_in_parallel(aws: dict[str, Any], tmp_path: Path) -> None:
    """A first publish of thousands of files must not put them one at a time: the uploads overlap
    (the first two wait for each other: one at a time, the first would wait in vain and fail)."""
    import threading

    files = {f"news/{n}/index.html": f"<h1>{n}</h1>" for n in range(40)}
    manifest = _site(tmp_path / "v1", files)
    running, most = [0], [0]
    lock = threading.Lock()
    first_two = set(sorted(manifest)[:2])
    meet = threading.Barrier(2)

    def overlapping_put(params: dict[str, Any], **_: Any) -> None:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        if params["Key"] in first_two:
            meet.wait(timeout=30)
        with lock:
            running[0] -= 1

    s3 = aws["clients"]["s3"]
    s3.meta.events.register("provide-client-params.s3.PutObject", overlapping_put)
    rebuild.upload(s3, BUCKET, tmp_path / "v1", sorted(manifest))
    assert 2 <= most[0] <= rebuild.UPLOAD_WORKERS  # several at once, never more than the pool
    keys = {o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET)["Contents"]}
    assert keys == set(files)


def test_a_failed_upload_among_parallel_ones_is_raised(aws: dict[str, Any], tmp_path: Path) -> None:
    manifest = _site(tmp_path / "v1", {f"p{n}.html": "x" for n in range(10)})
    s3 = aws["clients"]["s3"]

    def refuse_one(params: dict[str, Any], **_: Any) -> None:
        if params["Key"] == "p7.html":
            raise RuntimeError("S3 refused p7")

    s3.meta.events.register("provide-client-params.s3.PutObject", refuse_one)
    with pytest.raises(RuntimeError, match="p7"):
        rebuild.upload(s3, BUCKET, tmp_path / "v1", sorted(manifest))


def test_every_call_of_a_publish_is_allowed_by_the_rebuild_functions_policy(
    aws: dict[str, Any], tmp_path: Path, resources: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """IAM as a contract (tests/infra/iam_contract.py): the build reads a record's uploaded picture,
    the publish writes files, keys and an invalidation; each call is checked against the rebuild
    function's policy in the synthesized template (the uploads read failed before the grant)."""
    import io

    from iam_contract import Recorder, violations
    from PIL import Image

    from functions.core.settings import get_settings
    from functions.publish.images import SiteImages
    from functions.services.storage import reset_storage_cache

    s3 = aws["clients"]["s3"]
    s3.create_bucket(Bucket="uploads")
    picture = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(picture, "PNG")
    s3.put_object(Bucket="uploads", Key="storage/2026/11/slide.png", Body=picture.getvalue())
    monkeypatch.setenv("CITYOPS_UPLOADS_BUCKET", "uploads")
    monkeypatch.setenv("CITYOPS_AWS_REGION", REGION)
    get_settings.cache_clear()
    reset_storage_cache()
    boto3.setup_default_session(region_name=REGION)
    recorder = Recorder().watch(
        boto3.DEFAULT_SESSION.events, *(c.meta.events for c in aws["clients"].values())
    )
    try:
        assert SiteImages(tmp_path / "content", tmp_path / "cache").publish("/storage/2026/11/slide.png")
        manifest = _site(tmp_path / "v1", {"index.html": "<h1>home</h1>", "news/1/index.html": "<h1>1</h1>"})
        with Stubber(aws["clients"]["cloudfront-keyvaluestore"]) as stub:
            _expect_keys(stub, sorted(manifest), [])
            rebuild.deploy(aws["clients"], aws["target"], tmp_path / "v1", manifest, lambda _: None, "job")
    finally:
        boto3.DEFAULT_SESSION = None
        get_settings.cache_clear()
        reset_storage_cache()
    made = {f"{service}:{operation}" for service, operation, _ in recorder.calls}
    assert {"s3:GetObject", "s3:PutObject", "cloudfront-keyvaluestore:UpdateKeys"} <= made
    assert "cloudfront:CreateInvalidation" in made
    buckets = {
        BUCKET: next(k for k in resources if k.startswith("SiteBucket")),
        "uploads": next(k for k in resources if k.startswith("UploadsBucket")),
    }
    assert violations(resources, "functions.publish.rebuild.handler", recorder.calls, buckets) == []


def test_the_minute_schedule_starts_a_publish_when_a_scheduled_row_is_due(
    aws: dict[str, Any], dynamodb: Any, resources: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EventBridge Scheduler's `{"scheduled": true}` (issue 36 item 8): with nothing due it does
    nothing; when the last publish listed a row whose time has come, it starts a publish by invoking
    this function with a new job id, a call its own resource policy allows (IAM as a contract)."""
    from iam_contract import Recorder, violations

    from functions.core.settings import get_settings
    from functions.models.job import Job
    from functions.services import jobs
    from functions.services.publish_jobs import KIND

    name = "cityops-prod-rebuild"
    monkeypatch.setenv("CITYOPS_REBUILD_FUNCTION", name)
    get_settings.cache_clear()
    boto3.setup_default_session(region_name=REGION)
    recorder = Recorder().watch(boto3.DEFAULT_SESSION.events)

    class Accepted:
        status_code = 202

    # The invoke is answered here: the function it starts is the one under test, not moto's.
    boto3.DEFAULT_SESSION.events.register(
        "before-call.lambda.Invoke", lambda **_: (Accepted(), {"StatusCode": 202})
    )
    last = jobs.create_job(KIND, by=None, params={"reason": "an earlier publish"})
    started: list[str] = []
    try:
        jobs.set_status(last.id, "done", summary={"changed": [], "scheduled": []})
        assert rebuild.handler({"scheduled": True}) == {"scheduled": None}
        assert recorder.calls == [] or all(service != "lambda" for service, _, _ in recorder.calls)

        stamp = int(last.create_time)
        row = {
            "table": "business/news",
            "id": 7,
            "title": {"zh-cn": "停电通知", "en": "Outage"},
            "at": stamp + 1,
        }
        jobs.set_status(last.id, "done", summary={"changed": [], "scheduled": [row]})
        Job(last.id).update(actions=[Job.create_time.set(stamp - 60)])  # it ran before the row's time
        answer = rebuild.handler({"scheduled": True})
        started.append(str(answer["scheduled"]))
        job = jobs.get_job(started[0])
        assert job is not None and job.params_doc()["source"] == "schedule"
        invokes = [params for service, op, params in recorder.calls if (service, op) == ("lambda", "Invoke")]
        assert [(p["FunctionName"], p["InvocationType"]) for p in invokes] == [(name, "Event")]
        assert json.loads(invokes[0]["Payload"])["job_id"] == job.id
        function = next(
            k for k, v in resources.items() if v["Properties"].get("Handler") == rebuild.__name__ + ".handler"
        )
        calls = [call for call in recorder.calls if call[0] == "lambda"]
        assert violations(resources, "functions.publish.rebuild.handler", calls, {}, {name: function}) == []
    finally:
        boto3.DEFAULT_SESSION = None
        get_settings.cache_clear()
        for job_id in (last.id, *started):  # no queued job left behind for later tests to join
            jobs.set_status(job_id, "done")
