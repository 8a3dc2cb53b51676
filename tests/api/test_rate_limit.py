"""Per-IP rate limits over HTTP (`functions.services.rate_limit`).

The session settings carry very high limits (tests/conftest.py); each test lowers the ones it needs
on the cached settings object and calls from its own address: a client bound to a random loopback
address 127.x.y.z (Linux routes all of 127/8 to lo), so the server's socket peer — the address the
API counts — is unique to the test and no other suite shares its counters.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from functions.core.settings import get_settings
from functions.models.admin import Admin
from functions.models.admin_log import AdminLog
from functions.models.user import User
from functions.services import rate_limit
from tests.api.admin_support import PASSWORD as ADMIN_PASSWORD
from tests.api.admin_support import unique
from tests.api.members_support import PASSWORD as MEMBER_PASSWORD
from tests.api.members_support import new_member, solve_captcha

CHECKIN = "/srv/api/user/checkIn"
LOGIN_BODY = {"tab": "login", "username": "nobody-here", "password": "wrong-password"}


def fake_ip() -> str:
    raw = uuid.uuid4().bytes
    return f"127.{raw[0]}.{raw[1]}.{max(2, raw[2])}"


def headers(lang: str = "zh-cn") -> dict[str, str]:
    return {"Accept-Language": lang}


@pytest.fixture
def at(api: httpx.Client) -> Iterator[Callable[[str], httpx.Client]]:
    """`at(ip)`: a client of the test server whose connections come from the loopback address `ip`."""
    clients: dict[str, httpx.Client] = {}

    def client(ip: str) -> httpx.Client:
        if ip not in clients:
            clients[ip] = httpx.Client(
                base_url=api.base_url,
                timeout=10,
                trust_env=False,
                transport=httpx.HTTPTransport(local_address=ip),
            )
        return clients[ip]

    yield client
    for each in clients.values():
        each.close()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    """The limiter's clock, fixed at the start of a 300 s window until the test moves it."""
    now = {"t": 1_800_000_000.0}  # a multiple of 300
    monkeypatch.setattr(rate_limit, "_now", lambda: now["t"])
    return now


@pytest.fixture
def limits(api: httpx.Client, monkeypatch: pytest.MonkeyPatch, clock: dict[str, float]) -> Any:
    """`limits(action, limit, window)` lowers one per-IP limit for this test. The limiter's clock
    stands at a window's start (`clock`): calls that cross a window's end on the real clock would
    count in two windows (a CI run once lost its 429 that way, at 06:55:00)."""
    settings = get_settings()

    def set_limit(action: str, limit: int, window: int = 300) -> None:
        monkeypatch.setattr(settings, f"rate_{action}_limit", limit)
        monkeypatch.setattr(settings, f"rate_{action}_window", window)

    return set_limit


def test_member_login_beyond_the_limit_is_429_with_the_envelope(at: Any, limits: Any) -> None:
    limits("checkin", 3)
    ip = fake_ip()
    for _ in range(3):
        response = at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers())
        assert response.status_code == 200
        assert response.json()["code"] == 0  # a business failure (captcha/password), not the limiter

    blocked = at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers())
    assert blocked.status_code == 429
    body = blocked.json()
    assert body["code"] == 0
    assert body["msg"] == "请求过于频繁，请稍后再试！"
    assert body["data"] is None
    assert isinstance(body["time"], int)
    assert 1 <= int(blocked.headers["Retry-After"]) <= 300

    english = at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers("en"))
    assert english.status_code == 429
    assert english.json()["msg"] == "Too many requests, please try again later!"

    # Registration shares the budget of the same address.
    register = at(ip).post(CHECKIN, json={"tab": "register", "username": "abc"}, headers=headers())
    assert register.status_code == 429


