"""The deploy's bootstrap custom resource (functions/deploy/bootstrap.py), run as CloudFormation runs
it: Secrets Manager, S3 and CloudFront are moto's, the KeyValueStore API (not in moto) a botocore
Stubber that asserts every call, DynamoDB the suites' DynamoDB Local (tables of a fresh prefix)."""

from __future__ import annotations

import json
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber
from moto import mock_aws

REGION = "us-east-1"
STORE_ARN = "arn:aws:cloudfront::123456789012:key-value-store/11111111-2222-3333-4444-555555555555"
SITE_FILES = ["index.html", "en/index.html", "about/history/index.html", "theme/css/site.css", "404.html"]
APP_FILES = ["app/index.html", "app/assets/index-abc.js"]


@pytest.fixture
def aws(isolated_tables, no_secrets, monkeypatch: pytest.MonkeyPatch):
    """moto for Secrets Manager, S3 and CloudFront; the two generated secrets and the site bucket."""
    from functions.core.settings import get_settings

    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    monkeypatch.setenv("CITYOPS_TABLE_PREFIX", isolated_tables.table_prefix)
    with mock_aws():
        sm = boto3.client("secretsmanager", region_name=REGION)
        for variable in ("CITYOPS_JWT_SECRET", "CITYOPS_ORIGIN_VERIFY_SECRET"):
            arn = sm.create_secret(Name=f"cityops-test/{variable}", SecretString="x" * 64)["ARN"]
            monkeypatch.setenv(f"{variable}_ARN", arn)
        monkeypatch.setenv("CITYOPS_ENV", "production")
        monkeypatch.setenv("CITYOPS_CLIENT_IP_SOURCE", "cloudfront")
        admin_arn = sm.create_secret(Name="cityops-test/first-admin", SecretString="placeholder")["ARN"]
        s3 = boto3.client("s3", region_name=REGION)
        s3.create_bucket(Bucket="site")
        for key in SITE_FILES + APP_FILES:
            s3.put_object(Bucket="site", Key=key, Body=b"x")
        cloudfront = boto3.client("cloudfront", region_name=REGION)
        distribution_id = cloudfront.create_distribution(DistributionConfig=_distribution_config())[
            "Distribution"
        ]["Id"]
        get_settings.cache_clear()
        try:
            yield {
                "secretsmanager": sm,
                "s3": s3,
                "cloudfront": cloudfront,
                "properties": {
                    "SiteBucket": "site",
                    "KeyValueStoreArn": STORE_ARN,
                    "DistributionId": distribution_id,
                    "AdminSecretArn": admin_arn,
                },
            }
        finally:
            get_settings.cache_clear()


def _distribution_config() -> dict[str, Any]:
    return {
        "CallerReference": "test",
        "Comment": "",
        "Enabled": True,
        "Origins": {"Quantity": 1, "Items": [{"Id": "site", "DomainName": "site.s3.amazonaws.com"}]},
        "DefaultCacheBehavior": {"TargetOriginId": "site", "ViewerProtocolPolicy": "allow-all"},
    }


def _kvs(existing: list[str], expect_puts: list[str], expect_deletes: list[str]):
    """A KeyValueStore client whose every call is expected in order, with its exact parameters."""
    client = boto3.client("cloudfront-keyvaluestore", region_name=REGION)
    stub = Stubber(client)
    stub.add_response(
        "list_keys",
        {"Items": [{"Key": k, "Value": "1"} for k in existing]},
        {"KvsARN": STORE_ARN},
    )
    if expect_puts or expect_deletes:
        stub.add_response(
            "describe_key_value_store",
            {
                "ItemCount": len(existing),
                "TotalSizeInBytes": 1,
                "KvsARN": STORE_ARN,
                "Created": "2026-01-01",
                "ETag": "etag-1",
            },
            {"KvsARN": STORE_ARN},
        )
        request: dict[str, Any] = {"KvsARN": STORE_ARN, "IfMatch": "etag-1"}
        if expect_puts:
            request["Puts"] = [{"Key": k, "Value": "1"} for k in expect_puts]
        if expect_deletes:
            request["Deletes"] = [{"Key": k} for k in expect_deletes]
        stub.add_response(
            "update_keys",
            {"ItemCount": 1, "TotalSizeInBytes": 1, "ETag": "etag-2"},
            request,
        )
    stub.activate()
    return client, stub


def _event(properties: dict[str, Any], kind: str = "Create") -> dict[str, Any]:
    return {
        "RequestType": kind,
        "ResponseURL": "https://cloudformation-custom-resource-response.example/presigned",
        "StackId": "arn:aws:cloudformation:us-east-1:123456789012:stack/CityOps-test/guid",
        "RequestId": f"request-{kind}",
        "LogicalResourceId": "Bootstrap",
        "ResourceType": "Custom::CityOpsBootstrap",
        "ResourceProperties": {"ServiceToken": "arn:aws:lambda:…", **properties},
    }


def _run(aws: dict, kvs, event: dict[str, Any]) -> list[tuple]:
    from functions.deploy import bootstrap

    answers: list[tuple] = []
    clients = {**aws, "cloudfront-keyvaluestore": kvs}
    clients.pop("properties")
    bootstrap.handler(
        event,
        None,
        runner=lambda props, request_id: bootstrap.run(props, request_id, clients),
        respond=lambda e, status, reason, data: answers.append((status, reason, data)),
    )
    return answers


