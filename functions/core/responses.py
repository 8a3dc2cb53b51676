"""The response envelope every API answer carries: `{code, msg, time, data}` (DESIGN §3).

- `code` 1 is success. A business failure answers HTTP 200 with `code` 0 and a translated `msg`:
  routes `raise ApiError("message key")` (or return `fail(...)`).
- Body code 409 means "access token expired: refresh and retry" (`token_expired()`); body code 302
  means "log in again" and carries `data.routeName` (`login_required("adminLogin")`).
- Transport problems (400, 404, 405, 413, 429, 500…) use real HTTP statuses and still carry the
  envelope; see `functions.core.errors`.
- `time` is unix seconds.

`success()` returns a plain dict so that a route's `Envelope[...]` response model validates it and
documents it in OpenAPI; `fail()` returns a ready `JSONResponse` (it bypasses the response model).
"""

from __future__ import annotations

import builtins
import json
import time
from collections.abc import Mapping
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict
from starlette.responses import JSONResponse

from functions.core.i18n import t

SUCCESS = 1
FAILURE = 0
CODE_TOKEN_EXPIRED = 409
CODE_NO_PERMISSION = 401  # a logged-in account whose groups do not grant the rule
CODE_LOGIN_AGAIN = 302

DataT = TypeVar("DataT")


class Model(BaseModel):
    """Base of the API's response models: pydantic builds a model's validator and serializer on first
    use (`defer_build`), not when its module is imported, and so does FastAPI for the response of a
    route whose model is deferred: the first request of a cold Lambda builds only what it answers
    with (DESIGN §5). Request bodies (`functions.core.validators.Schema`) are not deferred: FastAPI
    would then build their adapters outside its silencing of a pydantic warning about the body's
    alias, which would be logged once per cold start."""

    model_config = ConfigDict(defer_build=True)


class Envelope(Model, Generic[DataT]):
    """The body of every API response."""

    code: int
    msg: str
    time: int
    data: DataT


RowT = TypeVar("RowT")


class Shape(Model):
    """A documented answer shape whose declared fields are the ones clients rely on; any other key
    the route returns is passed through unchanged (`extra="allow"`), so declaring a shape never
    drops data. Routes answering with such shapes set `response_model_exclude_unset=True`: a field
    the route did not return stays absent (no `null` appears)."""

    model_config = ConfigDict(extra="allow")


class TableList(Model, Generic[RowT]):
    """A back-office table's index (`functions.services.listing`): `{list, total, remark}` (tree tables
    nest rows under `children`), with `cursor` (of the next page, "" when none), `more` (`total` is a
    lower bound), `pager` ("pages": page jumps; "cursor": Previous/Next) and `sortable` (the fields
    the list can be ordered by)."""

    list: builtins.list[RowT]
    total: int
    remark: str = ""
    cursor: str = ""
    more: bool = False
    pager: Literal["pages", "cursor"] = "pages"
    sortable: builtins.list[str] = []


class TableRow(Model, Generic[RowT]):
    """One row for an edit form: `{row}`."""

    row: RowT


class IdData(Model):
    id: int


class CountData(Model):
    count: int


def envelope(code: int, msg: str, data: Any = None) -> dict[str, Any]:
    """An envelope dict with an already translated `msg`."""
    return {"code": code, "msg": msg, "time": int(time.time()), "data": data}


def success(data: Any = None, msg: str = "", **params: Any) -> dict[str, Any]:
    """A success envelope (code 1); `msg` is a message key, translated (empty by default)."""
    return envelope(SUCCESS, t(msg, **params) if msg else "", data)


def fail(
    msg: str, data: Any = None, code: int = FAILURE, http_status: int = 200, **params: Any
) -> JSONResponse:
    """A failure envelope (code 0 unless given) as a response; `msg` is a message key or literal text."""
    return envelope_response(http_status, code, t(msg, **params), data)


def json_bytes(content: Any) -> bytes:
    """`content` as compact UTF-8 JSON. Text that cannot be encoded (a lone surrogate stored before
    input was checked, or written by other means) becomes U+FFFD instead of failing the whole
    answer: one bad value must never make a list or the bootstrap unreadable."""
    text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


class SafeJSONResponse(JSONResponse):
    """The API's JSON response class (the app's default): encodes like `json_bytes`."""

    def render(self, content: Any) -> bytes:
        return json_bytes(content)


def envelope_response(
    status_code: int, code: int, msg: str, data: Any = None, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return SafeJSONResponse(envelope(code, msg, data), status_code=status_code, headers=headers)


def envelope_bytes(code: int, msg: str, data: Any = None) -> bytes:
    """The JSON body of an envelope, for raw ASGI responses sent by middleware."""
    return json_bytes(envelope(code, msg, data))


class ApiError(Exception):
    """A business failure: answered with HTTP `http_status` (200) and the envelope `{code, msg, data}`.

    `msg` is a message key of `functions.core.i18n` (or literal text), translated when the response
    is built, with `params` filled in. `headers` are added to the response (e.g. `Retry-After` of a
    429 from the rate limiter).
    """

    def __init__(
        self,
        msg: str,
        code: int = FAILURE,
        data: Any = None,
        http_status: int = 200,
        params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.code = code
        self.data = data
        self.http_status = http_status
        self.params: dict[str, Any] = dict(params or {})
        self.headers = dict(headers) if headers else None

    def translated(self) -> str:
        return t(self.msg, **self.params)


def token_expired() -> ApiError:
    """Body code 409: the client refreshes its access token and replays the call (SPEC §4)."""
    return ApiError("Token expired", code=CODE_TOKEN_EXPIRED)


def login_required(route_name: str, msg: str = "Please log in first") -> ApiError:
    """Body code 302: the client drops its token and goes to `route_name` ("adminLogin"/"userLogin")."""
    return ApiError(msg, code=CODE_LOGIN_AGAIN, data={"routeName": route_name})
