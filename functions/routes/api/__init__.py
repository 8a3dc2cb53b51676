"""Member and common calls (`/srv/api/…`), one module per resource (the member center under
`account/`: `account/password.py` is "member change password"). Append each router to `ROUTERS`."""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.api import common, ems, index, sms, user
from functions.routes.api.account import bind, log, overview, password, profile

ROUTERS: list[APIRouter] = [
    index.router,
    common.router,
    user.router,
    overview.router,
    profile.router,
    bind.router,
    password.router,
    log.router,
    sms.router,
    ems.router,
]

# Files and uploads (issue 5).
from functions.routes.api import ajax  # noqa: E402

ROUTERS += [ajax.router, ajax.alioss]

# The public site's contact form (issue 13).
from functions.routes.api import contact  # noqa: E402

ROUTERS += [contact.router]
