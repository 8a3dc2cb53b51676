"""The rehearsal's CloudFront (infra/rehearsal/scenario.py `Rehearsal.serve`) answers as the
distribution does: the viewer-request function picks the object by the store's keys and the
viewer-response function gives an unknown path status 404. A page or picture the publish did not put
in the store must not look served because the bucket has a 404 page (make rehearse would then pass a
news page whose picture never reached the store)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import boto3
import pytest
from moto import mock_aws

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

SITE, UPLOADS = "site", "uploads"


@pytest.fixture
def rehearsal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from rehearsal.scenario import Rehearsal
    from rehearsal.standins import KeyValueStores

    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        s3 = boto3.client("s3", region_name="us-east-1")
        for bucket in (SITE, UPLOADS):
            s3.create_bucket(Bucket=bucket)
        run = Rehearsal(tmp_path, tmp_path, "python3.12")
        run.aws = {"s3": s3}
        run.stage = SimpleNamespace(buckets={SITE: "SiteBucket397A1860", UPLOADS: "UploadsBucket5E5E9B64"})
        run.kvs = KeyValueStores()
        run.kvs.create_store("paths")
        yield run


def _publish(run, files: dict[str, bytes], listed: list[str]) -> None:
    (arn,) = run.kvs.stores
    for key, body in files.items():
        run.aws["s3"].put_object(Bucket=SITE, Key=key, Body=body)
    run.kvs.stores[arn]["keys"].update({key: "1" for key in listed})


def test_a_published_page_and_picture_are_served(rehearsal) -> None:
    files = {
        "index.html": b"<h1>home</h1>",
        "404.html": b"<h1>not found</h1>",
        "en/news/7/index.html": b"<h1>news</h1>",
        "images/records/abc.webp": b"RIFF....WEBP",
    }
    _publish(rehearsal, files, list(files))
    assert rehearsal.serve("/") == (200, b"<h1>home</h1>")
    assert rehearsal.serve("/en/news/7") == (200, b"<h1>news</h1>")
    assert rehearsal.serve("/images/records/abc.webp") == (200, b"RIFF....WEBP")


def test_a_file_missing_from_the_store_is_a_404_not_the_404_page_served_as_200(rehearsal) -> None:
    files = {"index.html": b"<h1>home</h1>", "404.html": b"<h1>not found</h1>"}
    # The picture reached the bucket, but the publish never put its key in the store.
    files["images/records/abc.webp"] = b"RIFF....WEBP"
    _publish(rehearsal, files, ["index.html", "404.html"])
    status, _ = rehearsal.serve("/images/records/abc.webp")
    assert status == 404
    assert rehearsal.serve("/en/news/8")[0] == 404


def test_a_key_the_store_lists_but_the_bucket_lacks_is_a_404(rehearsal) -> None:
    _publish(rehearsal, {"404.html": b"x"}, ["404.html", "en/news/9/index.html"])
    assert rehearsal.serve("/en/news/9")[0] == 404


def test_uploads_are_served_from_the_uploads_bucket(rehearsal) -> None:
    rehearsal.aws["s3"].put_object(Bucket=UPLOADS, Key="storage/2026/11/a.png", Body=b"png")
    assert rehearsal.serve("/storage/2026/11/a.png") == (200, b"png")
    assert rehearsal.serve("/storage/2026/11/b.png")[0] == 404
