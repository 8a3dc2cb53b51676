"""Remote mode: the presigned POST policy the server generates and the callback's checks.

S3 is moto (the only AWS service mocked; DynamoDB stays DynamoDB Local through moto's passthrough).
The browser's form post is replayed with `requests`, which moto intercepts like the real bucket."""

# ruff: noqa: F811 - the fixtures imported from uploads_support are parameters of the tests
from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator

import pytest

from tests.api.uploads_support import (
    MAX_BYTES,
    admin_headers,  # noqa: F401 - fixtures
    member_headers,  # noqa: F401
    other_member_headers,  # noqa: F401
    recycled_attachments,
    unique_png,
    upload_env,  # noqa: F401
)

BUCKET = "cityops-test-uploads"


@pytest.fixture(scope="module")
def s3(upload_env) -> Iterator:
    import boto3
    from moto import mock_aws

    from functions.core.settings import get_settings
    from functions.services.storage import reset_storage_cache

    with (
        mock_aws(config={"core": {"passthrough": {"services": ["dynamodb"]}}}),
        pytest.MonkeyPatch.context() as mp,
    ):
        mp.setenv("CITYOPS_UPLOADS_BUCKET", BUCKET)
        get_settings.cache_clear()
        reset_storage_cache()
        client = boto3.client("s3", region_name=get_settings().aws_region)
        client.create_bucket(Bucket=BUCKET)
        try:
            yield client
        finally:
            get_settings.cache_clear()
            reset_storage_cache()


def _params(api, headers, data: bytes, name: str = "photo.png", mimetype: str = "image/png", **extra) -> dict:
    body = {
        "name": name,
        "size": len(data),
        "type": mimetype,
        "sha1": hashlib.sha1(data).hexdigest(),
        "topic": "remote",
        **extra,
    }
    answer = api.post(
        "/srv/api/Alioss/params" if "ba-user-token" in headers else "/srv/admin/Alioss/params",
        headers={**headers, "Accept-Language": "en"},
        json=body,
    ).json()
    return answer


def _post_form(prepared: dict, data: bytes, name: str, mimetype: str):
    import requests

    fields = dict(prepared["params"])
    return requests.post(prepared["url"], data=fields, files={"file": (name, data, mimetype)}, timeout=10)


def _callback(api, headers, prepared: dict, data: bytes, name: str = "photo.png", **override) -> dict:
    body = {
        "url": prepared["fileUrl"],
        "name": name,
        "size": len(data),
        "type": "image/png",
        "sha1": hashlib.sha1(data).hexdigest(),
        "topic": "remote",
        "token": prepared["token"],
        **override,
    }
    path = "/srv/api/Alioss/callback" if "ba-user-token" in headers else "/srv/admin/Alioss/callback"
    return api.post(path, headers={**headers, "Accept-Language": "en"}, json=body).json()


def test_presigned_post_policy_pins_size_type_and_key(api, s3, member_headers) -> None:
    data = unique_png()
    answer = _params(api, member_headers, data)
    assert answer["code"] == 1, answer
    prepared = answer["data"]
    fields = prepared["params"]
    key = fields["key"]
    assert key == prepared["key"] and key.startswith("incoming/") and key.endswith("/photo.png")
    assert fields["Content-Type"] == "image/png" and fields["success_action_status"] == "201"
    policy = json.loads(base64.b64decode(fields["policy"]))
    conditions = policy["conditions"]
    assert ["content-length-range", 1, MAX_BYTES] in conditions
    assert {"Content-Type": "image/png"} in conditions
    assert ["starts-with", "$key", "incoming/"] in conditions
    assert {"key": key} in conditions and {"bucket": BUCKET} in conditions
    assert {"success_action_status": "201"} in conditions
    assert policy["expiration"]


def test_declared_type_and_size_are_checked_before_signing(api, s3, member_headers) -> None:
    assert (
        _params(api, member_headers, b"<svg/>", name="x.svg", mimetype="image/svg+xml")["msg"]
        == "The type of uploaded file is not allowed!"
    )
    too_big = _params(api, member_headers, b"x", size=MAX_BYTES + 1)
    assert too_big["msg"] == "The size of the uploaded file exceeds the allowed range!"
    assert (
        _params(api, member_headers, b"x", sha1="nope")["msg"]
        == "The data of the uploaded file is incomplete!"
    )
    # An .html file may not get a text/html form either way.
    assert _params(api, member_headers, b"<p>", name="a.html", mimetype="text/html")["code"] == 0


