"""The rebuild function on AWS (DESIGN §7): `functions.publish.rebuild.handler`.

The API invokes it asynchronously (`InvocationType=Event`, payload `{"job_id", "delay"}`) when a
public record or the site Config is saved, or an admin presses "Publish site"
(`functions.services.publish_jobs.start`). It waits out the debounce, takes the publish lock and runs the
job (`run_publish`), writing its progress to the job log the back office shows:

1. export the published records and build with Pelican in /tmp (`pipeline.build_release`);
2. read the previous build's manifest (`_publish/manifest.json` in the site bucket; none: every file
   counts as changed) and diff by content hash;
3. upload only the changed files, in parallel (`UPLOAD_WORKERS`), with their content type and cache
   headers (HTML and other unhashed pages short, content-hashed assets immutable): the new files
   first, then their paths are put into the CloudFront KeyValueStore of public paths, then the live
   pages that changed are overwritten;
4. delete the removed paths from the store, then the removed files;
5. invalidate only the changed and removed paths (a page also under its directory URL);
6. write the new manifest last, so a run that fails half-way is diffed again in full next time.

The terminal's AWS tasks (`functions.services.terminal`) come as `{"job_id", "task"}`: "cdn-clear"
invalidates `/*` (its line goes to the same job log, which the terminal's stream replays).

EventBridge Scheduler starts it every minute with `{"scheduled": true}` (`scheduled_publish`): a row
whose publish time comes within that minute is waited for, then a publish starts (an invoke of this
function with a new job id, as a save's would), so that the row is on the site within a minute.

The API asks it for previews too (`{"preview": {design, id, values, lang}}`, a synchronous invoke:
`functions.publish.preview.remote_pages`): the page a row would have, built here (the API function has
no Pelican) and answered, nothing written.

A failure at any step marks the job failed and leaves the manifest as it was, so the next publish
redoes the whole diff. Until the first live page is overwritten (step 3 uploads the new files and adds
their paths first, `deploy`) the live site is exactly as it was; nothing is deleted before every upload
succeeded.

Environment: `CITYOPS_SITE_BUCKET`, `CITYOPS_PATHS_STORE_ARN`, `CITYOPS_DISTRIBUTION_ID` (set by the
stack), plus the usual table settings.
"""

from __future__ import annotations

import json
import mimetypes
import re
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import boto3
from botocore.config import Config

from functions.core.secrets import load_secrets
from functions.core.settings import get_settings
from functions.models import configure_models
from functions.publish.pipeline import Diff, Log, build_release, diff, job_summary
from functions.services.publish_jobs import publish_if_due, run_publish, seconds_to_next
from functions.services.terminal import run_aws_task

MANIFEST_KEY = "_publish/manifest.json"
APP_PREFIX = "app/"
KEY_VALUE = "1"
KEYS_PER_UPDATE = 50  # UpdateKeys takes at most 50 puts and deletes per call
PATHS_PER_INVALIDATION = 1000
MAX_KEY_BYTES = 512
MAX_DELAY_SECONDS = 60.0
# The schedule starts this function every minute: a row due within the next minute is waited for.
SCHEDULE_LEAD_SECONDS = 60.0
# Parallel uploads: a first publish of 20,000 files takes minutes one at a time.
UPLOAD_WORKERS = 16
HTML_CACHE = "public, max-age=60, must-revalidate"
ASSET_CACHE = "public, max-age=3600"
IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
SHORT_SUFFIXES = (".html", ".xml", ".txt", ".json")
# A file whose name carries a content hash (`site.3f2a9c1b.css`, `hero-640w-3f2a9c1b.webp`).
HASHED_NAME = re.compile(r"[.-][0-9a-f]{8,}\.[a-z0-9]+$")


def cache_control(key: str) -> str:
    name = key.rsplit("/", 1)[-1]
    if name.endswith(SHORT_SUFFIXES):
        return HTML_CACHE
    if HASHED_NAME.search(name):
        return IMMUTABLE_CACHE
    return ASSET_CACHE


def content_type(key: str) -> str:
    media, _ = mimetypes.guess_type(key)
    media = media or "application/octet-stream"
    if media.startswith("text/") or media in ("application/javascript", "application/json"):
        media += "; charset=utf-8"
    return media


