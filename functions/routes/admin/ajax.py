"""Back-office common calls (SPEC §7): `/admin/ajax/upload`, `/admin/ajax/area`,
`/admin/ajax/buildSuffixSvg`, `/admin/ajax/clearCache`, and remote-mode `/admin/Alioss/params` +
`/admin/Alioss/callback`.

Permissions: uploading, areas and clearing caches need a logged-in admin (no menu rule: every
back-office screen with an image field uploads); the suffix icon is public (it shows only its own
inputs, see `functions.services.suffix_svg`). Attachments themselves are the routine/attachment
table (`functions.routes.admin.routine.attachment`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Request
from pydantic import Field
from starlette.responses import Response

from functions.core.responses import ApiError, Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.routes import upload_form as form
from functions.routes.admin.deps import LOGGED_IN, AdminContext, public, require
from functions.routes.deps import SettingsDep
from functions.services import caches
from functions.services.uploads import Uploader

router = APIRouter(prefix="/ajax", tags=["admin-ajax"])
alioss = APIRouter(prefix="/Alioss", tags=["admin-ajax"])
Admin = Annotated[AdminContext, require(LOGGED_IN)]


@router.post(
    "/upload",
    name="admin_ajax_upload",
    openapi_extra=form.UPLOAD_OPENAPI,
    response_model=form.UPLOAD_RESPONSE,
)
async def upload(request: Request, ctx: Admin, settings: SettingsDep) -> dict[str, Any]:
    """Upload one file (multipart: file, topic); local mode."""
    return await form.upload_local(request, Uploader("admin", ctx.id), settings)


@alioss.post("/params", name="admin_alioss_params", response_model=form.UPLOAD_PARAMS_RESPONSE)
def upload_params(body: form.UploadParamsBody, ctx: Admin, settings: SettingsDep) -> dict[str, Any]:
    """Remote mode: a presigned POST for one file and the token for the callback."""
    return form.remote_params(body, Uploader("admin", ctx.id), settings)


@alioss.post("/callback", name="admin_alioss_callback", response_model=form.UPLOAD_RESPONSE)
def upload_callback(body: form.UploadCallbackBody, ctx: Admin, settings: SettingsDep) -> dict[str, Any]:
    """Remote mode: the browser has posted the file; verify it and record the attachment."""
    return form.remote_callback(body, Uploader("admin", ctx.id), settings)


@router.get("/area", name="admin_ajax_area", response_model=form.AREA_RESPONSE)
def area(ctx: Admin, province: str | None = None, city: str | None = None) -> dict[str, Any]:
    """Provinces; the cities of `province`; the districts of `city`."""
    return success(form.area_options(province, city))


@router.get(
    "/buildSuffixSvg", name="admin_ajax_build_suffix_svg", dependencies=[public()], **form.SUFFIX_SVG_ROUTE
)
def build_suffix_svg(suffix: str = "file", background: str | None = None) -> Response:
    """An SVG file-type icon (public; `batoken` is accepted and ignored)."""
    return form.suffix_svg_response(suffix, background)


class ClearCacheBody(Schema):
    type: str = Field(default="all", max_length=64)


class ClearCacheData(Model):
    """The caches cleared, and every cache that can be named."""

    cleared: list[str]
    available: list[str]


@router.post("/clearCache", name="admin_ajax_clear_cache", response_model=Envelope[ClearCacheData])
def clear_cache(body: ClearCacheBody, ctx: Admin) -> dict[str, Any]:
    """Clear a server-side cache (`type`: a registered name, or "all")."""
    try:
        cleared = caches.clear(body.type)
    except KeyError:
        raise ApiError("Unknown cache type") from None
    return success({"cleared": cleared, "available": caches.registered()}, "Cache cleared")
