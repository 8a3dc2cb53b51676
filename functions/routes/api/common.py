"""Common calls of both audiences.

- `POST /api/common/refreshToken {refresh_token}` → `{type: "admin-refresh"|"user-refresh", token,
  refresh_token}`: a new access token and the rotated refresh token (the presented one is used up;
  presenting it again revokes the whole session). Unknown, expired or revoked → body code 302 with
  `routeName` adminLogin/userLogin.
- `GET /api/common/captcha?id=<8-64 chars A-Za-z0-9_->` → a PNG captcha for that id (a new answer on
  every load; single-use, 5 minutes, case-insensitive). Forms send it back as `captchaId` +
  `captchaInfo`. A malformed id → HTTP 400.
Per-IP limits (HTTP 429 with the envelope beyond them): refreshToken 60 and captcha 60 per 5 minutes
by default (Settings `rate_refresh_*`, `rate_captcha_*`).
"""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException, Query
from pydantic import Field
from starlette.responses import Response

from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.routes.deps import rate_limited
from functions.services import captcha, sessions

router = APIRouter(prefix="/common", tags=["common"])


class RefreshBody(Schema):
    refresh_token: str = Field(default="", max_length=512)


class RefreshData(Model):
    type: str
    token: str
    refresh_token: str


@router.post("/refreshToken", name="common_refresh_token", response_model=Envelope[RefreshData])
@rate_limited("refresh")
def refresh_token(body: RefreshBody) -> dict[str, Any]:
    """Rotate a refresh token (admin or member) and issue a new access token."""
    return success(sessions.refresh(body.refresh_token))


@router.get(
    "/captcha",
    name="common_captcha",
    response_class=Response,
    responses={200: {"content": {"image/png": {}}, "description": "The captcha image"}},
)
@rate_limited("captcha")
def captcha_image(captcha_id: str = Query(default="", alias="id", max_length=64)) -> Response:
    """A new captcha image for `id`."""
    if not captcha.valid_id(captcha_id):
        raise HTTPException(status_code=400, detail="Incorrect parameter!")
    answer = captcha.create(captcha_id)
    return Response(content=captcha.render_png(answer), media_type="image/png")
