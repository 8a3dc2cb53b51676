"""Exception handlers: every failure leaves the API as the envelope, never as a stack trace.

- `ApiError` → HTTP `http_status` (200) with its body code, translated message, data and headers.
- Starlette `HTTPException` (404 unknown path, 405, 413 from the body limit, routes' own) → that
  HTTP status, body code 0, the SPEC §8 message for the status (404 names the path). A route's
  own `detail` is treated as a message key. Headers such as `Allow` are kept.
- `RequestValidationError` (unparseable JSON, wrong types, missing fields) → HTTP 400, body code 0,
  a translated message naming the first bad field, and `data.errors` listing every field. The
  offending input is never echoed (it may be a password).
- Any other exception → HTTP 500 with a generic message; logged with its traceback. Normally
  `RequestContextMiddleware` catches these first; this handler is the safety net behind it.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from functions.core.i18n import MESSAGES, lang_from_headers, status_message, t
from functions.core.log import logger
from functions.core.middleware import SECURITY_HEADERS
from functions.core.responses import FAILURE, ApiError, envelope_response

# pydantic error type → message key of the reason.
_REASONS: dict[str, str] = {
    "missing": "Required",
    "int_type": "Must be an integer",
    "int_parsing": "Must be an integer",
    "int_from_float": "Must be an integer",
    "int_parsing_size": "The value is out of range",
    "float_type": "Floating point number",
    "float_parsing": "Floating point number",
    "decimal_type": "Floating point number",
    "decimal_parsing": "Floating point number",
    "bool_type": "Must be true or false",
    "bool_parsing": "Must be true or false",
    "string_type": "Must be a string",
    "list_type": "Must be a list",
    "dict_type": "Must be an object",
    "model_type": "Must be an object",
    "model_attributes_type": "Must be an object",
    "string_too_short": "At least {min_length} characters",
    "string_too_long": "At most {max_length} characters",
    "greater_than": "The value is out of range",
    "greater_than_equal": "The value is out of range",
    "less_than": "The value is out of range",
    "less_than_equal": "The value is out of range",
    "literal_error": "The value is not one of the allowed options",
    "enum": "The value is not one of the allowed options",
}
_SAFE_CONTEXT = ("min_length", "max_length")


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(part) for part in loc]
    if len(parts) > 1 and parts[0] in {"body", "query", "path", "header", "cookie"}:
        parts = parts[1:]
    return ".".join(parts) or "body"


def _reason(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "designed_message":  # a table designer's own message, in the request's language
        return str(ctx.get("message", ""))
    if kind in {"value_error", "assertion_error"}:
        # Our validators raise ValueError(<message key>); anything else stays generic.
        key = str(ctx.get("error", ""))
        return t(key) if key in MESSAGES else t("Incorrect parameter!")
    params = {name: ctx[name] for name in _SAFE_CONTEXT if name in ctx}
    return t(_REASONS.get(kind, "Incorrect parameter!"), **params)


def validation_messages(errors: list[dict[str, Any]]) -> tuple[str, list[dict[str, str]]]:
    """The translated summary message and the per-field list for pydantic/FastAPI errors."""
    if any(error.get("type") == "json_invalid" for error in errors):
        msg = t("The request body is not valid JSON")
        return msg, [{"field": "body", "msg": msg}]
    fields = [{"field": _field_name(tuple(e.get("loc", ()))), "msg": _reason(e)} for e in errors]
    if not fields:
        return t("Incorrect parameter!"), []
    first = fields[0]
    return t("Parameter {field}: {reason}", field=first["field"], reason=first["msg"]), fields


async def api_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return envelope_response(exc.http_status, exc.code, exc.translated(), exc.data, headers=exc.headers)


async def http_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    try:
        default_detail: str | None = HTTPStatus(status).phrase
    except ValueError:
        default_detail = None
    if isinstance(exc.detail, str) and exc.detail and exc.detail != default_detail:
        msg = t(exc.detail)
    else:
        msg = status_message(status, url=request.url.path)
    return envelope_response(status, FAILURE, msg, None, headers=exc.headers)


async def validation_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    msg, fields = validation_messages(list(exc.errors()))
    return envelope_response(400, FAILURE, msg, {"errors": fields})


async def unexpected_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    logger.exception("Unhandled exception", extra={"method": request.method, "path": request.url.path})
    lang = lang_from_headers(request.headers)
    headers = {name.decode(): value.decode() for name, value in SECURITY_HEADERS}
    return envelope_response(500, FAILURE, status_message(500, lang), None, headers=headers)


def install_exception_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(StarletteHTTPException, http_exception_handler)
    app.add_exception_handler(RequestValidationError, validation_exception_handler)
    app.add_exception_handler(Exception, unexpected_exception_handler)
