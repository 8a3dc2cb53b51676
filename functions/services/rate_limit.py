"""Per-IP rate limits: a fixed-window counter in DynamoDB (model `RateCounter`).

`hit(action, ip, limit, window_seconds)` counts one request of `action` from `ip` in the current
window (windows are aligned on multiples of `window_seconds` since the epoch) with one atomic
UpdateItem (ADD), and raises `RateLimited` — HTTP 429, the envelope with body code 0 and the
translated "Too many requests…" message, and a `Retry-After` header (seconds to the window's end) —
once the count exceeds `limit`. Rejected requests are counted too, so hammering does not shorten
the wait. `limit <= 0` or an empty `ip` turns the check off.

Failure policy: **fail open**. If DynamoDB cannot be reached or answers with an error, the request
is let through and a warning is logged. A login page that goes down with the counter table would
hurt every member, while the per-account lockout and the per-target code limits still stand behind
this limiter; the warning makes an outage visible.

`hit_for(action, ip)` reads the numbers from `Settings` (`rate_<action>_limit`,
`rate_<action>_window`), so they can be changed through `CITYOPS_RATE_…` environment variables.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from botocore.exceptions import BotoCoreError
from pynamodb.exceptions import PynamoDBException

from functions.core.log import logger
from functions.core.responses import ApiError
from functions.core.settings import get_settings
from functions.models.rate_limit import RateCounter

TOO_MANY = "Too many requests, please try again later!"

# The rate-limited actions; each has `rate_<action>_limit` and `rate_<action>_window` in Settings.
ACTIONS = ("checkin", "admin_login", "send_code", "captcha", "refresh", "contact")


class RateLimited(ApiError):
    """HTTP 429 with the envelope (body code 0) and `Retry-After`."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY, http_status=429, headers={"Retry-After": str(max(1, retry_after))})
        self.retry_after = max(1, retry_after)


def _now() -> float:
    """The clock of the limiter (tests replace it)."""
    return time.time()


def window_key(action: str, ip: str, window_start: int) -> str:
    return f"{action}#{ip}#{window_start}"


def hit(action: str, ip: str, limit: int, window_seconds: int) -> None:
    """Count one request of `action` from `ip`; raise `RateLimited` beyond `limit` per window.

    Fails open: a DynamoDB error lets the request through and logs a warning (see the module doc)."""
    if limit <= 0 or window_seconds <= 0 or not ip:
        return
    current = int(_now())
    start = current - current % window_seconds
    end = start + window_seconds
    item = RateCounter(window_key(action, ip, start))
    try:
        item.update(
            actions=[
                RateCounter.count.add(1),
                RateCounter.expires_at.set(datetime.fromtimestamp(end, tz=UTC)),
            ]
        )
    except (PynamoDBException, BotoCoreError) as exc:
        logger.warning(
            "Rate limiter unavailable, request allowed",
            extra={"action": action, "error": type(exc).__name__},
        )
        return
    if int(item.count) > limit:
        raise RateLimited(end - current)


def hit_for(action: str, ip: str) -> None:
    """`hit()` with the limit and window of `action` from Settings."""
    if action not in ACTIONS:
        raise ValueError(f"unknown rate-limited action {action!r}")
    settings = get_settings()
    hit(
        action,
        ip,
        int(getattr(settings, f"rate_{action}_limit")),
        int(getattr(settings, f"rate_{action}_window")),
    )
