"""Dependencies shared by the routes, as `Annotated` aliases:
`def route(lang: Lang, settings: SettingsDep, user: CurrentUser)`.

Accounts: `CurrentUser` / `OptionalUser` (member, header or query `ba-user-token`), `CurrentAdmin`
(admin, header or query `batoken`); `UserClaims` / `AdminClaims` give the session id as well
(FastAPI resolves a dependency once per request, so using both costs nothing extra).
`@rate_limited(action)` (below the route's decorator) is the per-IP rate limit of a route; the address is
`functions.core.client_ip.client_ip` (re-exported here), never a client-supplied hop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import Depends, Request
from starlette.concurrency import run_in_threadpool

from functions.core.client_ip import client_ip
from functions.core.i18n import get_lang
from functions.core.responses import CODE_NO_PERMISSION, CODE_TOKEN_EXPIRED, ApiError, login_required
from functions.core.routing import Endpoint, with_dependencies
from functions.core.settings import Settings, get_settings
from functions.models.admin import Admin
from functions.models.user import User
from functions.services.permissions import grant_kept, grant_stamped, kept_grant
from functions.services.rate_limit import hit_for
from functions.services.sessions import Authenticated, Claims, authenticate_account

__all__ = ["client_ip"]  # the one definition lives in functions.core.client_ip


# Dependencies that do no I/O are `async def`: FastAPI runs a plain `def` dependency on a worker
# thread, a hop that costs more than the work itself on every request.


async def current_lang() -> str:
    """The request's language, negotiated by `RequestContextMiddleware` (zh-cn or en)."""
    return get_lang()


Lang = Annotated[str, Depends(current_lang)]


async def current_settings() -> Settings:
    return get_settings()


SettingsDep = Annotated[Settings, Depends(current_settings)]


# --- Who is calling (members: header `ba-user-token`; admins: header `batoken`) --------------------
# Both tokens are also accepted as a query parameter of the same name, for URLs the browser loads by
# itself (images, server-sent events). A missing/invalid/revoked token answers body code 302
# (`routeName` userLogin/adminLogin), an expired one body code 409; never HTTP 401/403.

USER_TOKEN = "ba-user-token"  # noqa: S105 - a header name
ADMIN_TOKEN = "batoken"  # noqa: S105 - a header name


def rate_limited(action: str) -> Callable[[Endpoint], Endpoint]:
    """An endpoint decorator: each call of the route counts against the per-IP limit of `action`
    (`functions.services.rate_limit`; HTTP 429 with the envelope beyond it), before the endpoint's
    own dependencies run:

        @router.post("/checkIn", name="user_check_in", response_model=...)
        @rate_limited("checkin")
        def check_in(body: CheckInBody) -> dict[str, Any]: ..."""

    def check_rate(request: Request) -> None:  # a plain def: it does I/O, FastAPI runs it on a thread
        hit_for(action, client_ip(request))

    return with_dependencies(Depends(check_rate))


def user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")[:255]


def _token(request: Request, name: str) -> str:
    return request.headers.get(name) or request.query_params.get(name) or ""


def _stamped(kind: Literal["user", "admin"]) -> tuple[type[Any], ...]:
    return grant_stamped(kind)


def user_session(request: Request) -> Authenticated[User]:
    """The member's session claims and row, with the stamps the member-rule check is kept under
    (`member_rule`), read in one round trip (FastAPI caches it per request)."""
    return authenticate_account(_token(request, USER_TOKEN), "user", User, stamped=_stamped("user"))


def admin_session(request: Request) -> Authenticated[Admin]:
    """The admin's session claims and row, with the stamps its grant is kept under
    (`functions.routes.admin.deps.require`), read in one round trip (FastAPI caches it per request)."""
    return authenticate_account(_token(request, ADMIN_TOKEN), "admin", Admin, stamped=_stamped("admin"))


UserSession = Annotated[Authenticated[User], Depends(user_session)]
AdminSession = Annotated[Authenticated[Admin], Depends(admin_session)]


async def user_claims(session: UserSession) -> Claims:
    """The member's session claims (sub = member id, sid = session id)."""
    return session.claims


async def admin_claims(session: AdminSession) -> Claims:
    """The admin's session claims (sub = admin id, sid = session id)."""
    return session.claims


UserClaims = Annotated[Claims, Depends(user_claims)]
AdminClaims = Annotated[Claims, Depends(admin_claims)]


async def current_user(session: UserSession) -> User:
    """The logged-in, enabled member (body code 302 otherwise)."""
    user = session.account
    if user is None or not user.enabled:
        raise login_required("userLogin", "Login expired, please log in again")
    return user


def optional_user(request: Request) -> User | None:
    """The member when a usable `ba-user-token` is sent, else None (an expired token still answers
    409 so the client refreshes; a bad or revoked one counts as anonymous)."""
    token = _token(request, USER_TOKEN)
    if not token:
        return None
    try:
        user = authenticate_account(token, "user", User).account
    except ApiError as exc:
        if exc.code == CODE_TOKEN_EXPIRED:
            raise
        return None
    return user if user is not None and user.enabled else None


async def current_admin(session: AdminSession) -> Admin:
    """The logged-in, enabled admin (body code 302 otherwise). Permission checks build on this."""
    admin = session.account
    if admin is None or not admin.enabled:
        raise login_required("adminLogin", "Login expired, please log in again")
    return admin


CurrentUser = Annotated[User, Depends(current_user)]


def member_rule(name: str) -> Any:
    """A member route's dependency (`user: Annotated[User, member_rule("account/balance")]`): the
    logged-in member, when the member's group grants the member rule `name`; otherwise code 401 "You
    do not have permission to operate!" (the member center hides what this refuses)."""

    async def check_member_rule(session: UserSession, user: CurrentUser) -> User:
        # The grant is kept in memory under the stamps read with the session: only a change of the
        # member rules or groups (or of the member's group) costs a DynamoDB read, on a worker thread.
        kept = kept_grant("user", user, session.stamps)
        if kept is None:
            kept = await run_in_threadpool(grant_kept, "user", user, session.stamps)
        if not kept.grant.allows(name):
            raise ApiError("You do not have permission to operate!", code=CODE_NO_PERMISSION)
        return user

    return Depends(check_member_rule)


OptionalUser = Annotated[User | None, Depends(optional_user)]
CurrentAdmin = Annotated[Admin, Depends(current_admin)]
