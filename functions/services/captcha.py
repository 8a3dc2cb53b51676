"""Image captchas, drawn with Pillow and checked on the server.

- The client picks a random id (8 to 64 characters of `A-Z a-z 0-9 _ -`) and loads
  `GET /api/common/captcha?id=<id>` as an image. Each load draws a new answer for that id
  (so "click to refresh" simply reloads the image with the same id).
- The answer is 4 characters from an alphabet without look-alikes (no 0/O, 1/I/L…), stored
  lower-case with a 5-minute TTL; checking is case-insensitive and ignores surrounding spaces.
- `check_captcha(id, answer)` consumes the captcha whatever the outcome: a wrong guess needs a new
  image, so guessing is one try per image.
- Where a form needs one, the client sends `captchaId` and `captchaInfo` (the typed answer).

Drawing: each character is rendered on its own transparent tile with Pillow's built-in scalable
font, rotated by a random angle and pasted at a jittered position; then noise arcs, lines and dots
are drawn in random colours over a light background, and the image is slightly blurred. Pillow is
imported when a picture is drawn: it adds ~19 ms to a cold start (measured after `functions.handler`,
median of 5 runs under load) and only the captcha image needs it (`tests/unit/test_cold_imports.py`).
"""

from __future__ import annotations

import io
import re
import secrets
from datetime import UTC, datetime
from functools import cache

from pynamodb.exceptions import DeleteError

from functions.models.base import now
from functions.models.captcha import Captcha

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZabdefhjkmnpqrtuy23456789"
LENGTH = 4
TTL_SECONDS = 300
ID_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
WIDTH, HEIGHT = 130, 48  # as shown, in CSS pixels
# Drawn at twice that, so it stays sharp on a phone's high-density screen (the pages show it at 130 × 48).
SCALE = 2


def valid_id(captcha_id: str | None) -> bool:
    return bool(captcha_id) and ID_RE.fullmatch(captcha_id or "") is not None


def new_answer() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def create(captcha_id: str) -> str:
    """Store a new answer for `captcha_id` (replacing an older one) and return it."""
    answer = new_answer()
    created = now()
    Captcha(
        captcha_id,
        answer=answer.lower(),
        create_time=created,
        expires_at=datetime.fromtimestamp(created + TTL_SECONDS, tz=UTC),
    ).save()
    return answer


def check_captcha(captcha_id: str | None, answer: str | None) -> bool:
    """True when `answer` matches the captcha `captcha_id`; the captcha is used up either way."""
    if not valid_id(captcha_id) or not isinstance(answer, str):
        return False
    try:
        item = Captcha.get(captcha_id, consistent_read=True)
    except Captcha.DoesNotExist:
        return False
    try:
        # Conditional on the very answer read: of two concurrent checks only one can consume it.
        item.delete(condition=Captcha.answer == item.answer)
    except DeleteError:
        return False
    if int(item.expires_at.timestamp()) <= now():
        return False
    return secrets.compare_digest(answer.strip().lower().encode(), item.answer.encode())


@cache
def _font(size: int):  # noqa: ANN202 - PIL type
    from PIL import ImageFont  # deferred: Pillow, see the module docstring

    return ImageFont.load_default(size=size)


def _colour(low: int, high: int) -> tuple[int, int, int]:
    return tuple(low + secrets.randbelow(high - low) for _ in range(3))  # type: ignore[return-value]


def render_png(answer: str) -> bytes:
    """A distorted PNG picture of `answer`."""
    from PIL import Image, ImageDraw, ImageFilter  # deferred: Pillow, see the module docstring

    k = SCALE
    width, height = WIDTH * k, HEIGHT * k
    image = Image.new("RGB", (width, height), _colour(232, 255))
    draw = ImageDraw.Draw(image)
    for _ in range(4):  # background arcs
        x0, y0 = secrets.randbelow(width) - 30 * k, secrets.randbelow(height) - 30 * k
        box = (x0, y0, x0 + (40 + secrets.randbelow(80)) * k, y0 + (30 + secrets.randbelow(50)) * k)
        draw.arc(box, secrets.randbelow(360), secrets.randbelow(360), fill=_colour(150, 220), width=2 * k)
    step = (WIDTH - 14) // len(answer)
    for index, char in enumerate(answer):
        size = 26 + secrets.randbelow(8)
        tile = Image.new("RGBA", ((size + 14) * k, (size + 14) * k), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((7 * k, 3 * k), char, font=_font(size * k), fill=(*_colour(10, 120), 255))
        tile = tile.rotate(secrets.randbelow(61) - 30, resample=Image.Resampling.BICUBIC, expand=True)
        x = (6 + index * step + secrets.randbelow(6) - 3) * k
        y = max(0, (height - tile.height) // 2 + (secrets.randbelow(9) - 4) * k)
        image.paste(tile, (x, y), tile)
    for _ in range(3):  # strike-through lines
        points = [(secrets.randbelow(width), secrets.randbelow(height)) for _ in range(2)]
        draw.line(points, fill=_colour(40, 160), width=(1 + secrets.randbelow(2)) * k)
    for _ in range(120 * k * k):  # dots
        draw.point((secrets.randbelow(width), secrets.randbelow(height)), fill=_colour(60, 200))
    image = image.filter(ImageFilter.SMOOTH)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
