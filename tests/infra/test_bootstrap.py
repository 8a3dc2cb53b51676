"""The deploy's bootstrap custom resource (functions/deploy/bootstrap.py), run as CloudFormation runs
it: Secrets Manager is moto's, DynamoDB the suites' DynamoDB Local (tables of a fresh prefix), and the
rebuild function's start (Lambda `Invoke`, which moto cannot run) is answered by a recorder on the
default boto3 session that asserts every call. Every AWS call the bootstrap makes is recorded: it
never touches the site bucket, the KeyValueStore or the distribution (the publish it starts does)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.awsrequest import AWSResponse
from moto import mock_aws

REGION = "us-east-1"
REBUILD = "cityops-test-rebuild"


class Calls:
    """Every AWS call made through a session or a client, as (service, operation, params) with the
    caller's parameters (`before-parameter-build`); Lambda's `Invoke` is answered here (`before-call`:
    202, as an asynchronous invocation is)."""

    def __init__(self) -> None:
        self.made: list[tuple[str, str, dict[str, Any]]] = []

    def watch(self, events: Any) -> None:
        events.register("before-parameter-build.*.*", self._record)
        events.register("before-call.lambda.Invoke", self._answer)

    def _record(self, event_name: str, params: dict[str, Any], model: Any, **_: Any) -> None:
        self.made.append((event_name.split(".")[1], model.name, dict(params)))

    @staticmethod
    def _answer(**_: Any) -> Any:
        return AWSResponse(None, 202, {}, None), {"StatusCode": 202, "ResponseMetadata": {}}

    def operations(self) -> set[str]:
        return {f"{service}:{operation}" for service, operation, _ in self.made}

    def invokes(self) -> list[dict[str, Any]]:
        return [params for service, op, params in self.made if (service, op) == ("lambda", "Invoke")]


@pytest.fixture
def aws(isolated_tables, no_secrets, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """moto's Secrets Manager with the two generated secrets and the first-admin secret; the
    bootstrap function's environment as the stack sets it."""
    from functions.core.settings import get_settings

    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    monkeypatch.setenv("CITYOPS_TABLE_PREFIX", isolated_tables.table_prefix)
    monkeypatch.setenv("CITYOPS_REBUILD_FUNCTION", REBUILD)
    monkeypatch.setenv("CITYOPS_PUBLISH_AUTO", "0")  # only the bootstrap's own publish is started
    calls = Calls()
    with mock_aws():
        boto3.setup_default_session(region_name=REGION)
        calls.watch(boto3.DEFAULT_SESSION.events)
        sm = boto3.client("secretsmanager", region_name=REGION)
        for variable in ("CITYOPS_JWT_SECRET", "CITYOPS_ORIGIN_VERIFY_SECRET"):
            arn = sm.create_secret(Name=f"cityops-test/{variable}", SecretString="x" * 64)["ARN"]
            monkeypatch.setenv(f"{variable}_ARN", arn)
        monkeypatch.setenv("CITYOPS_ENV", "production")
        monkeypatch.setenv("CITYOPS_CLIENT_IP_SOURCE", "cloudfront")
        admin_arn = sm.create_secret(Name="cityops-test/first-admin", SecretString="placeholder")["ARN"]
        calls.made.clear()
        get_settings.cache_clear()
        try:
            yield {"secretsmanager": sm, "calls": calls, "properties": {"AdminSecretArn": admin_arn}}
        finally:
            boto3.DEFAULT_SESSION = None
            get_settings.cache_clear()


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


def _run(aws: dict, event: dict[str, Any]) -> list[tuple]:
    from functions.deploy import bootstrap

    answers: list[tuple] = []
    clients = {"secretsmanager": aws["secretsmanager"]}
    bootstrap.handler(
        event,
        None,
        runner=lambda props, request_id: bootstrap.run(props, request_id, clients),
        respond=lambda e, status, reason, data: answers.append((status, reason, data)),
    )
    return answers


def _demo_design():
    """A designed table the first deploy fills with demo rows, and its rows."""
    from functions.models.design import Record
    from functions.services.designs import get_design, load_doc, row_count

    for name in ("business/notice", "business/news", "business/page"):
        design = get_design(name)
        if design is not None and not load_doc(design).time_series and row_count(name) > 0:
            return load_doc(design), list(Record.query(name))
    raise AssertionError("no demo rows were loaded")