def test_post_then_callback_records_the_verified_file(api, s3, member_headers) -> None:
    data = unique_png((9, 4))
    prepared = _params(api, member_headers, data)["data"]
    posted = _post_form(prepared, data, "photo.png", "image/png")
    assert int(posted.status_code) == 201, posted.text
    answer = _callback(api, member_headers, prepared, data)
    assert answer["code"] == 1, answer
    file = answer["data"]["file"]
    assert file["storage"] == "s3" and (file["width"], file["height"]) == (9, 4) and file["user_id"] > 0
    assert file["url"].startswith("/storage/remote/") and file["url"].endswith(f"photo{file['sha1']}.png")
    head = s3.head_object(Bucket=BUCKET, Key=file["url"].lstrip("/"))
    assert head["ContentLength"] == len(data) and head["ContentType"] == "image/png"
    # The incoming object is gone and the token cannot be used twice.
    listed = s3.list_objects_v2(Bucket=BUCKET, Prefix=prepared["key"])
    assert listed.get("KeyCount", 0) == 0
    assert (
        _callback(api, member_headers, prepared, data)["msg"] == "The uploaded file was not found in storage!"
    )


def test_callback_refuses_a_missing_object(api, s3, admin_headers) -> None:
    data = unique_png()
    prepared = _params(api, admin_headers, data)["data"]
    assert (
        _callback(api, admin_headers, prepared, data)["msg"] == "The uploaded file was not found in storage!"
    )


def test_callback_refuses_another_size_or_content(api, s3, admin_headers) -> None:
    data = unique_png()
    prepared = _params(api, admin_headers, data)["data"]
    # What is really posted differs from what was declared (same length, other bytes).
    other = bytearray(data)
    other[-20] ^= 0xFF
    s3.put_object(Bucket=BUCKET, Key=prepared["key"], Body=bytes(other), ContentType="image/png")
    answer = _callback(api, admin_headers, prepared, data)
    assert answer["code"] == 0 and answer["msg"] == "The file content does not match its type!"
    assert s3.list_objects_v2(Bucket=BUCKET, Prefix=prepared["key"]).get("KeyCount", 0) == 0
    # Claiming another size than the token's.
    prepared = _params(api, admin_headers, data)["data"]
    s3.put_object(Bucket=BUCKET, Key=prepared["key"], Body=data, ContentType="image/png")
    assert (
        _callback(api, admin_headers, prepared, data, size=len(data) + 1)["msg"]
        == "The upload credential is invalid or expired!"
    )


def test_callback_sniffs_the_content_like_a_local_upload(api, s3, admin_headers) -> None:
    data = b"<html><script>alert(1)</script></html>"
    prepared = _params(api, admin_headers, data, name="notes.txt", mimetype="text/plain")["data"]
    assert prepared["params"]["Content-Type"] == "text/plain"
    s3.put_object(Bucket=BUCKET, Key=prepared["key"], Body=data, ContentType="text/plain")
    answer = _callback(api, admin_headers, prepared, data, name="notes.txt")
    assert answer["msg"] == "The file contains content that is not allowed!"
    assert s3.list_objects_v2(Bucket=BUCKET, Prefix="storage/").get("KeyCount", 0) == 0 or all(
        not obj["Key"].endswith("notes.txt")
        for obj in s3.list_objects_v2(Bucket=BUCKET, Prefix="storage/")["Contents"]
    )


def test_callback_token_is_bound_to_the_uploader(api, s3, member_headers, other_member_headers) -> None:
    data = unique_png()
    prepared = _params(api, member_headers, data)["data"]
    s3.put_object(Bucket=BUCKET, Key=prepared["key"], Body=data, ContentType="image/png")
    assert (
        _callback(api, other_member_headers, prepared, data)["msg"]
        == "The upload credential is invalid or expired!"
    )
    assert (
        _callback(api, member_headers, prepared, data, token="forged")["msg"]
        == "The upload credential is invalid or expired!"
    )
    assert (
        _callback(api, member_headers, prepared, data, url="/incoming/other/key.png")["msg"]
        == "The upload credential is invalid or expired!"
    )
    assert _callback(api, member_headers, prepared, data)["code"] == 1


def test_local_mode_upload_goes_to_the_bucket_when_one_is_configured(api, s3, admin_headers) -> None:
    data = unique_png()
    response = api.post(
        "/srv/admin/ajax/upload", headers=admin_headers, files={"file": ("b.png", data, "image/png")}
    )
    file = response.json()["data"]["file"]
    assert file["storage"] == "s3"
    assert s3.get_object(Bucket=BUCKET, Key=file["url"].lstrip("/"))["Body"].read() == data
    # Deleting the only row keeps the object while the row's recycle-bin copy refers to it (when the
    # recycle rules keep attachment records); purging the copy deletes the object.
    api.delete("/srv/admin/routine/attachment/del", headers=admin_headers, params={"ids[]": [file["id"]]})
    key = file["url"].lstrip("/")
    kept = recycled_attachments(api, admin_headers)
    copies = [r["id"] for r in kept if r["item_id"] == file["id"]]
    if copies:
        assert s3.list_objects_v2(Bucket=BUCKET, Prefix=key).get("KeyCount", 0) == 1
        purged = api.delete(
            "/srv/admin/security/dataRecycleLog/del", headers=admin_headers, params={"ids[]": copies}
        )
        assert purged.json()["code"] == 1
    assert s3.list_objects_v2(Bucket=BUCKET, Prefix=key).get("KeyCount", 0) == 0
