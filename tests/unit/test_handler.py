"""The Lambda entry point with a realistic API Gateway HTTP API (payload 2.0) event, against
DynamoDB Local."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest


@dataclass
class LambdaContext:
    function_name: str = "cityops-api"
    function_version: str = "$LATEST"
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:cityops-api"
    memory_limit_in_mb: int = 512
    aws_request_id: str = "6f1c9e3a-2b7d-4c55-9d0e-1a2b3c4d5e6f"
    log_group_name: str = "/aws/lambda/cityops-api"
    log_stream_name: str = "2026/01/01/[$LATEST]abcdef"

    def get_remaining_time_in_millis(self) -> int:
        return 29_000


def http_api_event(method: str, path: str, headers: dict[str, str] | None = None) -> dict:
    now = time.time()
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": "",
        "cookies": [],
        "headers": {
            "accept": "application/json, text/plain, */*",
            "accept-encoding": "gzip, deflate, br",
            "host": "abc123.execute-api.us-east-1.amazonaws.com",
            "user-agent": "Mozilla/5.0",
            "x-amzn-trace-id": "Root=1-65f1c2d3-1234567890abcdef12345678",
            "x-forwarded-for": "203.0.113.10",
            "x-forwarded-port": "443",
            "x-forwarded-proto": "https",
            **(headers or {}),
        },
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "abc123",
            "domainName": "abc123.execute-api.us-east-1.amazonaws.com",
            "domainPrefix": "abc123",
            "http": {
                "method": method,
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": "203.0.113.10",
                "userAgent": "Mozilla/5.0",
            },
            "requestId": "Jk2mXhZPoAMEVwA=",
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
            "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": False,
    }


@pytest.fixture
def handler(dynamodb):
    from functions.services.site_config import clear_cache, seed_site_config

    seed_site_config()
    clear_cache()
    from functions.handler import handler

    def on_fresh_thread(event: dict, context: LambdaContext) -> dict:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            return handler(event, context)
        finally:
            loop.close()

    def invoke(event: dict, context: LambdaContext) -> dict:
        # Lambda calls the handler where no event loop is running; so does this test, on a thread of
        # its own, even when another suite's Playwright keeps a loop running on the main thread.
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(on_fresh_thread, event, context).result()

    return invoke


def test_index_through_the_lambda_handler(handler) -> None:
    context = LambdaContext()
    result = handler(
        http_api_event("GET", "/srv/api/index/index", {"accept-language": "en-US,en;q=0.9"}), context
    )
    assert result["statusCode"] == 200
    headers = {name.lower(): value for name, value in result["headers"].items()}
    assert headers["content-type"].startswith("application/json")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-request-id"] == context.aws_request_id
    body = json.loads(result["body"])
    assert body["code"] == 1
    assert isinstance(body["time"], int)
    assert body["data"]["site"]["siteName"] == "City Operations Company"
    assert body["data"]["site"]["apiUrl"] == "/srv"
    assert body["data"]["lang"]["default"] == "zh-cn"


def test_unknown_path_through_the_lambda_handler(handler) -> None:
    result = handler(http_api_event("GET", "/srv/api/missing"), LambdaContext())
    assert result["statusCode"] == 404
    body = json.loads(result["body"])
    assert body["code"] == 0
    assert body["msg"] == "请求地址出错：/srv/api/missing"
