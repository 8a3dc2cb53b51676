"""Member and common calls (`/srv/api/…`). Append each resource's router to `ROUTERS`."""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.api import account, common, ems, index, sms, user

ROUTERS: list[APIRouter] = [index.router, common.router, user.router, account.router, sms.router, ems.router]

# Files and uploads (issue 5).
from functions.routes.api import ajax  # noqa: E402

ROUTERS += [ajax.router, ajax.alioss]
