"""Member login, registration, session info and logout (`/api/user/…`).

- `GET checkIn` → `{loginCaptcha: bool, registerCaptcha: true, registerType: "none"|"email"|"mobile"}`:
  what the login and registration forms must ask for (Config group `user`).
- `POST checkIn` with `tab`:
  - `login`: `username` (a username, e-mail address or mobile number), `password`, `keep` (remember
    me: also issue a refresh token), and `captchaId` + `captchaInfo` when `loginCaptcha` is on.
    5 wrong passwords in a row lock the account for 15 minutes. Login and registration share a per-IP
    limit (Settings `rate_checkin_*`, 20 per 5 minutes by default; HTTP 429 beyond it).
  - `register`: `username` (3–15 characters, a letter first, then letters, digits, underscores),
    `password` (6–32 characters, none of & < > " '), then per `registerType` the `email` or `mobile`
    and `captcha` (the code sent to it by /api/Ems/send or /api/Sms/sendSms, event user_register),
    and always `captchaId` + `captchaInfo` (image captcha). `keep` as for login.
  Both answer `{userInfo: {…member info, token, refresh_token}, routePath: "/user"}`; refresh_token is
  "" without `keep`.
- `GET index` (member token) → `{userInfo, menus}`: the member info of SPEC §3 and the member-center
  menu tree (the member group's rules).
- `POST logout {refresh_token}` revokes the session (found by the refresh token and/or the
  `ba-user-token` sent, even an expired one: `functions.services.accounts.logout`); always code 1.

Member info: id, username, nickname, email, mobile, avatar, gender (0 unknown, 1 male, 2 female),
birthday ("YYYY-MM-DD" or ""), money (balance in yuan as a decimal string, "12.30"), score (integer
points), lastlogintime, lastloginip, jointime (unix seconds), motto.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import Request
from pydantic import Field

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.i18n import get_lang
from functions.core.responses import ApiError, Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema, check_account, check_email, check_mobile
from functions.routes.deps import CurrentUser, client_ip, rate_limited, user_agent
from functions.routes.shapes import MemberInfo, MemberLogin, MenuNode
from functions.services import accounts, member_config, members
from functions.services.member_info import member_info
from functions.services.permissions import member_grant, menu_tree

router = APIRouter(prefix="/user", tags=["user"])


class CheckInConfig(Model):
    loginCaptcha: bool
    registerCaptcha: bool
    registerType: str


class MemberIndex(Model):
    userInfo: MemberInfo  # noqa: N815 - the client's field names
    menus: list[MenuNode]


class CheckInBody(Schema):
    tab: Literal["login", "register"]
    username: str = Field(default="", max_length=254)
    password: str = Field(default="", max_length=256)
    keep: bool = False
    registerType: str = Field(default="", max_length=16)
    email: str = Field(default="", max_length=254)
    mobile: str = Field(default="", max_length=32)
    captcha: str = Field(default="", max_length=16)
    captchaId: str = Field(default="", max_length=64)
    captchaInfo: str = Field(default="", max_length=16)


class LogoutBody(Schema):
    refresh_token: str = Field(default="", max_length=512)


def _require_captcha(body: CheckInBody) -> None:
    accounts.require_captcha(body.captchaId, body.captchaInfo)


def _fail_if(problem: str | None) -> None:
    if problem:
        raise ApiError(problem)


@router.get("/checkIn", name="user_check_in_config", response_model=Envelope[CheckInConfig])
def check_in_config() -> dict[str, Any]:
    """What the member login and registration forms need."""
    return success(
        {
            "loginCaptcha": member_config.login_captcha_enabled(),
            "registerCaptcha": member_config.register_verify_type() == "none",
            "registerType": member_config.register_verify_type(),
        }
    )


@router.post(
    "/checkIn",
    name="user_check_in",
    response_model=Envelope[MemberLogin],
    response_model_exclude_unset=True,
)
@rate_limited("checkin")
def check_in(body: CheckInBody, request: Request) -> dict[str, Any]:
    """Log in (tab=login) or register (tab=register)."""
    ip, agent = client_ip(request), user_agent(request)
    if body.tab == "login":
        if not body.username.strip():
            raise ApiError("Please enter your account")
        if not body.password:
            raise ApiError("Please enter your password")
        if member_config.login_captcha_enabled():
            _require_captcha(body)
        data = members.login(body.username, body.password, keep=body.keep, ip=ip, user_agent=agent)
        return success(data, "Login successful")

    verify_type = member_config.register_verify_type()
    _fail_if(check_account(body.username))
    accounts.require_password(body.password)
    if verify_type == "email":
        _fail_if(check_email(body.email.strip()))
    elif verify_type == "mobile":
        _fail_if(check_mobile(body.mobile.strip()))
    if verify_type != "none" and not body.captcha.strip():
        raise ApiError("Please enter the verification code")
    if verify_type == "none":
        _require_captcha(body)
    data = members.register(
        username=body.username,
        password=body.password,
        verify_type=verify_type,
        email=body.email.strip(),
        mobile=body.mobile.strip(),
        code=body.captcha,
        keep=body.keep,
        ip=ip,
        user_agent=agent,
    )
    return success(data, "Registration successful")


@router.get(
    "/index", name="user_index", response_model=Envelope[MemberIndex], response_model_exclude_unset=True
)
def index(user: CurrentUser) -> dict[str, Any]:
    """The logged-in member's info and menus."""
    return success({"userInfo": member_info(user), "menus": _menus(user)})


def _menus(user: Any) -> list[dict[str, Any]]:
    grant, rules = member_grant(user)
    return menu_tree(grant, get_lang(), rules) if rules else []


@router.post("/logout", name="user_logout", response_model=Envelope[None])
def logout(body: LogoutBody, request: Request) -> dict[str, Any]:
    """End the member's session."""
    accounts.logout("user", body.refresh_token, request.headers.get("ba-user-token", ""))
    return success(None, "Logout successful")
