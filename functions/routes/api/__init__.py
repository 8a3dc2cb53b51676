"""Member and common calls (`/srv/api/…`). Append each resource's router to `ROUTERS`."""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.api import index

ROUTERS: list[APIRouter] = [index.router]
