"""The envelope on every failure, over real HTTP: business errors, 400 validation, 413 body limit,
500 unexpected exceptions (no traceback leaks), and docs hidden in production.

Uses an app built by `create_app()` plus a test-only router.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import APIRouter
from pydantic import BaseModel

from functions.app import create_app
from functions.core.log import logger
from functions.core.responses import ApiError, fail, login_required, success, token_expired
from functions.core.validators import Account, Mobile
from tests.api.admin_support import failure

SECRET = "database password is hunter2"
router = APIRouter(prefix="/test")


class Form(BaseModel):
    username: Account
    mobile: Mobile
    age: int
    ratio: float = 0.0


@router.post("/echo", name="test_echo")
def echo(form: Form) -> dict[str, Any]:
    return success(form.model_dump(), "Operation successful")


@router.get("/boom", name="test_boom")
def boom() -> None:
    raise RuntimeError(SECRET)


@router.get("/business", name="test_business")
def business() -> None:
    raise ApiError("The record does not exist", data={"id": 7})


@router.get("/failed", name="test_failed")
def failed() -> Any:
    return fail("Operation failed")


@router.get("/expired", name="test_expired")
def expired() -> None:
    raise token_expired()


@router.get("/relogin", name="test_relogin")
def relogin() -> None:
    raise login_required("adminLogin")


def build_app(settings, **overrides: Any):
    app = create_app(settings.model_copy(update=overrides) if overrides else settings)
    app.include_router(router, prefix="/srv")
    return app


@pytest.fixture(scope="module")
def client(dynamodb, serve) -> Iterator[httpx.Client]:
    with serve(build_app(dynamodb, max_body_bytes=1024)) as c:
        yield c


def test_unexpected_exception_is_a_500_envelope_without_traceback(client: httpx.Client) -> None:
    response = client.get("/srv/test/boom")
    failure(response, 500, "服务器内部错误！")
    assert SECRET not in response.text
    assert "Traceback" not in response.text
    assert "RuntimeError" not in response.text
    english = client.get("/srv/test/boom", headers={"Accept-Language": "en"}).json()
    assert english["msg"] == "Server internal error!"


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The JSON lines the application logger wrote, formatted as in production."""
    return [
        logger.registered_formatter.format(record) for record in caplog.records if record.name == "cityops"
    ]


