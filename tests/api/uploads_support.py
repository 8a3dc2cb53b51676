"""Helpers for the upload tests: a temporary upload folder and a small maximum, logged-in admin and
member headers, and sample files made on the fly (Pillow), hostile ones included."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

MAX_BYTES = 256 * 1024


@pytest.fixture(scope="module")
def upload_env(dynamodb, tmp_path_factory) -> Iterator:
    """Settings whose uploads go to a temporary folder, with a 256 KiB maximum."""
    from functions.core.settings import get_settings
    from functions.services.site_config import clear_cache
    from functions.services.storage import reset_storage_cache

    folder = tmp_path_factory.mktemp("uploads")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CITYOPS_UPLOAD_DIR", str(folder))
        mp.setenv("CITYOPS_UPLOAD_MAX_BYTES", str(MAX_BYTES))
        get_settings.cache_clear()
        reset_storage_cache()
        clear_cache()
        try:
            yield get_settings()
        finally:
            get_settings.cache_clear()
            reset_storage_cache()
            clear_cache()


def _name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="module")
def admin_headers(upload_env) -> dict[str, str]:
    from functions.models.admin import Admin
    from functions.services.sessions import open_session

    admin = Admin.create(_name("up"), "secret123", is_super=True)
    return {"batoken": open_session("admin", admin.id, remember=False)["token"]}


@pytest.fixture(scope="module")
def member_headers(upload_env) -> dict[str, str]:
    from functions.models.user import User
    from functions.services.sessions import open_session

    user = User.create(_name("mem"), "secret123")
    return {"ba-user-token": open_session("user", user.id, remember=False)["token"]}


@pytest.fixture(scope="module")
def other_member_headers(upload_env) -> dict[str, str]:
    from functions.models.user import User
    from functions.services.sessions import open_session

    user = User.create(_name("mem"), "secret123")
    return {"ba-user-token": open_session("user", user.id, remember=False)["token"]}


def image_bytes(
    fmt: str = "PNG", size: tuple[int, int] = (12, 7), colour: tuple[int, int, int] = (200, 30, 30)
) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format=fmt)
    return buffer.getvalue()


def unique_png(size: tuple[int, int] = (12, 7)) -> bytes:
    """A PNG nobody else uploaded (random colour)."""
    raw = uuid.uuid4().bytes
    return image_bytes("PNG", size, (raw[0], raw[1], raw[2]))


def zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        # A fixed date, not the clock's: the bytes are test parameters, and two xdist workers that
        # collect a second apart must see the same test ids.
        archive.writestr(zipfile.ZipInfo("hello.txt", date_time=(2026, 1, 1, 0, 0, 0)), "hello")
    return buffer.getvalue()


def upload(
    client,
    path: str,
    headers: dict[str, str],
    name: str,
    data: bytes,
    mimetype: str = "application/octet-stream",
    topic: str | None = None,
    lang: str = "en",
):
    form = {"topic": topic} if topic is not None else {}
    return client.post(
        path,
        headers={**headers, "Accept-Language": lang},
        files={"file": (name, data, mimetype)},
        data=form,
    )


def recycled_attachments(api: httpx.Client, headers: dict[str, str]) -> list[dict[str, Any]]:
    """The recycle bin's copies of deleted attachment rows (the newest 100)."""
    search = json.dumps([{"field": "table", "val": "routine/attachment", "operator": "eq"}])
    return api.get(
        "/srv/admin/security/dataRecycleLog/index",
        headers=headers,
        params={"search": search, "limit": 100},
    ).json()["data"]["list"]
