"""Member common calls (SPEC §7): `/api/ajax/upload`, `/api/ajax/area`, `/api/ajax/buildSuffixSvg`,
and remote-mode `/api/Alioss/params` + `/api/Alioss/callback`.

Uploading needs a logged-in member (`ba-user-token`); areas and the suffix icon are public (the
registration and profile forms use the city input; the icon shows only its own inputs).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from starlette.responses import Response

from functions.core.responses import success
from functions.core.routing import APIRouter
from functions.routes import upload_form as form
from functions.routes.deps import CurrentUser, SettingsDep
from functions.services.uploads import Uploader

router = APIRouter(prefix="/ajax", tags=["ajax"])
alioss = APIRouter(prefix="/Alioss", tags=["ajax"])


@router.post(
    "/upload", name="ajax_upload", openapi_extra=form.UPLOAD_OPENAPI, response_model=form.UPLOAD_RESPONSE
)
async def upload(request: Request, user: CurrentUser, settings: SettingsDep) -> dict[str, Any]:
    """Upload one file (multipart: file, topic); local mode."""
    return await form.upload_local(request, Uploader("user", int(user.id)), settings)


@alioss.post("/params", name="alioss_params", response_model=form.UPLOAD_PARAMS_RESPONSE)
def upload_params(body: form.UploadParamsBody, user: CurrentUser, settings: SettingsDep) -> dict[str, Any]:
    """Remote mode: a presigned POST for one file and the token for the callback."""
    return form.remote_params(body, Uploader("user", int(user.id)), settings)


@alioss.post("/callback", name="alioss_callback", response_model=form.UPLOAD_RESPONSE)
def upload_callback(
    body: form.UploadCallbackBody, user: CurrentUser, settings: SettingsDep
) -> dict[str, Any]:
    """Remote mode: the browser has posted the file; verify it and record the attachment."""
    return form.remote_callback(body, Uploader("user", int(user.id)), settings)


@router.get("/area", name="ajax_area", response_model=form.AREA_RESPONSE)
def area(province: str | None = None, city: str | None = None) -> dict[str, Any]:
    """Provinces; the cities of `province`; the districts of `city`."""
    return success(form.area_options(province, city))


@router.get("/buildSuffixSvg", name="ajax_build_suffix_svg", **form.SUFFIX_SVG_ROUTE)
def build_suffix_svg(suffix: str = "file", background: str | None = None) -> Response:
    """An SVG file-type icon (public; a token in the query is ignored)."""
    return form.suffix_svg_response(suffix, background)
