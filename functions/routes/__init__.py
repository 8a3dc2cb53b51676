"""The API's routers. Each resource module has one `APIRouter`; add it to `ROUTERS` in
`functions/routes/api/__init__.py` (member and common calls, served under `/api`) or
`functions/routes/admin/__init__.py` (back office, under `/admin`). `create_app()` mounts the
result under `settings.api_url` (`/srv`): `/srv/api/index/index`, `/srv/admin/index/login`…

Route names (`name="index_index"`) are unique and become the OpenAPI operation ids.
"""

from __future__ import annotations

from fastapi import APIRouter


def build_router() -> APIRouter:
    """One router holding every API route, relative to the API prefix."""
    from functions.routes import admin, api

    root = APIRouter()
    for router in api.ROUTERS:
        root.include_router(router, prefix="/api")
    for router in admin.ROUTERS:
        root.include_router(router, prefix="/admin")
    return root
