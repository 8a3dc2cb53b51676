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
from functions.routes.deps import CurrentUser, SettingsDep
from functions.routes.upload_form import (
    AREA_RESPONSE,
    SUFFIX_SVG_ROUTE,
    UPLOAD_OPENAPI,
    UPLOAD_PARAMS_RESPONSE,
    UPLOAD_RESPONSE,
    UploadCallbackBody,
    UploadParamsBody,
    area_options,
    remote_callback,
    remote_params,
    suffix_svg_response,
    upload_local,
)
from functions.services.uploads import Uploader

router = APIRouter(prefix="/ajax", tags=["ajax"])
alioss = APIRouter(prefix="/Alioss", tags=["ajax"])


@router.post("/upload", name="ajax_upload", openapi_extra=UPLOAD_OPENAPI, response_model=UPLOAD_RESPONSE)
async def upload(request: Request, user: CurrentUser, settings: SettingsDep) -> dict[str, Any]:
    """Upload one file (multipart: file, topic); local mode."""
    return await upload_local(request, Uploader("user", int(user.id)), settings)


@alioss.post("/params", name="alioss_params", response_model=UPLOAD_PARAMS_RESPONSE)
def upload_params(body: UploadParamsBody, user: CurrentUser, settings: SettingsDep) -> dict[str, Any]:
    """Remote mode: a presigned POST for one file and the token for the callback."""
    return remote_params(body, Uploader("user", int(user.id)), settings)


@alioss.post("/callback", name="alioss_callback", response_model=UPLOAD_RESPONSE)
def upload_callback(body: UploadCallbackBody, user: CurrentUser, settings: SettingsDep) -> dict[str, Any]:
    """Remote mode: the browser has posted the file; verify it and record the attachment."""
    return remote_callback(body, Uploader("user", int(user.id)), settings)


@router.get("/area", name="ajax_area", response_model=AREA_RESPONSE)
def area(province: str | None = None, city: str | None = None) -> dict[str, Any]:
    """Provinces; the cities of `province`; the districts of `city`."""
    return success(area_options(province, city))


@router.get("/buildSuffixSvg", name="ajax_build_suffix_svg", **SUFFIX_SVG_ROUTE)
def build_suffix_svg(suffix: str = "file", background: str | None = None) -> Response:
    """An SVG file-type icon (public; a token in the query is ignored)."""
    return suffix_svg_response(suffix, background)