def test_another_address_is_unaffected(at: Any, limits: Any) -> None:
    limits("checkin", 2)
    busy, other = fake_ip(), fake_ip()
    for _ in range(2):
        assert at(busy).post(CHECKIN, json=LOGIN_BODY, headers=headers()).status_code == 200
    assert at(busy).post(CHECKIN, json=LOGIN_BODY, headers=headers()).status_code == 429

    response = at(other).post(CHECKIN, json=LOGIN_BODY, headers=headers())
    assert response.status_code == 200
    assert response.json()["msg"] != "请求过于频繁，请稍后再试！"


def test_a_new_window_lets_the_address_in_again(at: Any, limits: Any, clock: dict[str, float]) -> None:
    limits("checkin", 2, window=300)
    ip = fake_ip()
    for _ in range(2):
        assert at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers()).status_code == 200
    blocked = at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers())
    assert blocked.status_code == 429
    assert blocked.headers["Retry-After"] == "300"

    clock["t"] += 299  # still the same window
    late = at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers())
    assert late.status_code == 429
    assert late.headers["Retry-After"] == "1"

    clock["t"] += 1  # the next window starts
    assert at(ip).post(CHECKIN, json=LOGIN_BODY, headers=headers()).status_code == 200


def test_code_sending_has_one_budget_per_address_for_sms_and_email(at: Any, limits: Any) -> None:
    limits("send_code", 2, window=3600)
    ip = fake_ip()
    sms = {"mobile": "13800000000", "template_code": "user_register", "extras": {}}
    email = {"email": "someone@example.com", "event": "user_register", "extras": {}}
    first = at(ip).post("/srv/api/Sms/sendSms", json=sms, headers=headers())
    second = at(ip).post("/srv/api/Ems/send", json=email, headers=headers())
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.json()["code"] == 0  # no captcha: refused by the route itself

    for path, body in (("/srv/api/Sms/sendSms", sms), ("/srv/api/Ems/send", email)):
        blocked = at(ip).post(path, json=body, headers=headers("en"))
        assert blocked.status_code == 429, path
        assert blocked.json()["msg"] == "Too many requests, please try again later!"
        assert 1 <= int(blocked.headers["Retry-After"]) <= 3600

    assert at(fake_ip()).post("/srv/api/Ems/send", json=email, headers=headers()).status_code == 200


@pytest.mark.parametrize(
    ("action", "method", "path", "body"),
    [
        ("admin_login", "POST", "/srv/admin/index/login", {"username": "nobody", "password": "wrong"}),
        ("captcha", "GET", "/srv/api/common/captcha?id=ratelimit-captcha-01", None),
        ("refresh", "POST", "/srv/api/common/refreshToken", {"refresh_token": "not-a-token"}),
    ],
)
def test_other_limited_routes(at: Any, limits: Any, action: str, method: str, path: str, body: Any) -> None:
    limits(action, 2)
    ip = fake_ip()
    for _ in range(2):
        assert at(ip).request(method, path, json=body, headers=headers()).status_code == 200
    blocked = at(ip).request(method, path, json=body, headers=headers())
    assert blocked.status_code == 429
    assert blocked.json()["code"] == 0
    assert blocked.json()["msg"] == "请求过于频繁，请稍后再试！"
    assert at(fake_ip()).request(method, path, json=body, headers=headers()).status_code == 200


# --- Whose address is counted (functions/core/client_ip.py) ---------------------------------------

FORGED = {"X-Forwarded-For": "203.0.113.66"}
SECRET = "s" * 40


def test_a_forged_forwarded_for_does_not_escape_the_limit(at: Any, limits: Any) -> None:
    limits("checkin", 2)
    ip = fake_ip()
    for n in range(2):
        forged = {"X-Forwarded-For": f"198.51.100.{n}, 10.0.0.1", "Accept-Language": "zh-cn"}
        assert at(ip).post(CHECKIN, json=LOGIN_BODY, headers=forged).status_code == 200
    blocked = at(ip).post(CHECKIN, json=LOGIN_BODY, headers={"X-Forwarded-For": "198.51.100.99"})
    assert blocked.status_code == 429