def test_first_deploy_seeds_creates_the_admin_and_starts_the_publish(aws: dict, resources: dict) -> None:
    from functions.core.security import verify_password
    from functions.models import Admin, AdminGroup, AdminRule
    from functions.seed import FIRST_ADMIN_USERNAME
    from functions.services import jobs
    from functions.services.publish_jobs import KIND

    (answer,) = _run(aws, _event(aws["properties"]))
    status, reason, data = answer
    assert (status, reason, data["AdminCreated"]) == ("SUCCESS", "bootstrap done", "true")

    # The password is in the secret, and it is the admin's.
    stored = json.loads(
        aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])["SecretString"]
    )
    assert stored["username"] == FIRST_ADMIN_USERNAME and len(stored["password"]) >= 20
    (admin,) = [a for a in Admin.scan() if a.username == FIRST_ADMIN_USERNAME]
    assert verify_password(admin.password_hash, stored["password"])
    assert AdminGroup.count() >= 1 and AdminRule.count() > 10
    _demo_design()  # a fresh stage shows the demo rows

    # The site comes from the tables: a publish job, started on the rebuild function asynchronously.
    (job,) = jobs.latest_jobs(KIND, 5)
    assert data["PublishJob"] == str(job.id) and job.status == "queued"
    assert job.params_doc()["source"] == "deploy"
    (invoke,) = aws["calls"].invokes()
    assert invoke["FunctionName"] == REBUILD and invoke["InvocationType"] == "Event"
    assert json.loads(invoke["Payload"]) == {"job_id": job.id, "delay": 0.0}
    # Nothing else: no page uploaded, no KeyValueStore key, no invalidation from the deploy itself.
    assert aws["calls"].operations() == {
        "secrets-manager:GetSecretValue",
        "secrets-manager:PutSecretValue",
        "lambda:Invoke",
    }
    # IAM as a contract (iam_contract.py): each call is one the bootstrap function's policy (and the
    # rebuild function's resource policy, for the start) allows in the synthesized template.
    from iam_contract import violations

    rebuild_id = next(
        k
        for k, v in resources.items()
        if v["Type"] == "AWS::Lambda::Function"
        and v["Properties"].get("Handler") == "functions.publish.rebuild.handler"
    )
    assert (
        violations(
            resources, "functions.deploy.bootstrap.handler", aws["calls"].made, {}, {REBUILD: rebuild_id}
        )
        == []
    )


def test_a_later_deploy_keeps_the_admin_and_the_emptied_tables_and_publishes_again(aws: dict) -> None:
    from functions.services import jobs
    from functions.services.publish_jobs import KIND
    from functions.services.records import delete_rows

    (first,) = _run(aws, _event(aws["properties"]))
    jobs.set_status(first[2]["PublishJob"], "done", summary={})  # the rebuild ran it
    secret_before = aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])
    doc, rows = _demo_design()
    assert delete_rows(doc, rows) == len(rows)  # an admin emptied a table
    aws["calls"].made.clear()

    (answer,) = _run(aws, _event(aws["properties"], "Update"))
    assert answer[0] == "SUCCESS" and answer[2]["AdminCreated"] == "false"
    secret_after = aws["secretsmanager"].get_secret_value(SecretId=aws["properties"]["AdminSecretArn"])
    assert secret_after["VersionId"] == secret_before["VersionId"]
    from functions.services.designs import row_count

    assert row_count(doc.name) == 0  # the deploy did not put the demo rows back
    latest = jobs.latest_jobs(KIND, 5)
    assert len(latest) == 2 and answer[2]["PublishJob"] == str(latest[0].id)
    (invoke,) = aws["calls"].invokes()
    assert json.loads(invoke["Payload"])["job_id"] == latest[0].id
    assert "secretsmanager:PutSecretValue" not in aws["calls"].operations()


def test_delete_does_nothing_and_a_failure_is_reported(aws: dict) -> None:
    (answer,) = _run(aws, _event(aws["properties"], "Delete"))
    assert answer == ("SUCCESS", "bootstrap done", {})
    assert aws["calls"].made == []
    broken = {"AdminSecretArn": "arn:aws:secretsmanager:us-east-1:123456789012:secret:missing"}
    (answer,) = _run(aws, _event(broken, "Update"))
    assert answer[0] == "FAILED" and "ResourceNotFoundException" in answer[1]


def test_the_terminals_data_upgrade_seeds_but_never_creates_an_admin(aws: dict) -> None:
    """`{"task": "data-upgrade"}` (from the rebuild function): the seed alone, answered to the caller."""
    from functions.deploy import bootstrap
    from functions.models import Admin
    from functions.models.config import Config

    with pytest.raises(RuntimeError, match="no admin yet"):
        bootstrap.handler({"task": "data-upgrade"}, None)
    assert not Admin.any_exists()  # no admin whose password nobody could read
    _run(aws, _event(aws["properties"]))  # the first deploy creates the admin
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
