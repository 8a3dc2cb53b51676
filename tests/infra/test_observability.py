"""Dashboard and log retention of the production stage (the alarms: test_production_safety.py)."""

from __future__ import annotations

import json

from test_infra_stack import of_type, refs


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