def test_unexpected_exception_is_logged_with_its_traceback(
    client: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.clear()
    client.get("/srv/test/boom", headers={"X-Request-Id": "boom-1"})
    errors = [json.loads(line) for line in _logged(caplog) if '"ERROR"' in line]
    assert len(errors) == 1
    assert errors[0]["message"] == "Unhandled exception"
    assert errors[0]["request_id"] == "boom-1"
    assert "Traceback" in errors[0]["exception"] and SECRET in errors[0]["exception"]


def test_request_log_has_no_headers_or_query(client: httpx.Client, caplog: pytest.LogCaptureFixture) -> None:
    caplog.clear()
    client.get(
        "/srv/test/business?batoken=secret-token-value",
        headers={"batoken": "header-token-value", "X-Request-Id": "log-1"},
    )
    # The server thread writes the access line after the response has been sent: wait for it. A
    # line of an earlier test's request may still arrive after `caplog.clear()`, so pick ours by id.
    deadline = time.monotonic() + 5
    while True:
        lines = _logged(caplog)
        access = [
            record
            for record in (json.loads(line) for line in lines if '"request"' in line)
            if record.get("request_id") == "log-1"
        ]
        if access or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert len(access) == 1
    assert access[0]["method"] == "GET"
    assert access[0]["path"] == "/srv/test/business"
    assert access[0]["status"] == 200
    assert access[0]["request_id"] == "log-1"
    assert isinstance(access[0]["duration_ms"], float)
    assert not any("secret-token-value" in line or "header-token-value" in line for line in lines)


def test_business_error_is_http_200_with_code_0(client: httpx.Client) -> None:
    response = client.get("/srv/test/business")
    assert response.status_code == 200
    assert response.json()["code"] == 0
    assert response.json()["msg"] == "记录不存在"
    assert response.json()["data"] == {"id": 7}
    assert client.get("/srv/test/failed", headers={"think-lang": "en"}).json()["msg"] == "Operation failed"


def test_token_expired_and_login_again_codes(client: httpx.Client) -> None:
    expired = client.get("/srv/test/expired").json()
    assert expired["code"] == 409
    relogin = client.get("/srv/test/relogin", headers={"Accept-Language": "en"}).json()
    assert relogin["code"] == 302
    assert relogin["data"] == {"routeName": "adminLogin"}
    assert relogin["msg"] == "Please log in first"


def test_valid_body_is_accepted(client: httpx.Client) -> None:
    response = client.post("/srv/test/echo", json={"username": "alice_1", "mobile": "13812345678", "age": 30})
    body = response.json()
    assert response.status_code == 200
    assert body["code"] == 1
    assert body["msg"] == "操作成功"
    assert body["data"]["username"] == "alice_1"


def test_malformed_json_is_a_400_envelope(client: httpx.Client) -> None:
    response = client.post(
        "/srv/test/echo",
        content=b'{"username": "alice", "mobile": ',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == 0
    assert body["msg"] == "请求内容不是有效的 JSON"
    assert "Traceback" not in response.text
    assert "JSONDecodeError" not in response.text


@pytest.mark.parametrize(
    ("payload", "lang", "message"),
    [
        ({"username": "alice", "age": 3}, "zh-cn", "参数 mobile：必填项"),
        ({"username": "alice", "age": 3}, "en", "Parameter mobile: Required"),
        ({"username": "alice", "mobile": "12345", "age": 3}, "zh-cn", "参数 mobile：请输入正确的手机号"),
        (
            {"username": "alice", "mobile": "12345", "age": 3},
            "en",
            "Parameter mobile: Please enter the correct mobile number",
        ),
        (
            {"username": "1alice", "mobile": "13812345678", "age": 3},
            "en",
            "Parameter username: The account must",
        ),
        ({"username": "alice", "mobile": "13812345678", "age": "old"}, "zh-cn", "参数 age：必须是整数"),
        (
            {"username": "alice", "mobile": "13812345678", "age": 3, "ratio": "x"},
            "en",
            "Parameter ratio: Floating",
        ),
    ],
)
def test_invalid_fields_are_a_400_naming_the_field(
    client: httpx.Client, payload: dict[str, Any], lang: str, message: str
) -> None:
    response = client.post("/srv/test/echo", json=payload, headers={"think-lang": lang})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == 0
    assert body["msg"].startswith(message)
    assert body["data"]["errors"][0]["field"] in body["msg"]


def test_invalid_input_is_not_echoed(client: httpx.Client) -> None:
    response = client.post("/srv/test/echo", json={"username": "p4ss&word<>", "mobile": "1", "age": 1})
    assert response.status_code == 400
    assert "p4ss&word" not in response.text
    assert [e["field"] for e in response.json()["data"]["errors"]] == ["username", "mobile"]


def test_oversize_content_length_is_refused_before_the_body_is_read(client: httpx.Client) -> None:
    port = httpx.URL(str(client.base_url)).port
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            b"POST /srv/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1073741824\r\nConnection: close\r\n\r\n"
        )
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _, payload = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413")
    assert b"x-content-type-options: nosniff" in head.lower()
    assert '"code":0' in payload.decode()
    assert "请求内容过大！" in payload.decode()


def test_oversize_body_gets_413(client: httpx.Client) -> None:
    response = client.post(
        "/srv/test/echo", json={"username": "alice", "mobile": "13812345678", "age": 1, "pad": "x" * 2000}
    )
    assert response.status_code == 413
    assert response.json()["code"] == 0
    assert response.json()["msg"] == "请求内容过大！"


def test_oversize_body_without_length_gets_413(client: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(10):
            yield b"x" * 512

    response = client.post(
        "/srv/test/echo",
        content=chunks(),
        headers={"Content-Type": "application/json", "Accept-Language": "en"},
    )
    assert "content-length" not in response.request.headers
    assert response.status_code == 413
    assert response.json()["msg"] == "Request body is too large!"


def test_docs_are_hidden_in_production(dynamodb, serve) -> None:
    with serve(build_app(dynamodb, env="production")) as production:
        assert production.get("/srv/docs").status_code == 404
        assert production.get("/srv/openapi.json").status_code == 200


def test_openapi_documents_400_envelopes_instead_of_422(client: httpx.Client) -> None:
    schema = client.get("/srv/openapi.json").json()
    responses = schema["paths"]["/srv/test/echo"]["post"]["responses"]
    assert "422" not in responses
    assert (
        responses["400"]["content"]["application/json"]["schema"]["$ref"]
        == "#/components/schemas/ErrorEnvelope"
    )
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    operation_ids = [op["operationId"] for path in schema["paths"].values() for op in path.values()]
    assert len(operation_ids) == len(set(operation_ids))
    assert "test_echo" in operation_ids
