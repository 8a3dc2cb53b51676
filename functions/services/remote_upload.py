"""Remote mode (SPEC §4 "Upload" with `upload.mode` ≠ local): the browser posts the file straight to
the uploads bucket with an S3 presigned POST, then reports it with the callback call.

1. `prepare()` (`POST …/Alioss/params` with topic, name, size, type, sha1): the SPEC §5 checks on what
   the browser declares, then a presigned POST for one key `incoming/<random32>/<filename>.<suffix>`
   whose policy pins: the exact key and the `incoming/` prefix, `content-length-range` 1..maxsize,
   the Content-Type (chosen by the server from the extension, never text/html or SVG) and the 201
   answer. It also returns a signed `token` (JWT, audience "upload", 15 minutes) binding the key,
   the uploader, the declared size, sha1, name and topic.
2. The browser posts the form: `key`, the other fields (`params`), then `file`.
3. `callback()` (`POST …/Alioss/callback` with url, name, size, type, sha1 + topic and token): checks the
   token, then that the object exists with the declared size (`head_object`), reads it, checks its
   SHA-1 and sniffs it exactly like a local upload. Only then is it copied to its final key from
   the savename template (`storage/…`, served by CloudFront) with the sniffed Content-Type, the
   incoming object is deleted and the attachment recorded. A file that fails is deleted.

`incoming/` is never served (CloudFront only routes `/storage/*` to the bucket), so nothing that
was not verified can be fetched from the site; a lifecycle rule may expire abandoned incoming
objects.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from functions.core.responses import ApiError
from functions.core.settings import Settings, get_settings
from functions.services import uploads
from functions.services.attachments import record
from functions.services.site_config import get_upload_config
from functions.services.storage import S3Storage, StorageError, get_storage
from functions.services.upload_types import SUFFIX_KINDS
from functions.services.uploads import (
    MSG_INCOMPLETE,
    MSG_MISMATCH,
    SHA1_RE,
    Uploader,
    check_declared,
    clean_name,
    clean_topic,
    mimetype_for,
    split_name,
)

TOKEN_AUDIENCE = "upload"  # noqa: S105 - a JWT audience, not a secret
TOKEN_SECONDS = 15 * 60
POST_SECONDS = 10 * 60
MSG_NOT_CONFIGURED = "Remote storage is not configured!"
MSG_NOT_FOUND = "The uploaded file was not found in storage!"
MSG_TOKEN = "The upload credential is invalid or expired!"  # noqa: S105 - a message


def _s3(settings: Settings) -> Any:
    if not settings.uploads_bucket:
        raise ApiError(MSG_NOT_CONFIGURED)
    storage = get_storage(settings, "s3")
    assert isinstance(storage, S3Storage)
    return storage


def _declared(name: str, size: Any, sha1: str, topic: str | None) -> tuple[str, int, str, str, str]:
    name = clean_name(name)
    try:
        size = int(size)
    except (TypeError, ValueError):
        size = 0
    sha1 = (sha1 or "").strip().lower()
    if not name or size <= 0 or not SHA1_RE.fullmatch(sha1):
        raise ApiError(MSG_INCOMPLETE)
    _, suffix = split_name(name)
    return name, size, sha1, suffix, clean_topic(topic)


class DeclaredFile(Protocol):
    """What the browser says of a file before it posts it (step 1)."""

    name: str
    size: int
    type: str
    sha1: str
    topic: str


class PostedFile(Protocol):
    """What the browser says after posting it (step 3): where it went and the token of step 1."""

    url: str
    size: int
    sha1: str
    token: str


def prepare(declared: DeclaredFile, uploader: Uploader, settings: Settings | None = None) -> dict[str, Any]:
    """The presigned POST and the callback token for one file."""
    import jwt  # deferred: PyJWT adds ~40 ms to a cold start; only remote uploads need it

    settings = settings or get_settings()
    config = get_upload_config(settings)
    name, size, sha1, suffix, topic = _declared(declared.name, declared.size, declared.sha1, declared.topic)
    check_declared(name, size, suffix, declared.type or "", config)
    content_type = mimetype_for(suffix, SUFFIX_KINDS.get(suffix))
    storage = _s3(settings)
    stem, _ = split_name(name)
    filename = uploads.key_filename(stem) + (f".{suffix}" if suffix else "")
    key = f"incoming/{uploads._random(32)}/{filename}"
    maxsize = int(config.get("maxsize") or settings.upload_max_bytes)
    post = storage.presigned_post(key, content_type, maxsize, POST_SECONDS)
    expires = int(time.time()) + TOKEN_SECONDS
    claims = {
        "aud": TOKEN_AUDIENCE,
        "exp": expires,
        "key": key,
        "up": uploader.tag,
        "size": size,
        "sha1": sha1,
        "name": name,
        "topic": topic,
    }
    token = jwt.encode(claims, settings.jwt_secret, algorithm="HS256")
    return {
        "url": post["url"],
        "params": post["fields"],
        "key": key,
        "fileUrl": "/" + key,
        "token": token,
        "expires": expires,
    }


def _claims(token: str, settings: Settings) -> dict[str, Any]:
    import jwt  # deferred: PyJWT adds ~40 ms to a cold start; only remote uploads need it

    try:
        return jwt.decode(
            token or "",
            settings.jwt_secret,
            algorithms=["HS256"],
            audience=TOKEN_AUDIENCE,
            options={"require": ["exp", "aud", "key", "up", "size", "sha1", "name", "topic"]},
        )
    except jwt.InvalidTokenError as exc:
        raise ApiError(MSG_TOKEN) from exc


def callback(posted: PostedFile, uploader: Uploader, settings: Settings | None = None) -> Any:
    """Verify the posted object and record it; returns the `Attachment` row."""
    settings = settings or get_settings()
    claims = _claims(posted.token, settings)
    key = (posted.url or "").split("://", 1)[-1]
    key = key[key.find("/incoming/") + 1 :] if "/incoming/" in key else key.lstrip("/")
    if (
        claims["up"] != uploader.tag
        or claims["key"] != key
        or str(claims["size"]) != str(posted.size)
        or claims["sha1"] != (posted.sha1 or "").strip().lower()
    ):
        raise ApiError(MSG_TOKEN)
    storage = _s3(settings)
    config = get_upload_config(settings)
    name, size_int, sha1, suffix, topic = _declared(
        claims["name"], claims["size"], claims["sha1"], claims["topic"]
    )
    try:
        info = storage.head(key)
    except StorageError as exc:
        raise ApiError(MSG_TOKEN) from exc
    if info is None:
        raise ApiError(MSG_NOT_FOUND)
    try:
        if info.size != size_int:
            raise ApiError(MSG_MISMATCH)
        check_declared(name, info.size, suffix, mimetype_for(suffix, SUFFIX_KINDS.get(suffix)), config)
        data = storage.read(key, info.size)
        if len(data) != info.size or uploads.sha1_of(data) != sha1:
            raise ApiError(MSG_MISMATCH)
        content = uploads.checked_content(data, suffix, config)
        final_url = uploads.build_url(config.get("savename", ""), topic=topic, name=name, sha1=sha1)
        storage.copy(key, final_url.lstrip("/"), content.mimetype)
    finally:
        # The incoming object is never kept: copied when good, dropped when not.
        storage.delete(key)
    return record(
        topic=topic,
        url=final_url,
        name=name,
        size=size_int,
        content=content,
        sha1=sha1,
        storage=storage.name,
        uploader=uploader,
    )
