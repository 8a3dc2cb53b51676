"""Per-IP rate limits over HTTP (`functions.services.rate_limit`).

The session settings carry very high limits (tests/conftest.py); each test lowers the ones it needs
on the cached settings object and calls from its own fake address (`X-Forwarded-For`, trusted by
`client_ip`), so no other suite shares its counters.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from functions.core.settings import get_settings
from functions.services import rate_limit

CHECKIN = "/srv/api/user/checkIn"
LOGIN_BODY = {"tab": "login", "username": "nobody-here", "password": "wrong-password"}


def fake_ip() -> str:
    raw = uuid.uuid4().bytes
    return f"10.{raw[0]}.{raw[1]}.{raw[2]}"


def headers(ip: str, lang: str = "zh-cn") -> dict[str, str]:
    return {"X-Forwarded-For": ip, "Accept-Language": lang}


@pytest.fixture
def limits(api: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> Any:
    """`limits(action, limit, window)` lowers one per-IP limit for this test."""
    settings = get_settings()

    def set_limit(action: str, limit: int, window: int = 300) -> None:
        monkeypatch.setattr(settings, f"rate_{action}_limit", limit)
        monkeypatch.setattr(settings, f"rate_{action}_window", window)

    return set_limit


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    """The limiter's clock, fixed at the start of a 300 s window until the test moves it."""
    now = {"t": 1_800_000_000.0}  # a multiple of 300
    monkeypatch.setattr(rate_limit, "_now", lambda: now["t"])
    return now


def test_member_login_beyond_the_limit_is_429_with_the_envelope(api: httpx.Client, limits: Any) -> None:
    limits("checkin", 3)
    ip = fake_ip()
    for _ in range(3):
        response = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip))
        assert response.status_code == 200
        assert response.json()["code"] == 0  # a business failure (captcha/password), not the limiter

    blocked = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip))
    assert blocked.status_code == 429
    body = blocked.json()
    assert body["code"] == 0
    assert body["msg"] == "请求过于频繁，请稍后再试！"
    assert body["data"] is None
    assert isinstance(body["time"], int)
    assert 1 <= int(blocked.headers["Retry-After"]) <= 300

    english = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip, "en"))
    assert english.status_code == 429
    assert english.json()["msg"] == "Too many requests, please try again later!"

    # Registration shares the budget of the same address.
    register = api.post(CHECKIN, json={"tab": "register", "username": "abc"}, headers=headers(ip))
    assert register.status_code == 429


def test_another_address_is_unaffected(api: httpx.Client, limits: Any) -> None:
    limits("checkin", 2)
    busy, other = fake_ip(), fake_ip()
    for _ in range(2):
        assert api.post(CHECKIN, json=LOGIN_BODY, headers=headers(busy)).status_code == 200
    assert api.post(CHECKIN, json=LOGIN_BODY, headers=headers(busy)).status_code == 429

    response = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(other))
    assert response.status_code == 200
    assert response.json()["msg"] != "请求过于频繁，请稍后再试！"


def test_a_new_window_lets_the_address_in_again(
    api: httpx.Client, limits: Any, clock: dict[str, float]
) -> None:
    limits("checkin", 2, window=300)
    ip = fake_ip()
    for _ in range(2):
        assert api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip)).status_code == 200
    blocked = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip))
    assert blocked.status_code == 429
    assert blocked.headers["Retry-After"] == "300"

    clock["t"] += 299  # still the same window
    late = api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip))
    assert late.status_code == 429
    assert late.headers["Retry-After"] == "1"

    clock["t"] += 1  # the next window starts
    assert api.post(CHECKIN, json=LOGIN_BODY, headers=headers(ip)).status_code == 200


def test_code_sending_has_one_budget_per_address_for_sms_and_email(api: httpx.Client, limits: Any) -> None:
    limits("send_code", 2, window=3600)
    ip = fake_ip()
    sms = {"mobile": "13800000000", "template_code": "user_register", "extras": {}}
    email = {"email": "someone@example.com", "event": "user_register", "extras": {}}
    first = api.post("/srv/api/Sms/sendSms", json=sms, headers=headers(ip))
    second = api.post("/srv/api/Ems/send", json=email, headers=headers(ip))
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.json()["code"] == 0  # no captcha: refused by the route itself

    for path, body in (("/srv/api/Sms/sendSms", sms), ("/srv/api/Ems/send", email)):
        blocked = api.post(path, json=body, headers=headers(ip, "en"))
        assert blocked.status_code == 429, path
        assert blocked.json()["msg"] == "Too many requests, please try again later!"
        assert 1 <= int(blocked.headers["Retry-After"]) <= 3600

    assert api.post("/srv/api/Ems/send", json=email, headers=headers(fake_ip())).status_code == 200


@pytest.mark.parametrize(
    ("action", "method", "path", "body"),
    [
        ("admin_login", "POST", "/srv/admin/index/login", {"username": "nobody", "password": "wrong"}),
        ("captcha", "GET", "/srv/api/common/captcha?id=ratelimit-captcha-01", None),
        ("refresh", "POST", "/srv/api/common/refreshToken", {"refresh_token": "not-a-token"}),
    ],
)
def test_other_limited_routes(
    api: httpx.Client, limits: Any, action: str, method: str, path: str, body: Any
) -> None:
    limits(action, 2)
    ip = fake_ip()
    for _ in range(2):
        assert api.request(method, path, json=body, headers=headers(ip)).status_code == 200
    blocked = api.request(method, path, json=body, headers=headers(ip))
    assert blocked.status_code == 429
    assert blocked.json()["code"] == 0
    assert blocked.json()["msg"] == "请求过于频繁，请稍后再试！"
    assert api.request(method, path, json=body, headers=headers(fake_ip())).status_code == 200
