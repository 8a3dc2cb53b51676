"""The calls admins and members share, declared once for both (`add_shared_routes`): `…/ajax/upload`,
the `…/Alioss/params` and `…/Alioss/callback` calls of remote mode, `…/ajax/area` and
`…/ajax/buildSuffixSvg`, under `/admin` and `/api`.

`read_upload()` refuses a body whose Content-Length is above the configured `upload.maxsize` (plus
room for the multipart envelope) with HTTP 413 *before* reading it; bodies without a length are
bounded by the app's `max_body_bytes` and the file part is cut at `maxsize + 1` bytes and refused
the same way. The routes declare no body parameters, so FastAPI does not parse the form before the
check; the OpenAPI schema of the form is given by `UPLOAD_OPENAPI`.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException
from pydantic import Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import Response

from functions.core.i18n import get_lang
from functions.core.responses import ApiError, Envelope, Model, Shape, success
from functions.core.routing import APIRouter
from functions.core.settings import Settings
from functions.core.validators import Schema
from functions.routes.deps import SettingsDep
from functions.services import area as area_service
from functions.services import remote_upload
from functions.services.attachments import save_upload
from functions.services.site_config import get_upload_config
from functions.services.suffix_svg import CSP, build_suffix_svg
from functions.services.uploads import MSG_INCOMPLETE, MSG_SIZE, Uploader

MULTIPART_ALLOWANCE = 64 * 1024  # boundaries, part headers and the small fields (topic…)

UPLOAD_OPENAPI: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {"type": "string", "format": "binary"},
                        "topic": {"type": "string", "default": "default"},
                    },
                }
            }
        },
    }
}


@dataclass
class ReceivedFile:
    data: bytes
    filename: str
    content_type: str
    topic: str


async def read_upload(request: Request, settings: Settings) -> ReceivedFile:
    config = await run_in_threadpool(get_upload_config, settings)
    maxsize = int(config.get("maxsize") or settings.upload_max_bytes)
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > maxsize + MULTIPART_ALLOWANCE:
        raise ApiError(MSG_SIZE, http_status=413)
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise ApiError(MSG_INCOMPLETE)
    try:
        form = await request.form(max_files=1, max_fields=20)
    except HTTPException:
        raise
    except Exception as exc:  # malformed multipart
        raise HTTPException(status_code=400) from exc
    try:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise ApiError(MSG_INCOMPLETE)
        data = await upload.read(maxsize + 1)
        if len(data) > maxsize:
            raise ApiError(MSG_SIZE, http_status=413)
        topic = form.get("topic")
        return ReceivedFile(
            data=data,
            filename=upload.filename or "",
            content_type=upload.content_type or "",
            topic=topic if isinstance(topic, str) else "",
        )
    finally:
        await form.close()


class UploadParamsBody(Schema):
    """Remote mode, step 1: what the browser knows about the file."""

    name: str = Field(max_length=1000)
    size: int
    type: str = Field(default="", max_length=255)
    sha1: str = Field(max_length=64)
    topic: str = Field(default="default", max_length=64)


class UploadCallbackBody(Schema):
    """Remote mode, step 3 (SPEC §3 callback payload, plus the topic and the token of step 1)."""

    url: str = Field(max_length=2048)
    name: str = Field(max_length=1000)
    size: int
    type: str = Field(default="", max_length=255)
    sha1: str = Field(max_length=64)
    topic: str = Field(default="default", max_length=64)
    token: str = Field(max_length=4096)


class UploadedFile(Shape):
    """An attachment row as an upload answers it (`Attachment.to_public()`)."""

    id: int
    topic: str
    url: str
    name: str
    size: int
    mimetype: str
    width: int
    height: int
    sha1: str
    storage: str
    admin_id: int
    user_id: int
    quote: int
    create_time: int
    last_upload_time: int


class UploadData(Model):
    """The answer of a local upload and of a remote-mode callback: the recorded file."""

    file: UploadedFile


class UploadParamsData(Model):
    """Remote mode, step 2: where the browser posts the file (`url`, with the form fields `params`),
    the object `key`, the file's URL once stored, and the token the callback must return."""

    url: str
    params: dict[str, str]
    key: str
    fileUrl: str
    token: str
    expires: int


