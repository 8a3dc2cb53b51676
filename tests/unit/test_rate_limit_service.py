"""The fixed-window limiter service against DynamoDB Local (`functions.services.rate_limit`)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from pynamodb.exceptions import UpdateError

from functions.core.settings import Settings
from functions.models.rate_limit import RateCounter
from functions.services import rate_limit
from functions.services.rate_limit import RateLimited, hit, hit_for, window_key

START = 1_800_000_000  # a multiple of 60, 300 and 3600


@pytest.fixture
def clock(dynamodb: Settings, monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    now = {"t": float(START)}
    monkeypatch.setattr(rate_limit, "_now", lambda: now["t"])
    return now


def address() -> str:
    return f"192.0.2.{uuid.uuid4().int % 250}-{uuid.uuid4().hex[:6]}"


def test_counts_up_to_the_limit_then_refuses_with_retry_after(clock: dict[str, float]) -> None:
    ip = address()
    for _ in range(3):
        hit("unit", ip, 3, 60)
    clock["t"] += 20
    with pytest.raises(RateLimited) as refused:
        hit("unit", ip, 3, 60)
    assert refused.value.http_status == 429
    assert refused.value.code == 0
    assert refused.value.retry_after == 40
    assert refused.value.headers == {"Retry-After": "40"}
    assert refused.value.translated() == "请求过于频繁，请稍后再试！"

    item = RateCounter.get(window_key("unit", ip, START), consistent_read=True)
    assert item.count == 4  # refused requests count as well
    assert int(item.expires_at.timestamp()) == START + 60  # TTL at the window's end


def test_actions_and_addresses_have_separate_counters(clock: dict[str, float]) -> None:
    ip = address()
    hit("one", ip, 1, 60)
    hit("two", ip, 1, 60)
    hit("one", address(), 1, 60)
    with pytest.raises(RateLimited):
        hit("one", ip, 1, 60)


def test_the_next_window_starts_from_zero(clock: dict[str, float]) -> None:
    ip = address()
    hit("unit", ip, 1, 60)
    clock["t"] += 59
    with pytest.raises(RateLimited):
        hit("unit", ip, 1, 60)
    clock["t"] += 1
    hit("unit", ip, 1, 60)


def test_a_zero_limit_or_unknown_address_is_not_checked(clock: dict[str, float]) -> None:
    for _ in range(3):
        hit("unit", address(), 0, 60)
        hit("unit", "", 1, 60)


def test_fails_open_when_dynamodb_errors(clock: dict[str, float], monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []

    def broken(self: Any, *args: Any, **kwargs: Any) -> None:
        raise UpdateError("unavailable")

    monkeypatch.setattr(RateCounter, "update", broken)
    monkeypatch.setattr(rate_limit.logger, "warning", lambda msg, **kw: warnings.append(msg))
    ip = address()
    for _ in range(3):
        hit("unit", ip, 1, 60)  # no exception: the request goes through
    assert len(warnings) == 3


def test_hit_for_reads_the_settings(clock: dict[str, float], monkeypatch: pytest.MonkeyPatch) -> None:
    from functions.core.settings import get_settings

    monkeypatch.setattr(get_settings(), "rate_captcha_limit", 1)
    ip = address()
    hit_for("captcha", ip)
    with pytest.raises(RateLimited):
        hit_for("captcha", ip)
    with pytest.raises(ValueError, match="unknown"):
        hit_for("nonsense", ip)


def test_settings_defaults_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    fields = Settings.model_fields
    defaults = {name: fields[f"rate_{name}_limit"].default for name in rate_limit.ACTIONS}
    assert defaults == {
        "checkin": 20,
        "admin_login": 20,
        "send_code": 10,
        "captcha": 60,
        "refresh": 60,
        "contact": 10,
    }
    assert fields["rate_checkin_window"].default == 300
    assert fields["rate_send_code_window"].default == 3600
    monkeypatch.setenv("CITYOPS_RATE_CAPTCHA_LIMIT", "7")
    assert Settings().rate_captcha_limit == 7
