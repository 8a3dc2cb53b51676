"""Pure-ASGI middleware around the API (cheap per request; no BaseHTTPMiddleware task groups).

`RequestContextMiddleware` (outermost of ours) does, for every HTTP request:
- picks the request id (`X-Request-Id` if well-formed, else the Lambda request id, else random) and
  echoes it in the `X-Request-Id` response header;
- negotiates the language (`functions.core.i18n`) and sets it for `t()`;
- adds the security headers (`SECURITY_HEADERS`) to every response;
- answers an unexpected exception with HTTP 500 and the envelope (generic translated message) and
  logs it with its traceback; the client never sees the exception;
- logs one access line: method, path (no query string), status, duration, request id. Never
  headers, bodies or queries.

`BodyLimitMiddleware` refuses a request whose `Content-Length` exceeds `max_body_bytes` with HTTP 413
before reading the body; a body sent without a length is counted while it is read and refused the
same way once it passes the limit.

`InputGuardMiddleware` (inside the body limit) refuses with HTTP 400 what could never be stored and
shown again: invalid UTF-8 or NUL in the path, query string or a URL-encoded form, lone surrogates or
NUL in a JSON body, and JSON nested deeper than `functions.core.validators.MAX_JSON_DEPTH` (32).
"""

from __future__ import annotations

import json
import re
import time
import uuid
from urllib.parse import unquote_to_bytes

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from functions.core.i18n import lang_from_headers, reset_lang, set_lang, status_message, t
from functions.core.log import logger
from functions.core.responses import FAILURE, envelope_bytes
from functions.core.security_headers import api_headers
from functions.core.validators import bad_text, parse_json_checked

# One definition for the API, the local gateway and CloudFront: functions/core/security_headers.py.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = tuple(
    (name.lower().encode(), value.encode()) for name, value in api_headers().items()
)
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _request_id(scope: Scope, headers: Headers) -> str:
    given = headers.get("x-request-id")
    if given and _REQUEST_ID.fullmatch(given):
        return given
    context = scope.get("aws.context")
    aws_id = getattr(context, "aws_request_id", None)
    if isinstance(aws_id, str) and aws_id:
        return aws_id
    return uuid.uuid4().hex


async def send_envelope(send: Send, status: int, code: int, msg: str, data: object = None) -> None:
    """Send a complete JSON envelope response from middleware."""
    body = envelope_bytes(code, msg, data)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class HttpMiddleware:
    """An ASGI middleware that handles HTTP requests (`http`) and passes every other scope (lifespan)
    through unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class RequestContextMiddleware(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started_at = time.perf_counter()
        headers = Headers(scope=scope)
        request_id = _request_id(scope, headers)
        scope.setdefault("state", {})["request_id"] = request_id
        lang_token = set_lang(lang_from_headers(headers))
        status = 500
        response_started = False
        extra_headers = [*SECURITY_HEADERS, (b"x-request-id", request_id.encode())]

        async def send_with_headers(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), *extra_headers]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            logger.exception(
                "Unhandled exception",
                extra={"method": scope["method"], "path": scope["path"], "request_id": request_id},
            )
            if response_started:
                raise
            await send_envelope(send_with_headers, 500, FAILURE, status_message(500))
        finally:
            logger.info(
                "request",
                extra={
                    "method": scope["method"],
                    "path": scope["path"],
                    "status": status,
                    "duration_ms": round((time.perf_counter() - started_at) * 1000, 2),
                    "request_id": request_id,
                },
            )
            reset_lang(lang_token)


class BodyLimitMiddleware(HttpMiddleware):
    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        super().__init__(app)
        self.max_body_bytes = max_body_bytes

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.max_body_bytes
        length = Headers(scope=scope).get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()):
                await send_envelope(send, 400, FAILURE, status_message(400))
                return
            if int(length) > limit:
                await send_envelope(send, 413, FAILURE, status_message(413))
                return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise StarletteHTTPException(status_code=413)
            return message

        await self.app(scope, counting_receive, send)


# --- input guard (invalid Unicode, NUL, deep JSON) -------------------------------------------------
def _decoded_ok(raw: bytes, plus: bool) -> bool:
    """Whether percent-encoded `raw` (a path, query string or form body) decodes to valid UTF-8
    without NUL."""
    if plus:
        raw = raw.replace(b"+", b" ")
    try:
        text = unquote_to_bytes(raw).decode("utf-8")
    except (UnicodeDecodeError, ValueError):
        return False
    return "\x00" not in text


class InputGuardMiddleware(HttpMiddleware):
    """Refuses, with HTTP 400 and the envelope, before any route runs: a path or query string that is
    not valid UTF-8 once percent-decoded or that contains NUL; a JSON body (`application/json`,
    `…+json`) whose strings or keys hold a lone surrogate (`"\\ud800"`) or NUL, or nested deeper
    than `MAX_JSON_DEPTH`; a URL-encoded form body with invalid UTF-8 or NUL. Such input could
    otherwise be stored and make every answer that includes it fail (lone surrogates cannot be
    encoded as UTF-8). The body is read once here (after `BodyLimitMiddleware` bounded it) and
    replayed to the app."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw_path = scope.get("raw_path")
        path_ok = (
            _decoded_ok(raw_path, plus=False)
            if isinstance(raw_path, bytes)
            else not bad_text(scope.get("path", ""))
        )
        if not path_ok or not _decoded_ok(scope.get("query_string") or b"", plus=True):
            await send_envelope(send, 400, FAILURE, _message("The request contains invalid characters"))
            return
        content_type = Headers(scope=scope).get("content-type", "").split(";")[0].strip().lower()
        is_json = content_type == "application/json" or content_type.endswith("+json")
        is_form = content_type == "application/x-www-form-urlencoded"
        if not (is_json or is_form) or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            try:
                message = await receive()
            except StarletteHTTPException as exc:  # the body limit (413) while reading
                await send_envelope(send, exc.status_code, FAILURE, status_message(exc.status_code))
                return
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        problem: str | None = None
        if is_form:
            problem = None if _decoded_ok(body, plus=True) else "The request contains invalid characters"
        elif body.strip():
            try:
                parse_json_checked(body)
            except json.JSONDecodeError:
                pass  # not JSON at all: the app's own 400 says so
            except ValueError as exc:
                problem = str(exc)
        if problem:
            await send_envelope(send, 400, FAILURE, _message(problem))
            return
        replay: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]
        await self.app(scope, _replay(replay, receive), send)


def _message(key: str) -> str:
    return t(key)


def _replay(messages: list[Message], then: Receive) -> Receive:
    """Hands out `messages`, then waits on the real `then` (e.g. for the client's disconnect)."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        return await then()

    return receive
