"""Back-office calls (`/srv/admin/…`). Append each resource's router to `ROUTERS`."""

from __future__ import annotations

from fastapi import APIRouter

ROUTERS: list[APIRouter] = []