def test_admin_log_and_last_login_ip_keep_the_real_address(api: httpx.Client, at: Any, admin_seed) -> None:
    ip = fake_ip()
    name = unique("ip")
    admin = Admin.create(name, ADMIN_PASSWORD)
    answer = at(ip).post(
        "/srv/admin/index/login", json={"username": name, "password": ADMIN_PASSWORD}, headers=FORGED
    )
    assert answer.json()["code"] == 1, answer.json()
    assert Admin.get(admin.id, consistent_read=True).last_login_ip == ip
    logged = [row.ip for row in AdminLog.by_admin.query(admin.id)]
    assert logged and set(logged) == {ip}

    member = new_member()
    body = {"tab": "login", "username": member.username, "password": MEMBER_PASSWORD, **solve_captcha(api)}
    assert at(ip).post(CHECKIN, json=body, headers=FORGED).json()["code"] == 1
    assert User.get(member.id, consistent_read=True).last_login_ip == ip


@pytest.fixture
def behind_cloudfront(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The production setting: the caller is CloudFront-Viewer-Address, trusted with the secret."""
    from pydantic import SecretStr

    settings = get_settings()
    monkeypatch.setattr(settings, "client_ip_source", "cloudfront")
    monkeypatch.setattr(settings, "origin_verify_secret", SecretStr(SECRET))
    return {"X-Origin-Verify": SECRET}


def test_behind_cloudfront_the_viewer_address_is_counted(
    at: Any, limits: Any, behind_cloudfront: dict[str, str]
) -> None:
    limits("checkin", 1)
    raw = uuid.uuid4().bytes
    viewer = f"198.51.{raw[0]}.{raw[1]}"
    v6 = f"2001:db8::{raw[2]:x}{raw[3]:x}"
    same_socket = at(fake_ip())
    for address in (f"{viewer}:40123", f"{v6}:443"):
        headers = {**behind_cloudfront, "CloudFront-Viewer-Address": address}
        assert same_socket.post(CHECKIN, json=LOGIN_BODY, headers=headers).status_code == 200
    # The same viewer again (another port, another edge connection): over its limit.
    again = {**behind_cloudfront, "CloudFront-Viewer-Address": f"{viewer}:51000", **FORGED}
    assert same_socket.post(CHECKIN, json=LOGIN_BODY, headers=again).status_code == 429


@pytest.mark.parametrize("secret", [None, "wrong-secret", SECRET[:-1]])
def test_behind_cloudfront_requests_without_the_origin_secret_are_refused(
    at: Any, behind_cloudfront: dict[str, str], secret: str | None
) -> None:
    headers = {"CloudFront-Viewer-Address": "198.51.100.1:443"}
    if secret is not None:
        headers["X-Origin-Verify"] = secret
    response = at(fake_ip()).post(CHECKIN, json=LOGIN_BODY, headers=headers)
    assert response.status_code == 404
    assert response.json()["code"] == 0
    assert SECRET not in response.text and SECRET not in str(response.headers)
    ok = at(fake_ip()).get("/srv/api/index/index", headers=behind_cloudfront)
    assert ok.status_code == 200


def test_password_reset_shares_the_code_sending_budget(at: Any, limits: Any) -> None:
    limits("send_code", 2, window=3600)
    ip = fake_ip()
    reset = {"type": "email", "account": "someone@example.com", "captcha": "123456", "password": "Reset_123"}
    email = {"email": "someone@example.com", "event": "user_retrieve_pwd", "extras": {}}
    assert at(ip).post("/srv/api/Ems/send", json=email, headers=headers()).status_code == 200
    assert at(ip).post("/srv/api/account/retrievePassword", json=reset, headers=headers()).status_code == 200
    blocked = at(ip).post("/srv/api/account/retrievePassword", json=reset, headers=headers("en"))
    assert blocked.status_code == 429
    assert blocked.json()["msg"] == "Too many requests, please try again later!"
