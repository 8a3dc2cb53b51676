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

from fastapi import Depends
from pydantic import Field

from functions.core.responses import ApiError, Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.routes import upload_form
from functions.routes.admin.deps import LOGGED_IN, AdminContext, public, require
from functions.services import caches
from functions.services.uploads import Uploader

router = APIRouter(prefix="/ajax", tags=["admin-ajax"])
alioss = APIRouter(prefix="/Alioss", tags=["admin-ajax"])
routers = (router, alioss)  # what this module serves (functions.routes.admin.registry)
Admin = Annotated[AdminContext, require(LOGGED_IN)]


def admin_uploader(ctx: Admin) -> Uploader:
    return Uploader("admin", ctx.id)


upload_form.add_shared_routes(
    router,
    alioss,
    Depends(admin_uploader),
    name_prefix="admin_",
    area_dependencies=[require(LOGGED_IN)],
    icon_dependencies=[public()],
)


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