def test_first_deploy_seeds_creates_the_admin_fills_the_store_and_invalidates(aws: dict) -> None:
    from functions.models import Admin
    from functions.seed import FIRST_ADMIN_USERNAME

    kvs, stub = _kvs([], sorted(SITE_FILES), [])
    (answer,) = _run(aws, kvs, _event(aws["properties"]))
    assert answer == (
        "SUCCESS",
        "bootstrap done",
        {"AdminCreated": "true", "KeysPut": "5", "KeysDeleted": "0"},
    )
    stub.assert_no_pending_responses()

    # The password is in the secret, and it is the admin's.
    stored = json.loads(
        aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])["SecretString"]
    )
    assert stored["username"] == FIRST_ADMIN_USERNAME and len(stored["password"]) >= 20
    from functions.core.security import verify_password

    (admin,) = [a for a in Admin.scan() if a.username == FIRST_ADMIN_USERNAME]
    assert verify_password(admin.password_hash, stored["password"])

    # Rules and groups are seeded.
    from functions.models import AdminGroup, AdminRule

    assert AdminGroup.count() >= 1 and AdminRule.count() > 10

    (invalidation,) = aws["cloudfront"].list_invalidations(
        DistributionId=aws["properties"]["DistributionId"]
    )["InvalidationList"]["Items"]
    detail = aws["cloudfront"].get_invalidation(
        DistributionId=aws["properties"]["DistributionId"], Id=invalidation["Id"]
    )["Invalidation"]["InvalidationBatch"]
    assert detail["Paths"]["Items"] == ["/*"] and detail["CallerReference"] == "request-Create"


def test_a_later_deploy_keeps_the_admin_and_syncs_only_the_changes(aws: dict) -> None:
    kvs, _ = _kvs([], sorted(SITE_FILES), [])
    _run(aws, kvs, _event(aws["properties"]))
    secret_before = aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])

    aws["s3"].delete_object(Bucket="site", Key="404.html")
    aws["s3"].put_object(Bucket="site", Key="en/news/index.html", Body=b"x")
    existing = sorted(SITE_FILES)
    kvs, stub = _kvs(existing, ["en/news/index.html"], ["404.html"])
    (answer,) = _run(aws, kvs, _event(aws["properties"], "Update"))
    assert answer[0] == "SUCCESS" and answer[2]["AdminCreated"] == "false"
    stub.assert_no_pending_responses()
    secret_after = aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])
    assert secret_after["VersionId"] == secret_before["VersionId"]

    # Nothing changed: no write to the store at all.
    kvs, stub = _kvs(sorted(set(existing) - {"404.html"} | {"en/news/index.html"}), [], [])
    (answer,) = _run(aws, kvs, _event(aws["properties"], "Update"))
    assert answer[0] == "SUCCESS" and answer[2]["KeysPut"] == "0"
    stub.assert_no_pending_responses()


def test_delete_does_nothing_and_a_failure_is_reported(aws: dict) -> None:
    kvs, stub = _kvs([], [], [])
    (answer,) = _run(aws, kvs, {**_event(aws["properties"], "Delete")})
    assert answer == ("SUCCESS", "bootstrap done", {})
    broken = {**aws["properties"], "SiteBucket": "no-such-bucket"}
    kvs, _ = _kvs([], [], [])
    (answer,) = _run(aws, kvs, _event(broken, "Update"))
    assert answer[0] == "FAILED" and "NoSuchBucket" in answer[1]


def test_the_terminals_data_upgrade_seeds_but_never_creates_an_admin(aws: dict) -> None:
    """`{"task": "data-upgrade"}` (from the rebuild function): the seed alone, answered to the caller."""
    from functions.deploy import bootstrap
    from functions.models import Admin
    from functions.models.config import Config

    with pytest.raises(RuntimeError, match="no admin yet"):
        bootstrap.handler({"task": "data-upgrade"}, None)
    assert not Admin.any_exists()  # no admin whose password nobody could read
    kvs, _ = _kvs([], sorted(SITE_FILES), [])
    _run(aws, kvs, _event(aws["properties"]))  # the first deploy creates the admin
    Config.get("site", "hotline").delete()  # a default config item lost since: the upgrade adds it
    answer = bootstrap.handler({"task": "data-upgrade"}, None)
    assert answer == {
        "lines": ["tables, default config, rules, groups, designs and demo rows are up to date"]
    }
    assert Config.get("site", "hotline").value


def test_response_goes_to_cloudformation_by_put(monkeypatch: pytest.MonkeyPatch) -> None:
    from functions.deploy import bootstrap

    sent: list = []

    class Answer:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self):
            return b""

    def urlopen(request, timeout):
        sent.append(request)
        return Answer()

    monkeypatch.setattr(bootstrap.urllib.request, "urlopen", urlopen)
    event = _event({})
    bootstrap.handler(event, None, runner=lambda props, rid: {"AdminCreated": "false"})
    (request,) = sent
    assert request.get_method() == "PUT" and request.full_url == event["ResponseURL"]
    body = json.loads(request.data)
    assert body["Status"] == "SUCCESS" and body["Data"] == {"AdminCreated": "false"}
    assert body["RequestId"] == event["RequestId"] and body["LogicalResourceId"] == "Bootstrap"