class AreaOption(Model):
    value: str
    label: str


class AreaData(Model):
    """The provinces, the cities of a province or the districts of a city."""

    list: builtins.list[AreaOption]


# `buildSuffixSvg` answers an SVG image, not an envelope.
SUFFIX_SVG_ROUTE: dict[str, Any] = {
    "response_class": Response,
    "responses": {200: {"content": {"image/svg+xml": {}}, "description": "The file-type icon"}},
}
UPLOAD_RESPONSE = Envelope[UploadData]
UPLOAD_PARAMS_RESPONSE = Envelope[UploadParamsData]
AREA_RESPONSE = Envelope[AreaData]


def add_shared_routes(
    router: APIRouter,
    alioss: APIRouter,
    uploader: Any,
    *,
    name_prefix: str,
    area_dependencies: Sequence[Any] = (),
    icon_dependencies: Sequence[Any] = (),
) -> None:
    """Declare the shared calls on an audience's `/ajax` and `/Alioss` routers. `uploader` is that
    audience's dependency (a `Depends`) that checks the login and gives the caller's `Uploader`;
    `area_dependencies` and `icon_dependencies` guard `area` and `buildSuffixSvg` (a login, or a mark
    that the call is public); route names start with `name_prefix`."""

    @router.post(
        "/upload",
        name=f"{name_prefix}ajax_upload",
        openapi_extra=UPLOAD_OPENAPI,
        response_model=UPLOAD_RESPONSE,
    )
    async def upload(request: Request, settings: SettingsDep, who: Uploader = uploader) -> dict[str, Any]:
        """Upload one file (multipart: file, topic); local mode."""
        received = await read_upload(request, settings)  # the size is checked before the body is read
        row = await run_in_threadpool(
            save_upload,
            received.data,
            received.filename,
            received.content_type,
            received.topic,
            who,
            settings,
        )
        return success({"file": row.to_public()}, "Upload successful")

    @alioss.post("/params", name=f"{name_prefix}alioss_params", response_model=UPLOAD_PARAMS_RESPONSE)
    def upload_params(
        body: UploadParamsBody, settings: SettingsDep, who: Uploader = uploader
    ) -> dict[str, Any]:
        """Remote mode: a presigned POST for one file and the token for the callback."""
        data = remote_upload.prepare(body, who, settings)
        return success(data)

    @alioss.post("/callback", name=f"{name_prefix}alioss_callback", response_model=UPLOAD_RESPONSE)
    def upload_callback(
        body: UploadCallbackBody, settings: SettingsDep, who: Uploader = uploader
    ) -> dict[str, Any]:
        """Remote mode: the browser has posted the file; verify it and record the attachment."""
        row = remote_upload.callback(body, who, settings)
        return success({"file": row.to_public()}, "Upload successful")

    @router.get(
        "/area",
        name=f"{name_prefix}ajax_area",
        dependencies=list(area_dependencies),
        response_model=AREA_RESPONSE,
    )
    def area(province: str | None = None, city: str | None = None) -> dict[str, Any]:
        """Provinces; the cities of `province`; the districts of `city`."""
        return success({"list": area_service.options(province, city, get_lang())})

    @router.get(
        "/buildSuffixSvg",
        name=f"{name_prefix}ajax_build_suffix_svg",
        dependencies=list(icon_dependencies),
        **SUFFIX_SVG_ROUTE,
    )
    def suffix_icon(suffix: str = "file", background: str | None = None) -> Response:
        """An SVG file-type icon (public; a token sent with it is ignored)."""
        return Response(
            build_suffix_svg(suffix, background),
            media_type="image/svg+xml",
            headers={"Content-Security-Policy": CSP, "Cache-Control": "public, max-age=86400"},
        )
