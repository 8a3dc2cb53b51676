"""Where uploaded files live: one small interface, two backends.

- `LocalStorage` ("local"): a folder (`settings.upload_dir`) used under `make run` and in tests; the
  local gateway serves `<upload_dir>/storage/…` at `/storage/…` with a sandboxing CSP and nosniff.
- `S3Storage` ("s3"): the uploads bucket (`settings.uploads_bucket`) on AWS; CloudFront serves
  `/storage/*` from it with the same headers. It also signs presigned POST forms for remote mode.

Every key starts with `storage/` (`check_key`), so the public URL of key `k` is `/k`; keys with
`..`, backslashes, control characters or a leading slash are refused before touching the disk or
the bucket. `get_storage()` picks S3 when a bucket is configured, else the folder.

boto3 is imported on first use (cold start).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from botocore.exceptions import ClientError

from functions.core.settings import Settings, get_settings

KEY_PREFIX = "storage/"
# Remote mode: the browser posts to `incoming/…` (never served); the callback copies the verified
# object to its final `storage/…` key and deletes the incoming one.
INCOMING_PREFIX = "incoming/"
MAX_KEY_BYTES = 900  # S3 allows 1024; keep room for the bucket-side prefix and URL-encoding


class StorageError(ValueError):
    """A key that may not be used."""


def check_key(key: str, prefix: str = KEY_PREFIX) -> str:
    """`key` if it is a safe object key under `prefix` (`storage/`), else `StorageError`."""
    if not isinstance(key, str) or not key.startswith(prefix) or len(key.encode()) > MAX_KEY_BYTES:
        raise StorageError("bad key")
    parts = key.split("/")
    if any(part in ("", ".", "..") for part in parts[1:]) or "\\" in key:
        raise StorageError("bad key")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in key):
        raise StorageError("bad key")
    return key


def key_to_url(key: str) -> str:
    return "/" + check_key(key)


def url_to_key(url: str) -> str:
    """The object key of a `/storage/…` URL path (a full URL's path is accepted too)."""
    if not isinstance(url, str):
        raise StorageError("bad url")
    if "://" in url:
        url = urlsplit(url).path
    return check_key(url.lstrip("/") if url.startswith("/") else url)


@dataclass(frozen=True, slots=True)
class ObjectInfo:
    size: int
    content_type: str = ""


class Storage(Protocol):
    name: str

    def put(self, key: str, data: bytes, content_type: str) -> None: ...
    def head(self, key: str) -> ObjectInfo | None: ...
    def read(self, key: str, max_bytes: int) -> bytes: ...
    def delete(self, key: str) -> None: ...


def _any_key(key: str) -> str:
    if isinstance(key, str) and key.startswith(INCOMING_PREFIX):
        return check_key(key, INCOMING_PREFIX)
    return check_key(key)


class LocalStorage:
    name = "local"

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        check_key(key)
        root = self.root.resolve()
        path = (root / key).resolve()
        if not path.is_relative_to(root):
            raise StorageError("bad key")
        return path

    def put(self, key: str, data: bytes, content_type: str) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename: a reader (or a simultaneous upload of the same file) never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def head(self, key: str) -> ObjectInfo | None:
        path = self._path(key)
        return ObjectInfo(path.stat().st_size) if path.is_file() else None

    def read(self, key: str, max_bytes: int) -> bytes:
        with self._path(key).open("rb") as handle:
            return handle.read(max_bytes + 1)

    def delete(self, key: str) -> None:
        path = self._path(key)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        # Remove emptied date/topic folders, never the root.
        root = self.root.resolve()
        parent = path.parent
        while parent != root and parent.is_relative_to(root):
            try:
                parent.rmdir()
            except OSError:
                break
            parent = parent.parent


class S3Storage:
    name = "s3"

    def __init__(self, bucket: str, region: str, client: Any = None) -> None:
        self.bucket = bucket
        self.region = region
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

            self._client = boto3.client("s3", region_name=self.region)
        return self._client

    def put(self, key: str, data: bytes, content_type: str) -> None:
        self.client.put_object(
            Bucket=self.bucket,
            Key=check_key(key),
            Body=data,
            ContentType=content_type or "application/octet-stream",
        )

    def head(self, key: str) -> ObjectInfo | None:
        try:
            response = self.client.head_object(Bucket=self.bucket, Key=_any_key(key))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in {"404", "NoSuchKey", "NotFound"}:
                return None
            raise
        return ObjectInfo(int(response["ContentLength"]), response.get("ContentType", ""))

    def read(self, key: str, max_bytes: int) -> bytes:
        response = self.client.get_object(Bucket=self.bucket, Key=_any_key(key), Range=f"bytes=0-{max_bytes}")
        return response["Body"].read()

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=_any_key(key))

    def copy(self, source: str, key: str, content_type: str) -> None:
        """Copy `source` (an incoming key) to `key` with a new Content-Type."""
        self.client.copy_object(
            Bucket=self.bucket,
            Key=check_key(key),
            CopySource={"Bucket": self.bucket, "Key": check_key(source, INCOMING_PREFIX)},
            ContentType=content_type,
            MetadataDirective="REPLACE",
        )

    def presigned_post(
        self, key: str, content_type: str, max_bytes: int, expires_seconds: int = 600
    ) -> dict[str, Any]:
        """A presigned POST for exactly `key` (under `incoming/`); the policy also pins the size
        range, the Content-Type and the key prefix, and asks S3 for a 201 answer."""
        check_key(key, INCOMING_PREFIX)
        fields = {"Content-Type": content_type, "success_action_status": "201"}
        conditions: list[Any] = [
            ["content-length-range", 1, int(max_bytes)],
            {"Content-Type": content_type},
            ["starts-with", "$key", INCOMING_PREFIX],
            {"success_action_status": "201"},
        ]
        return self.client.generate_presigned_post(
            Bucket=self.bucket, Key=key, Fields=fields, Conditions=conditions, ExpiresIn=expires_seconds
        )


_local_cache: dict[Path, LocalStorage] = {}
_s3_cache: dict[tuple[str, str], S3Storage] = {}


def get_storage(settings: Settings | None = None, name: str | None = None) -> LocalStorage | S3Storage:
    """The storage `name` ("local"/"s3"); by default S3 when a bucket is configured, else the folder."""
    settings = settings or get_settings()
    if name is None:
        name = "s3" if settings.uploads_bucket else "local"
    if name == "s3":
        if not settings.uploads_bucket:
            raise StorageError("no uploads bucket configured")
        cache_key = (settings.uploads_bucket, settings.aws_region)
        if cache_key not in _s3_cache:
            _s3_cache[cache_key] = S3Storage(settings.uploads_bucket, settings.aws_region)
        return _s3_cache[cache_key]
    root = Path(settings.upload_dir)
    if root not in _local_cache:
        _local_cache[root] = LocalStorage(root)
    return _local_cache[root]


def reset_storage_cache() -> None:
    """Forget the storage objects (tests that switch buckets or mocks)."""
    _local_cache.clear()
    _s3_cache.clear()
