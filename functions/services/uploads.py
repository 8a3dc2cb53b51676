"""Uploads (SPEC §4 "Upload", §5 upload validation, §7 key template), for admins and members alike.

What the server checks, in this order (each failure is a translated business error, body code 0):
1. The SPEC §5 rules, as in the browser: a name and a non-zero size ("The data of the uploaded file
   is incomplete!"); the type in the allowed list — comma-separated extensions with or without a
   dot, mime types, `type/*`, `*`; an empty list allows everything, as in the browser — ("The type of
   uploaded file is not allowed!"); the size at most `upload.maxsize` (HTTP 413, "The size of the
   uploaded file exceeds the allowed range!"). The route also refuses a request whose
   Content-Length is above that maximum before reading its body.
2. The name is cleaned (`clean_name`): only the last path component, Unicode NFC, no control or
   format characters (bidi overrides), none of `<>:"|?*`, no leading/trailing dots or spaces, at most
   255 characters with the extension kept.
3. The content is sniffed (`sniff`): its magic bytes must be those of the extension (a PNG named
   .jpg is refused), images must decode completely with Pillow (width and height are recorded; more
   than `MAX_PIXELS` is refused), text must be UTF-8 without binary bytes. Markup and scripts are
   never stored: extensions such as svg, html, xml, js, php, exe are refused outright (SVG is not
   sanitized: refusing is the only safe answer for a file served from our origin), and any file
   carrying HTML/script markers (`<script`, `<html`, `<svg`, `<?php`, `javascript:`…) is refused,
   as are images with data after their end marker or with an embedded archive/PDF (polyglots) and
   PDFs with `/JavaScript` or `/Launch` actions. The stored Content-Type is the sniffed one.
4. The object key comes from the savename template (`build_url`, tokens of SPEC §7) and always
   starts with `storage/`; the file goes to `get_storage()`; the attachment row is recorded or
   reused (`functions.services.attachments.record`).

Times in keys ({year}{mon}{day}…) are China Standard Time (UTC+8, no DST), the company's clock.
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
import string
import unicodedata
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from functions.core.clock import COMPANY_TZ
from functions.core.responses import ApiError
from functions.services.upload_types import (
    BLOCKED_SUFFIXES,
    IMAGE_KINDS,
    KIND_MIMETYPES,
    PILLOW_FORMATS,
    SUFFIX_KINDS,
    SUFFIX_MIMETYPES,
)

MAX_NAME_CHARS = 255
MAX_KEY_FILENAME = 100  # SPEC §9
MAX_KEY_FILENAME_BYTES = 120
# Decoded, an image takes width × height × up to 4 bytes whatever its file size: a tiny PNG may
# declare 20000×20000 pixels (1.6 GB). Its size is read from the header and checked before decoding.
MAX_PIXELS = 25_000_000
TOPIC_RE = re.compile(r"[A-Za-z0-9_-]{1,32}")
SUFFIX_RE = re.compile(r"[a-z0-9]{1,10}")
SHA1_RE = re.compile(r"[0-9a-f]{40}")
FORBIDDEN_NAME_CHARS = re.compile(r'[<>:"|?*/\\]')
TOKEN_RE = re.compile(r"\{(\.?[a-z0-9]+)\}")

MSG_INCOMPLETE = "The data of the uploaded file is incomplete!"
MSG_TYPE = "The type of uploaded file is not allowed!"
MSG_SIZE = "The size of the uploaded file exceeds the allowed range!"
MSG_MISMATCH = "The file content does not match its type!"
MSG_HOSTILE = "The file contains content that is not allowed!"
MSG_IMAGE = "The image cannot be read!"
MSG_PIXELS = "The image is too large: at most {pixels} million pixels!"

# Markup or script anywhere in a file makes it refused (for archives and office files only the
# uncompressed parts are searched: their compressed bytes are not readable text anyway).
HOSTILE_MARKERS = re.compile(
    rb"<\s*(script|html|body|iframe|frameset|svg|object|embed|applet|meta|!doctype|\?xml|\?php|xml:|"
    rb"x:script|base\s)|javascript:|vbscript:|<%@",
    re.IGNORECASE,
)
EMBEDDED_SIGNATURES = (b"PK\x03\x04", b"%PDF-", b"Rar!\x1a\x07", b"7z\xbc\xaf\x27\x1c")
PDF_ACTIONS = re.compile(rb"/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b")


@dataclass(frozen=True, slots=True)
class Uploader:
    """Who uploads: an admin or a member, by id."""

    kind: Literal["admin", "user"]
    id: int

    @property
    def tag(self) -> str:
        return f"{self.kind}:{self.id}"


@dataclass(frozen=True, slots=True)
class Sniffed:
    mimetype: str
    width: int = 0
    height: int = 0


# ---------------------------------------------------------------------------------------------------
# Names, topics, types


def clean_name(raw: str | None) -> str:
    """A file name safe to store and show (see the module docstring); may return ''."""
    name = unicodedata.normalize("NFC", raw or "")
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] not in ("C", "Z") or ch == " ")
    name = FORBIDDEN_NAME_CHARS.sub("_", name)
    name = re.sub(r"\s+", " ", name).strip(" .")
    if len(name) > MAX_NAME_CHARS:
        stem, dot, suffix = name.rpartition(".")
        if dot and 0 < len(suffix) <= 10:
            name = stem[: MAX_NAME_CHARS - len(suffix) - 1].rstrip(" .") + "." + suffix
        else:
            name = name[:MAX_NAME_CHARS].rstrip(" .")
    return name


def split_name(name: str) -> tuple[str, str]:
    """(stem, suffix) of a cleaned name; the suffix is lower-case ASCII letters/digits or ''."""
    stem, dot, suffix = name.rpartition(".")
    suffix = suffix.lower()
    if not dot or not stem or not SUFFIX_RE.fullmatch(suffix):
        return name, ""
    return stem, suffix


def clean_topic(topic: str | None) -> str:
    """The topic (folder) of an upload: letters, digits, `_`, `-`, 1–32 characters; default 'default'."""
    topic = (topic or "").strip() or "default"
    if not TOPIC_RE.fullmatch(topic):
        raise ApiError("Incorrect parameter!")
    return topic.lower()


def allowed_list(mimetype: str | None) -> list[str]:
    return [item.strip().lower() for item in (mimetype or "").split(",") if item.strip()]


def is_type_allowed(suffix: str, mimetype: str, allowed: list[str]) -> bool:
    """SPEC §5: extension with or without a dot, a mime type, `type/*`, or `*`; empty allows all."""
    if not allowed or "*" in allowed:
        return True
    mimetype = (mimetype or "").lower()
    major = mimetype.split("/", 1)[0] if "/" in mimetype else ""
    for item in allowed:
        if suffix and item.lstrip(".") == suffix:
            return True
        if mimetype and item == mimetype:
            return True
        if major and item == f"{major}/*":
            return True
    return False


def mimetype_for(suffix: str, kind: str | None) -> str:
    if suffix in SUFFIX_MIMETYPES:
        return SUFFIX_MIMETYPES[suffix]
    if kind:
        return KIND_MIMETYPES.get(kind, "application/octet-stream")
    return "application/octet-stream"


def check_declared(name: str, size: int, suffix: str, mimetype: str, config: dict[str, Any]) -> None:
    """The SPEC §5 checks on what the client says about the file (before and after receiving it)."""
    if not name or not size or size <= 0:
        raise ApiError(MSG_INCOMPLETE)
    if suffix in BLOCKED_SUFFIXES:
        raise ApiError(MSG_TYPE)
    allowed = allowed_list(config.get("mimetype"))
    implied = mimetype_for(suffix, SUFFIX_KINDS.get(suffix)) if suffix else ""
    if not (is_type_allowed(suffix, mimetype, allowed) or is_type_allowed(suffix, implied, allowed)):
        raise ApiError(MSG_TYPE)
    maxsize = int(config.get("maxsize") or 0)
    if maxsize > 0 and size > maxsize:
        raise ApiError(MSG_SIZE, http_status=413)


# ---------------------------------------------------------------------------------------------------
# Content sniffing


# The starts of files that name their kind by themselves (none starts like another).
_MAGIC: tuple[tuple[bytes | tuple[bytes, ...], str], ...] = (
    (b"\xff\xd8\xff", "jpeg"),
    (b"\x89PNG\r\n\x1a\n", "png"),
    ((b"GIF87a", b"GIF89a"), "gif"),
    (b"%PDF-", "pdf"),
    ((b"PK\x03\x04", b"PK\x05\x06"), "zip"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ole"),
    (b"Rar!\x1a\x07", "rar"),
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"\x1f\x8b", "gzip"),
    (b"OggS", "ogg"),
    (b"\x1a\x45\xdf\xa3", "webm"),
)


def detect_kind(data: bytes) -> str | None:
    """The content kind from magic bytes, 'text' for clean UTF-8, else None."""
    head = data[:64]
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith(b"RIFF") and head[8:12] == b"WAVE":
        return "wav"
    if head.startswith(b"BM") and len(data) > 26:
        return "bmp"
    if head[4:8] == b"ftyp":
        return "mp4"
    if head.startswith(b"ID3") or (len(head) > 1 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0):
        return "mp3"
    if _is_text(data):
        return "text"
    return None


def _is_text(data: bytes) -> bool:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return not any(ord(ch) < 32 and ch not in "\t\n\r\f" for ch in text)


def _check_markers(data: bytes) -> None:
    if HOSTILE_MARKERS.search(data):
        raise ApiError(MSG_HOSTILE)


def _check_image(data: bytes, kind: str) -> Sniffed:
    # deferred: Pillow adds ~11 ms to a cold start and only an image upload needs it
    from PIL import Image, UnidentifiedImageError

    # Data after the image's end marker is how image/archive and image/script polyglots are made.
    trimmed = data.rstrip(b"\x00")
    if kind == "png" and not trimmed.endswith(b"IEND\xaeB`\x82"):
        raise ApiError(MSG_HOSTILE)
    if kind == "jpeg" and not trimmed.endswith(b"\xff\xd9"):
        raise ApiError(MSG_HOSTILE)
    if kind == "gif" and not trimmed.endswith(b"\x3b"):
        raise ApiError(MSG_HOSTILE)
    if any(signature in data for signature in EMBEDDED_SIGNATURES):
        raise ApiError(MSG_HOSTILE)
    too_large = ApiError(MSG_PIXELS, params={"pixels": MAX_PIXELS // 1_000_000})
    try:
        with Image.open(io.BytesIO(data)) as image:  # reads the header only
            if image.format != PILLOW_FORMATS[kind]:
                raise ApiError(MSG_MISMATCH)
            width, height = image.size
            if width <= 0 or height <= 0:
                raise ApiError(MSG_IMAGE)
            if width * height > MAX_PIXELS:
                raise too_large
            image.load()  # decode every pixel: a truncated or corrupt image fails here
    except ApiError:
        raise
    except Image.DecompressionBombError as exc:  # Pillow's own limit, hit while reading the header
        raise too_large from exc
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise ApiError(MSG_IMAGE) from exc
    return Sniffed(KIND_MIMETYPES[kind], width, height)


def _check_ooxml(data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
    except (zipfile.BadZipFile, ValueError) as exc:
        raise ApiError(MSG_MISMATCH) from exc
    if "[Content_Types].xml" not in names:
        raise ApiError(MSG_MISMATCH)


def sniff(data: bytes, suffix: str) -> Sniffed:
    """Check that `data` really is a file of type `suffix` and carries nothing that could run."""
    if suffix in BLOCKED_SUFFIXES:
        raise ApiError(MSG_TYPE)
    kind = detect_kind(data)
    expected = SUFFIX_KINDS.get(suffix)
    if expected == "ooxml":
        if kind != "zip":
            raise ApiError(MSG_MISMATCH)
        _check_ooxml(data)
        kind = "zip"
    elif expected is not None and kind != expected:
        raise ApiError(MSG_MISMATCH)
    if expected is None and kind == "text":
        # An unknown extension (allowed only by '*'): text is fine, markup is not.
        pass
    if kind in IMAGE_KINDS:
        _check_markers(data)
        return _check_image(data, kind)
    if kind == "pdf":
        _check_markers(data)
        if PDF_ACTIONS.search(data):
            raise ApiError(MSG_HOSTILE)
    elif kind in {"zip", "rar", "7z", "gzip", "ole"}:
        # Compressed containers: only the first bytes are plain (e.g. an HTML page prefixed to a zip).
        _check_markers(data[:1024])
    else:
        _check_markers(data)
    return Sniffed(mimetype_for(suffix, kind))


def checked_content(data: bytes, suffix: str, config: dict[str, Any]) -> Sniffed:
    """`sniff`, then the upload config's type list checked again with the real type (with 'image/*'
    only, a .txt must not pass as an image)."""
    content = sniff(data, suffix)
    if not is_type_allowed(suffix, content.mimetype, allowed_list(config.get("mimetype"))):
        raise ApiError(MSG_TYPE)
    return content


# ---------------------------------------------------------------------------------------------------
# Keys (SPEC §7 template tokens)


def _random(length: int) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


def key_filename(stem: str) -> str:
    """The {filename} token: the name without extension, letters/digits/_/- only, first 100
    characters (SPEC §9) and at most 120 bytes of UTF-8 (40 Chinese characters)."""
    cleaned = re.sub(r"[^\w-]+", "_", stem, flags=re.UNICODE).strip("_")[:MAX_KEY_FILENAME]
    # File systems limit a name to 255 bytes: with the sha1 and the suffix, 120 bytes of name fit.
    while len(cleaned.encode()) > MAX_KEY_FILENAME_BYTES:
        cleaned = cleaned[:-1]
    return cleaned or "file"


def build_url(template: str, *, topic: str, name: str, sha1: str, when: datetime | None = None) -> str:
    """The public URL path (`/storage/…`) of a file from the savename template.

    Tokens: {topic} {year} {mon} {day} {hour} {min} {sec} {random} (16 characters) {random32}
    {filename} (name without extension, first 100 characters) {suffix} {.suffix} (".png" or "")
    {filesha1}. Unknown tokens are dropped. The result always starts with `/storage/`.
    """
    when = (when or datetime.now(UTC)).astimezone(COMPANY_TZ)
    stem, suffix = split_name(name)
    values = {
        "topic": topic,
        "year": f"{when.year:04d}",
        "mon": f"{when.month:02d}",
        "day": f"{when.day:02d}",
        "hour": f"{when.hour:02d}",
        "min": f"{when.minute:02d}",
        "sec": f"{when.second:02d}",
        "random": _random(16),
        "random32": _random(32),
        "filename": key_filename(stem),
        "suffix": suffix,
        ".suffix": f".{suffix}" if suffix else "",
        "filesha1": sha1,
    }
    path = TOKEN_RE.sub(lambda match: values.get(match.group(1), ""), template or "")
    segments = [segment for segment in path.split("/") if segment not in ("", ".", "..")]
    if not segments or segments[0] != "storage":
        segments.insert(0, "storage")
    if len(segments) < 2:
        segments.append(f"{sha1}.{suffix}" if suffix else sha1)
    return "/" + "/".join(segments)


# ---------------------------------------------------------------------------------------------------
# The whole local-mode upload: `functions.services.attachments.save_upload`


def sha1_of(data: bytes) -> str:
    return hashlib.sha1(data, usedforsecurity=False).hexdigest()
