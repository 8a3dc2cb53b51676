# ruff: noqa: F811 - the fixture imported from test_infra_stack is used as a parameter
"""The rebuild function in the synthesized stack: handler, code, environment, least-privilege
permissions, the API's right to start it, and the alarm on its failures."""

from __future__ import annotations

import json

from tests.infra.test_infra_stack import _actions, _statements, api_function, of_type, refs  # noqa: F401


def _rebuild(resources: dict) -> tuple[str, dict]:
    (item,) = [
        (k, v)
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == "functions.publish.rebuild.handler"
    ]
    return item


def test_rebuild_function_is_a_zip_with_pelican_time_and_the_publish_targets(resources: dict) -> None:
    logical_id, function = _rebuild(resources)
    props = function["Properties"]
    assert props["Runtime"] == "python3.12" and props["Architectures"] == ["arm64"]
    assert "ImageUri" not in props["Code"] and "S3Key" in props["Code"]  # a zip asset, no container
    assert props["Timeout"] == 900 and props["MemorySize"] >= 1024
    assert props["Layers"]  # awscrt: SigV4A for the KeyValueStore API
    env = props["Environment"]["Variables"]
    assert {"CITYOPS_SITE_BUCKET", "CITYOPS_PATHS_STORE_ARN", "CITYOPS_DISTRIBUTION_ID"} <= set(env)
    (invoke_config,) = of_type(resources, "AWS::Lambda::EventInvokeConfig").values()
    assert invoke_config["Properties"]["MaximumRetryAttempts"] == 0
    assert refs(invoke_config["Properties"]["FunctionName"]) == {logical_id}


def test_rebuild_permissions_are_least_privilege(resources: dict) -> None:
    _, function = _rebuild(resources)
    statements = _statements(resources, function["Properties"])
    tables = of_type(resources, "AWS::DynamoDB::Table")
    written = set()
    for table_id, table in tables.items():
        granted = set().union(*(_actions(s) for s in statements if table_id in refs(s["Resource"])))
        assert "dynamodb:Query" in granted and "dynamodb:GetItem" in granted, table_id
        if "dynamodb:PutItem" in granted:
            written.add(json.dumps(table["Properties"]["TableName"]))
    assert len(written) == 3 and all(name.split("-")[-1].startswith("job") for name in written), written
    kvs = [s for s in statements if any(a.startswith("cloudfront-keyvaluestore:") for a in _actions(s))]
    (statement,) = kvs
    assert _actions(statement) == {
        "cloudfront-keyvaluestore:DescribeKeyValueStore",
        "cloudfront-keyvaluestore:UpdateKeys",
    }
    assert statement["Resource"] != "*"
    (invalidate,) = [s for s in statements if "cloudfront:CreateInvalidation" in _actions(s)]
    assert "distribution/" in json.dumps(invalidate["Resource"])
    assert not [s for s in statements if s.get("Resource") == "*"]


def test_the_api_may_start_only_the_rebuild_function(resources: dict, api_function) -> None:
    env = api_function[1]["Properties"]["Environment"]["Variables"]
    _, function = _rebuild(resources)
    assert env["CITYOPS_REBUILD_FUNCTION"] == function["Properties"]["FunctionName"]
    rebuild_id, _ = _rebuild(resources)
    permissions = [
        p["Properties"]
        for p in of_type(resources, "AWS::Lambda::Permission").values()
        if refs(p["Properties"]["FunctionName"]) == {rebuild_id}
    ]
    assert {p["Action"] for p in permissions} == {"lambda:InvokeFunction"}
    # The API's role, the deploy's bootstrap role (test_production_safety.py) and its own role (a
    # scheduled row's publish, started by the minute schedule: issue 36 item 8), no one else.
    bootstrap = next(
        v
        for v in of_type(resources, "AWS::Lambda::Function").values()
        if v["Properties"].get("Handler") == "functions.deploy.bootstrap.handler"
    )
    assert [refs(p["Principal"]) for p in permissions] == [
        {api_function[1]["Properties"]["Role"]["Fn::GetAtt"][0]},
        {bootstrap["Properties"]["Role"]["Fn::GetAtt"][0]},
        {function["Properties"]["Role"]["Fn::GetAtt"][0]},
    ]


def test_an_alarm_watches_rebuild_failures(resources: dict) -> None:
    logical_id, _ = _rebuild(resources)
    (alarm,) = [
        a["Properties"]
        for a in of_type(resources, "AWS::CloudWatch::Alarm").values()
        if a["Properties"].get("Dimensions") == [{"Name": "FunctionName", "Value": {"Ref": logical_id}}]
    ]
    assert alarm["MetricName"] == "Errors" and alarm["Namespace"] == "AWS/Lambda"
    assert alarm["Threshold"] == 1 and alarm["AlarmActions"]


def test_only_the_rebuild_function_may_ask_the_bootstrap_to_upgrade_the_data(resources: dict) -> None:
    """The terminal's "data-upgrade" on AWS: the rebuild function invokes the bootstrap function."""
    rebuild_id, rebuild = _rebuild(resources)
    (bootstrap_id,) = [
        k
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == "functions.deploy.bootstrap.handler"
    ]
    env = rebuild["Properties"]["Environment"]["Variables"]
    assert refs(env["CITYOPS_BOOTSTRAP_FUNCTION"]) == {bootstrap_id}
    (permission,) = [
        p["Properties"]
        for p in of_type(resources, "AWS::Lambda::Permission").values()
        if refs(p["Properties"]["FunctionName"]) == {bootstrap_id}
        and "lambda.amazonaws.com" not in json.dumps(p["Properties"]["Principal"])
        and "cloudformation" not in json.dumps(p["Properties"]["Principal"])
    ]
    assert permission["Action"] == "lambda:InvokeFunction"
    assert refs(permission["Principal"]) == {rebuild["Properties"]["Role"]["Fn::GetAtt"][0]}
