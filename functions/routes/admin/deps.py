"""Permission checks of the back office: every route under /admin declares what it needs.

- `require("auth/admin/add")` — a dependency: the caller must be a logged-in admin (`CurrentAdmin`:
  header `batoken`; missing/forged/revoked → body code 302, expired → 409) whose grant allows that
  permission (super admins hold "*"). A refusal answers **HTTP 200 with body code 401** and the
  translated 'You do not have permission to operate!': never HTTP 401/403, because CloudFront turns
  those into the error page, and body code 401 lets a client tell "not allowed" from other failures.
- `require(LOGGED_IN)` — any logged-in admin (the shell's index, the own profile).
- `public()` — no login (login, logout).
- `require_designed("index")` — for the routes of designed tables, whose path is data: the
  permission `<rule path>/index` of the path requested.
- For write methods (POST, PUT, PATCH, DELETE) `require` also records the admin log
  (`functions.services.admin_log`) before the handler runs.

The declared permission is kept on the dependency (`__admin_permission__`), so `route_permissions(app)`
lists every admin route with its permission: the authorization matrix test is built from it, and a
route without a declaration is a test failure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import iter_route_contexts
from starlette.concurrency import run_in_threadpool

import functions.core.messages_admin  # noqa: F401 - registers the back office's messages
from functions.core.client_ip import client_ip
from functions.core.responses import CODE_NO_PERMISSION, ApiError
from functions.models.admin import Admin
from functions.models.rule import AdminRule
from functions.routes.deps import AdminSession, CurrentAdmin
from functions.services import admin_log
from functions.services.design_doc import get_design, load_doc
from functions.services.fields import SECRET_TYPES
from functions.services.permissions import AdminContext, acting_admin, grant_kept, kept_grant
from functions.services.sessions import Authenticated

__all__ = [
    "DESIGNED_PATH",
    "LOGGED_IN",
    "AdminContext",
    "public",
    "request_data",
    "require",
    "require_designed",
    "route_permissions",
]

PERMISSION_ATTR = "__admin_permission__"
PUBLIC = "<public>"
LOGGED_IN = "<logged-in>"
DESIGNED_PATH = "{path}"  # the rule path of a designed table, in a declared permission
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def no_permission() -> ApiError:
    return ApiError("You do not have permission to operate!", code=CODE_NO_PERMISSION)


async def request_data(request: Request) -> dict[str, Any]:
    """The request's data for the admin log: query parameters plus the JSON or form body fields."""
    data: dict[str, Any] = {}
    for key in request.query_params:
        values = request.query_params.getlist(key)
        data[key] = values if len(values) > 1 or key.endswith("[]") else values[0]
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/"):
        data["_body"] = "(multipart)"
        return data
    body = await request.body()
    if not body:
        return data
    if content_type.startswith("application/x-www-form-urlencoded"):
        form = await request.form()
        data.update({k: form.get(k) for k in form})
        return data
    try:
        parsed = json.loads(body)
    except ValueError:
        data["_body"] = "(not JSON)"
        return data
    if isinstance(parsed, dict):
        data.update(parsed)
    else:
        data["_body"] = parsed
    return data


def rule_title(rules: Iterable[AdminRule], permission: str, lang: str) -> str:
    """'<parent title> - <rule title>' of the rule named `permission` (or the permission itself)."""
    by_id = {r.id: r for r in rules}
    for rule in by_id.values():
        if rule.name == permission:
            parent = by_id.get(int(rule.pid or 0))
            if parent is not None and rule.rule_type == "button":
                return f"{parent.label(lang)} - {rule.label(lang)}"
            return rule.label(lang)
    return permission


def _log(
    ctx: AdminContext, request: Request, data: dict[str, Any], permission: str, designed: str = ""
) -> None:
    if designed:
        data = admin_log.mask_fields(data, designed_passwords(designed))
    admin_log.record(
        admin_id=ctx.id,
        username=ctx.admin.username,
        url=request.url.path,
        method=request.method,
        title=admin_log.own_action_title(request.url.path)
        if permission == LOGGED_IN
        else admin_log.both_titles(*(rule_title(ctx.rules, permission, lang) for lang in ("zh-cn", "en"))),
        data=data,
        ip=client_ip(request),
        useragent=request.headers.get("user-agent", ""),
    )


def designed_passwords(path: str) -> set[str]:
    """The password fields of the designed table at `path`, whatever their names: the admin log
    masks them as it masks every field named like a password."""
    design = get_design(path)
    if design is None:
        return set()
    return {f.name for f in load_doc(design).fields if f.type in SECRET_TYPES}


async def _allow(
    request: Request, session: Authenticated[Admin], admin: Admin, permission: str, designed: str = ""
) -> AdminContext:
    data = await request_data(request) if request.method in WRITE_METHODS else None
    # The admin's grant is kept in memory under the stamps of the admin rules and groups read with the
    # session (`permissions.grant_kept`): only when one of them changed, or the admin's groups did, does
    # the check read (the admin's groups, perhaps the rule tree), on a worker thread.
    kept = kept_grant("admin", admin, session.stamps)
    if kept is None:
        kept = await run_in_threadpool(grant_kept, "admin", admin, session.stamps)
    if permission != LOGGED_IN and not kept.grant.allows(permission):
        raise no_permission()
    ctx = AdminContext(admin=admin, grant=kept.grant, rules=kept.rules)
    acting_admin.set(ctx.id)  # who caused what the request's services do (e.g. the publish a save schedules)
    if data is not None:
        await run_in_threadpool(_log, ctx, request, data, permission, designed)
    return ctx


def require(permission: str) -> Any:
    """A dependency (use as `ctx: Annotated[AdminContext, require("auth/admin/add")]`)."""

    async def check_permission(request: Request, session: AdminSession, admin: CurrentAdmin) -> AdminContext:
        return await _allow(request, session, admin, permission)

    setattr(check_permission, PERMISSION_ATTR, permission)
    return Depends(check_permission)


def require_designed(action: str) -> Any:
    """`require` for the routes of designed tables (`/admin/{path}/<action>`): the permission is
    `<path>/<action>` of the path requested (declared as `{path}/<action>`)."""

    async def check_designed(request: Request, session: AdminSession, admin: CurrentAdmin) -> AdminContext:
        path = request.path_params.get("path", "")
        return await _allow(request, session, admin, f"{path}/{action}", designed=path)

    setattr(check_designed, PERMISSION_ATTR, f"{DESIGNED_PATH}/{action}")
    return Depends(check_designed)


def public() -> Any:
    """Marks a route that needs no login (as a route dependency: `dependencies=[public()]`)."""

    def public_route() -> None:
        return None

    setattr(public_route, PERMISSION_ATTR, PUBLIC)
    return Depends(public_route)


def _declared(dependant: Dependant) -> list[str]:
    found = []
    call = dependant.call
    if call is not None and hasattr(call, PERMISSION_ATTR):
        found.append(getattr(call, PERMISSION_ATTR))
    for sub in dependant.dependencies:
        found.extend(_declared(sub))
    return found


def route_permissions(app: FastAPI, prefix: str = "/srv/admin/") -> list[tuple[str, str, list[str]]]:
    """`(method, path, [declared permissions])` of every route under `prefix` (one per method)."""
    result = []
    for context in iter_route_contexts(app.routes):
        dependant = getattr(context, "dependant", None)
        path = context.path or ""
        if not path.startswith(prefix) or dependant is None:
            continue
        declared = _declared(dependant)
        for method in sorted(context.methods or ()):
            result.append((method, path, declared))
    return result
