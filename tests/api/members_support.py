"""Helpers of the member API tests (imported by tests/api/test_members_*.py); the fixtures
`mailbox` and `fast_hashing` are in tests/api/conftest.py.

- `mailbox`: a real SMTP capture (aiosmtpd, `functions.local.smtp`) on a free port and an
  SMS outbox folder; the settings the API runs with point at both. `latest_code(target)` reads the
  newest code sent to an e-mail address or mobile number from there.
- `solve_captcha(api)`: loads a captcha image like the browser does and reads its answer from
  DynamoDB Local (the only way a test can "see" the picture).
- `new_member(...)`: a member created directly in the tables, `login(...)` logs in over HTTP.
- `fast_hashing` (used by every member module): Argon2id with the smallest cost parameters, so
  the hundreds of hashes these tests make stay fast; the production parameters are tested in
  tests/unit/test_security.py.
"""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from functions.models.captcha import Captcha
from functions.models.user import User

PASSWORD = "Secret_123"
_CODE_RE = re.compile(r"\b(\d{6})\b")


@dataclass
class Mailbox:
    mail_dir: Path
    sms_dir: Path

    def emails_to(self, address: str) -> list[Any]:
        from functions.local.smtp import read_messages

        return [m for m in read_messages(self.mail_dir) if address.lower() in str(m["To"]).lower()]

    def sms_to(self, mobile: str) -> list[str]:
        return [p.read_text(encoding="utf-8") for p in sorted(self.sms_dir.glob(f"*-{mobile}-*.txt"))]

    def latest_code(self, target: str, timeout: float = 5) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "@" in target:
                found = self.emails_to(target)
                texts = [m.get_body(preferencelist=("plain",)).get_content() for m in found]
            else:
                texts = self.sms_to(target)
            if texts:
                match = _CODE_RE.search(texts[-1])
                assert match, texts[-1]
                return match.group(1)
            time.sleep(0.05)
        raise AssertionError(f"no message to {target}")


def uid(prefix: str = "u") -> str:
    return prefix + uuid.uuid4().hex[:10]


def new_email() -> str:
    return f"{uid('m')}@example.com"


_mobile_counter = iter(range(10_000_000))


def new_mobile() -> str:
    return f"139{uuid.uuid4().int % 10_000:04d}{next(_mobile_counter) % 10_000:04d}"


def solve_captcha(api: httpx.Client) -> dict[str, str]:
    captcha_id = uid("cap")
    response = api.get("/srv/api/common/captcha", params={"id": captcha_id})
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    answer = Captcha.get(captcha_id, consistent_read=True).answer
    return {"captchaId": captcha_id, "captchaInfo": answer}


def new_member(
    *, username: str | None = None, password: str = PASSWORD, email: str = "", mobile: str = ""
) -> User:
    return User.create(username or uid(), password, email=email, mobile=mobile)


def login(
    api: httpx.Client, account: str, password: str = PASSWORD, keep: bool = True, **headers: str
) -> dict[str, Any]:
    body = {"tab": "login", "username": account, "password": password, "keep": keep, **solve_captcha(api)}
    return api.post("/srv/api/user/checkIn", json=body, headers=headers).json()


def logged_in(api: httpx.Client, user: User, keep: bool = True) -> dict[str, str]:
    """Log `user` in (password PASSWORD); returns {"token", "refresh_token"}."""
    body = login(api, user.username, keep=keep)
    assert body["code"] == 1, body
    info = body["data"]["userInfo"]
    return {"token": info["token"], "refresh_token": info["refresh_token"]}


def auth(token: str) -> dict[str, str]:
    return {"ba-user-token": token}


def send_code(
    api: httpx.Client, channel: str, target: str, event: str, token: str = "", captcha: bool = True
) -> dict[str, Any]:
    extras = solve_captcha(api) if captcha else {}
    headers = auth(token) if token else {}
    if channel == "email":
        body = {"email": target, "event": event, "extras": extras}
        return api.post("/srv/api/Ems/send", json=body, headers=headers).json()
    body = {"mobile": target, "template_code": event, "extras": extras}
    return api.post("/srv/api/Sms/sendSms", json=body, headers=headers).json()
