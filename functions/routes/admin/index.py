"""`/admin/index/…`: login, logout and what the shell needs after login (DESIGN §3).

- `GET  /admin/index/login`  → `{captcha}`: whether the login form must show a captcha.
- `POST /admin/index/login`  `{username, password, keep, captchaId?, captchaInfo?}` →
  `{userInfo: {…admin info, token, refresh_token}, routePath}`; lockout in
  `functions.services.admin_auth` (`functions.services.lockout`), captcha in
  `functions.services.accounts`; every attempt is written to the admin log (password masked).
  Per-IP limit: Settings `rate_admin_login_*` (20 per 5 minutes by default; HTTP 429 beyond it).
- `POST /admin/index/logout` `{refresh_token}` (or `refreshToken`): revokes the session of that
  refresh token and of the `batoken` sent along, even an expired one
  (`functions.services.accounts.logout`); always answers success (logging out twice is fine).
- `GET  /admin/index/index`  → `{adminInfo, menus, siteConfig, terminal}`; `menus` is the tree of
  menu_dir/menu rules the admin may see, each with its button children (the authorised actions);
  `terminal` the terminal's settings, mode (local | aws) and available tasks (`functions.services.terminal`);
  `paths` the path of every enabled page (tab menu) of the back office, granted or not, so that the
  app tells an address it may not open (401) from one that does not exist (404).
- `GET  /admin/index/badges` → `{badges: {"business/contact": 3}}`: counts the shell shows beside
  menu items (new enquiries…), only of menus the admin may open (`functions.services.badges`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from functions.core.i18n import get_lang
from functions.core.responses import Envelope, Model, Shape, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.models.admin import Admin
from functions.routes.admin.deps import LOGGED_IN, AdminContext, public, request_data, require
from functions.routes.deps import client_ip, rate_limited, user_agent
from functions.routes.shapes import MenuNode, SiteConfig, TerminalSettings
from functions.services import accounts, admin_log, badges
from functions.services.admin_auth import authenticate_admin, captcha_required
from functions.services.permissions import is_super_admin, menu_tree
from functions.services.sessions import open_session
from functions.services.site_config import get_site_config
from functions.services.terminal import client_config as terminal_config

router = APIRouter(prefix="/index", tags=["admin"])


class LoginBody(Schema):
    username: str = Field(max_length=64)
    password: str = Field(max_length=64)
    keep: bool = False
    captchaId: str = ""  # noqa: N815 - the client's field names
    captchaInfo: str = ""  # noqa: N815


class LogoutBody(Schema):
    refresh_token: str = ""
    refreshToken: str = ""  # noqa: N815


class LoginConfig(Model):
    captcha: bool


class AdminInfo(Shape):
    """The admin info the client keeps (SPEC §3)."""

    id: int
    username: str
    nickname: str
    avatar: str
    lastlogintime: int | None = None
    super: bool
    group_arr: list[int]
    motto: str | None = None


class AdminLoginInfo(AdminInfo):
    """The admin info with the session's tokens, as a login answers it."""

    token: str
    refresh_token: str


class AdminLogin(Model):
    userInfo: AdminLoginInfo  # noqa: N815 - the client's field names
    routePath: str  # noqa: N815


class Badges(Model):
    badges: dict[str, int]


class AdminIndex(Model):
    adminInfo: AdminInfo  # noqa: N815 - the client's field names
    menus: list[MenuNode]
    siteConfig: SiteConfig  # noqa: N815
    terminal: TerminalSettings
    paths: list[str]


def admin_info(ctx: AdminContext) -> dict[str, Any]:
    info = ctx.admin.to_public()
    info["super"] = ctx.is_super
    info["motto"] = ctx.admin.motto
    return info


@router.get(
    "/login", name="admin_index_login_config", response_model=Envelope[LoginConfig], dependencies=[public()]
)
def login_config() -> dict[str, Any]:
    """Whether the login form needs a captcha."""
    return success({"captcha": captcha_required()})


def _login(body: LoginBody, ip: str, ua: str, data: dict[str, Any], path: str) -> dict[str, Any]:
    admin_id, title = 0, admin_log.both_titles(*admin_log.LOGIN_TITLE)
    try:
        if captcha_required():
            accounts.require_captcha(body.captchaId, body.captchaInfo, wrong="Captcha error")
        admin = authenticate_admin(body.username.strip(), body.password, ip)
        admin_id = int(admin.id)
    finally:
        admin_log.record(
            admin_id=admin_id,
            username=body.username.strip()[:64],
            url=path,
            method="POST",
            title=title,
            data=data,
            ip=ip,
            useragent=ua,
        )
    tokens = open_session("admin", int(admin.id), remember=body.keep, ip=ip, user_agent=ua)
    fresh = Admin.get(admin.id, consistent_read=True)
    info = fresh.to_public()
    info["super"] = is_super_admin(fresh)
    info["token"] = tokens["token"]
    info["refresh_token"] = tokens["refresh_token"]
    return success({"userInfo": info, "routePath": "/admin"}, "Login succeeded!")


@router.post(
    "/login",
    name="admin_index_login",
    response_model=Envelope[AdminLogin],
    response_model_exclude_unset=True,
    dependencies=[public()],
)
@rate_limited("admin_login")
async def login(body: LoginBody, request: Request) -> dict[str, Any]:
    """Log in; `keep` asks for a refresh token ("remember me")."""
    data = await request_data(request)
    return await run_in_threadpool(
        _login, body, client_ip(request), user_agent(request), data, request.url.path
    )


@router.post("/logout", name="admin_index_logout", response_model=Envelope[None], dependencies=[public()])
def logout(body: LogoutBody, request: Request) -> dict[str, Any]:
    """End the session (by refresh token and/or by the access token sent)."""
    accounts.logout("admin", body.refresh_token or body.refreshToken, request.headers.get("batoken", ""))
    return success(None, "Logout successful")


@router.get(
    "/index", name="admin_index_index", response_model=Envelope[AdminIndex], response_model_exclude_unset=True
)
def index(ctx: Annotated[AdminContext, require(LOGGED_IN)]) -> dict[str, Any]:
    """Admin info, the menu tree, site config and terminal config."""
    lang = get_lang()
    return success(
        {
            "adminInfo": admin_info(ctx),
            "menus": menu_tree(ctx.grant, lang, ctx.rules),
            "siteConfig": get_site_config(lang),
            "terminal": terminal_config(ctx.grant),
            "paths": sorted(
                {
                    rule.path.strip("/")
                    for rule in ctx.rules
                    if rule.enabled and rule.rule_type == "menu" and rule.menu_type == "tab" and rule.path
                }
            ),
        }
    )


@router.get("/badges", name="admin_index_badges", response_model=Envelope[Badges])
def menu_badges(ctx: Annotated[AdminContext, require(LOGGED_IN)]) -> dict[str, Any]:
    """Counts beside menu items (by menu rule name) that the admin may see."""
    return success({"badges": badges.badges_for(ctx.grant)})