def read_manifest(s3: Any, bucket: str) -> dict[str, str]:
    try:
        body = s3.get_object(Bucket=bucket, Key=MANIFEST_KEY)["Body"].read()
    except s3.exceptions.NoSuchKey:
        return {}
    return dict(json.loads(body))


def upload(s3: Any, bucket: str, root: Path, keys: list[str]) -> None:
    """Upload `keys` (only the changed files) UPLOAD_WORKERS at a time (a boto3 client is thread-safe);
    the first failure is raised once every started upload has ended."""

    def put(key: str) -> None:
        s3.put_object(
            Bucket=bucket,
            Key=key,
            Body=(root / key).read_bytes(),
            ContentType=content_type(key),
            CacheControl=cache_control(key),
        )

    if not keys:
        return
    with ThreadPoolExecutor(max_workers=min(UPLOAD_WORKERS, len(keys))) as pool:
        for result in [pool.submit(put, key) for key in keys]:
            result.result()


def delete(s3: Any, bucket: str, keys: list[str]) -> None:
    for start in range(0, len(keys), 1000):
        batch = keys[start : start + 1000]
        s3.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": k} for k in batch], "Quiet": True})


def update_paths(
    kvs: Any, store_arn: str, added: list[str], removed: list[str], etag: str | None = None
) -> str | None:
    """Put the new paths and delete the removed ones (KeyValueStore keys: see viewer_request.js);
    `etag`: the store's version already read (else it is read here). Returns the store's version."""
    changes: list[tuple[str, str]] = [("put", k) for k in added if len(k.encode()) <= MAX_KEY_BYTES]
    changes += [("delete", k) for k in removed if len(k.encode()) <= MAX_KEY_BYTES]
    if not changes:
        return etag
    if etag is None:
        etag = kvs.describe_key_value_store(KvsARN=store_arn)["ETag"]
    for start in range(0, len(changes), KEYS_PER_UPDATE):
        batch = changes[start : start + KEYS_PER_UPDATE]
        request: dict[str, Any] = {"KvsARN": store_arn, "IfMatch": etag}
        puts = [{"Key": k, "Value": KEY_VALUE} for kind, k in batch if kind == "put"]
        deletes = [{"Key": k} for kind, k in batch if kind == "delete"]
        if puts:
            request["Puts"] = puts
        if deletes:
            request["Deletes"] = deletes
        etag = kvs.update_keys(**request)["ETag"]
    return etag


def invalidation_paths(keys: list[str]) -> list[str]:
    """The URLs that serve `keys`: `/about/index.html` is also `/about/` and `/about`."""
    paths: set[str] = set()
    for key in keys:
        paths.add("/" + key)
        if key == "index.html" or key.endswith("/index.html"):
            folder = "/" + key[: -len("index.html")]
            paths.add(folder)
            if folder != "/":
                paths.add(folder.rstrip("/"))
    return sorted(paths)


def invalidate(cloudfront: Any, distribution_id: str, keys: list[str], reference: str) -> list[str]:
    """Invalidate the URLs of `keys` (in batches; one wildcard when there are too many)."""
    paths = invalidation_paths(keys)
    if not paths:
        return []
    if len(paths) > PATHS_PER_INVALIDATION:
        paths = ["/*"]
    ids = []
    for start in range(0, len(paths), PATHS_PER_INVALIDATION):
        batch = paths[start : start + PATHS_PER_INVALIDATION]
        answer = cloudfront.create_invalidation(
            DistributionId=distribution_id,
            InvalidationBatch={
                "Paths": {"Quantity": len(batch), "Items": batch},
                "CallerReference": f"{reference}-{start}",
            },
        )
        ids.append(answer["Invalidation"]["Id"])
    return ids


