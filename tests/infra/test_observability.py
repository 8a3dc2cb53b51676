"""Alarms, dashboard and log retention of the production stage."""

from __future__ import annotations

import json

from test_infra_stack import of_type, refs


def _alarm(resources: dict, prefix: str) -> dict:
    (alarm,) = [
        v["Properties"]
        for k, v in of_type(resources, "AWS::CloudWatch::Alarm").items()
        if k.startswith(prefix)
    ]
    return alarm


def _topic_id(resources: dict) -> str:
    (topic_id,) = of_type(resources, "AWS::SNS::Topic")
    return topic_id


def _metrics(alarm: dict) -> list[dict]:
    return [m["MetricStat"]["Metric"] for m in alarm.get("Metrics", []) if "MetricStat" in m]


def test_api_5xx_rate_alarm_reads_api_gateway_answers(resources: dict) -> None:
    (api_id,) = of_type(resources, "AWS::ApiGatewayV2::Api")
    alarm = _alarm(resources, "Api5xxRate")
    names = {m["MetricName"] for m in _metrics(alarm)}
    assert names == {"5xx", "Count"}
    for metric in _metrics(alarm):
        assert metric["Namespace"] == "AWS/ApiGateway"
        assert {"Name": "ApiId", "Value": {"Ref": api_id}} in metric["Dimensions"]
    (expression,) = [m["Expression"] for m in alarm["Metrics"] if "Expression" in m]
    assert "100 * errors / requests" in expression
    assert alarm["AlarmActions"] == [{"Ref": _topic_id(resources)}]


def test_latency_and_throttle_alarms(resources: dict) -> None:
    (api_function_id,) = [
        k
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == "functions.handler.handler"
    ]
    latency = _alarm(resources, "ApiLatencyP99")
    assert (latency["MetricName"], latency["ExtendedStatistic"], latency["Threshold"]) == (
        "Latency",
        "p99",
        3000,
    )
    throttles = _alarm(resources, "ApiThrottles")
    assert throttles["MetricName"] == "Throttles" and throttles["Namespace"] == "AWS/Lambda"
    assert throttles["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": api_function_id}}]
    for alarm in (latency, throttles):
        assert alarm["AlarmActions"] == [{"Ref": _topic_id(resources)}]


def test_every_table_has_an_error_alarm_gathered_in_one_composite(resources: dict) -> None:
    tables = of_type(resources, "AWS::DynamoDB::Table")
    table_alarms = {
        k: v["Properties"]
        for k, v in of_type(resources, "AWS::CloudWatch::Alarm").items()
        if k.startswith("DynamoDbErrors")
    }
    assert len(table_alarms) == len(tables)
    for alarm in table_alarms.values():
        metrics = _metrics(alarm)
        assert len(metrics) <= 10  # CloudWatch's limit for an alarm's metric math
        assert {m["MetricName"] for m in metrics} == {"SystemErrors", "ThrottledRequests"}
        assert "AlarmActions" not in alarm  # the composite notifies, once
    (composite,) = of_type(resources, "AWS::CloudWatch::CompositeAlarm").values()
    assert refs(composite["Properties"]["AlarmRule"]) == set(table_alarms)
    assert composite["Properties"]["AlarmActions"] == [{"Ref": _topic_id(resources)}]


def test_dashboard_and_log_retention(resources: dict) -> None:
    (dashboard,) = of_type(resources, "AWS::CloudWatch::Dashboard").values()
    body = json.dumps(dashboard["Properties"]["DashboardBody"])
    for title in ("API 5xx rate", "API latency", "API function", "Latest API errors"):
        assert title in body
    log_groups = of_type(resources, "AWS::Logs::LogGroup")
    assert len(log_groups) >= 3  # API, bootstrap, API access log
    for logical_id, group in log_groups.items():
        assert group["Properties"]["RetentionInDays"] == 365, logical_id  # cdk.json stages.prod


def test_api_access_log_is_one_json_line_per_request(resources: dict) -> None:
    (stage,) = of_type(resources, "AWS::ApiGatewayV2::Stage").values()
    settings = stage["Properties"]["AccessLogSettings"]
    assert refs(settings["DestinationArn"]) and refs(settings["DestinationArn"]) <= set(
        of_type(resources, "AWS::Logs::LogGroup")
    )
    fields = json.loads(settings["Format"])
    assert fields["requestId"] == "$context.requestId" and fields["status"] == "$context.status"
