"""Back-office calls (`/srv/admin/…`). Append each resource's router to `ROUTERS`.

Every route here must declare its permission with `functions.routes.admin.deps.require(...)` (or
`public()`); `tests/api/test_admin_matrix.py` enumerates the routes and fails for one that does not.
"""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.admin import auth, dashboard, index, routine, user

ROUTERS: list[APIRouter] = [
    index.router,
    dashboard.router,
    *auth.ROUTERS,
    *user.ROUTERS,
    *routine.ROUTERS,
]

# Files and uploads (issue 5).
from functions.routes.admin import ajax, attachment  # noqa: E402

ROUTERS += [ajax.router, ajax.alioss, attachment.router]