def deploy(
    clients: dict[str, Any], target: dict[str, str], root: Path, manifest: dict[str, str], log: Log, ref: str
) -> Diff:
    """Steps 2-6 for a built site in `root` with `manifest`; returns what changed.

    In the order that keeps the live site as it was for as long as possible: the store's version is
    read first (a store the function cannot reach fails the publish before anything is written); new
    files are uploaded while no path leads to them, and their paths added; only then are the live
    pages that changed overwritten (the one step a failure can leave half done: the next publish
    redoes it, the manifest not being advanced); then the removed paths and files go, the changed
    paths are invalidated and the manifest is written."""
    s3, bucket = clients["s3"], target["bucket"]
    kvs, store = clients["cloudfront-keyvaluestore"], target["store_arn"]
    old = read_manifest(s3, bucket)
    change = diff(old, manifest)
    log(f"diff: {len(change.changed)} changed, {len(change.removed)} removed of {len(manifest)} files")
    added = sorted(k for k in change.changed if k not in old)
    replaced = [k for k in change.changed if k in old]
    etag = kvs.describe_key_value_store(KvsARN=store)["ETag"] if added or change.removed else None
    upload(s3, bucket, root, added)
    etag = update_paths(kvs, store, added, [], etag)
    upload(s3, bucket, root, replaced)
    log(f"upload: {len(change.changed)} files to s3://{bucket}")
    update_paths(kvs, store, [], change.removed, etag)
    log(f"paths: {len(added)} added, {len(change.removed)} removed in the KeyValueStore")
    delete(s3, bucket, change.removed)
    ids = invalidate(clients["cloudfront"], target["distribution_id"], change.paths, ref)
    log(f"invalidation: {', '.join(ids) if ids else 'none needed'}")
    s3.put_object(
        Bucket=bucket,
        Key=MANIFEST_KEY,
        Body=json.dumps(manifest, sort_keys=True).encode(),
        ContentType="application/json",
        CacheControl="no-store",
    )
    return change


def _clients() -> dict[str, Any]:
    return {
        "s3": boto3.client("s3", config=Config(max_pool_connections=UPLOAD_WORKERS)),
        **{name: boto3.client(name) for name in ("cloudfront-keyvaluestore", "cloudfront")},
    }


def _target() -> dict[str, str]:
    settings = get_settings()
    return {
        "bucket": settings.site_bucket,
        "store_arn": settings.paths_store_arn,
        "distribution_id": settings.distribution_id,
    }


def aws_work(clients: dict[str, Any] | None = None, target: dict[str, str] | None = None) -> Any:
    """The publish work of the rebuild function (a `functions.services.publish_jobs.Work`)."""

    def work(job_id: str, log: Log) -> dict[str, Any]:
        used = clients or _clients()
        where = target or _target()
        with tempfile.TemporaryDirectory(prefix="cityops-publish-") as tmp:
            release = build_release(Path(tmp), log)
            change = deploy(used, where, release.output, release.manifest, log, job_id)
        return job_summary("aws", change, release)

    return work


def scheduled_publish() -> dict[str, Any]:
    """EventBridge Scheduler's minute (`{"scheduled": true}`): when a scheduled row falls due within
    the next `SCHEDULE_LEAD_SECONDS`, wait for its time and start a publish (this function, invoked
    like every publish: `publish_jobs.start`), so that it is on the site within a minute of it."""
    wait = seconds_to_next()
    if wait is None or wait >= SCHEDULE_LEAD_SECONDS:
        return {"scheduled": None}
    time.sleep(wait)
    job = publish_if_due()
    return {"scheduled": job.id if job is not None else None}


def handler(event: dict[str, Any], context: Any = None) -> dict[str, Any]:
    load_secrets()
    configure_models(get_settings())
    if event.get("scheduled"):
        return scheduled_publish()
    if event.get("preview"):  # a row's page before it is published, for the API (`preview.remote_pages`)
        from functions.publish.preview import preview_event  # deferred: previews only, not every rebuild

        return preview_event(event["preview"])
    job_id = str(event["job_id"])
    if event.get("task") and event["task"] != "publish":
        # A task of the back office's terminal (functions.services.terminal): clear the CDN.
        if not run_aws_task(job_id, str(event["task"])):
            raise RuntimeError(f"terminal job {job_id} failed")
        return {"job_id": job_id, "ok": True}
    time.sleep(min(max(float(event.get("delay") or 0), 0.0), MAX_DELAY_SECONDS))
    if not run_publish(job_id, aws_work()):
        # The job log says why; raising counts it in the function's Errors (the alarm). No retry:
        # the function's async invoke config allows none.
        raise RuntimeError(f"publish job {job_id} failed")
    return {"job_id": job_id, "ok": True}
