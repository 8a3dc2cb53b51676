"""The client address under `make run` (DESIGN §8): the socket peer, whatever `X-Forwarded-For` says.

Started through the real start-up (`python -m functions.local.run`, the uvicorn options `make run`
serves with), called from 127.0.0.1 — the address uvicorn's proxy-header handling trusts by default,
so a forged header used to pick the address the per-IP limit counted and the admin log recorded.
"""

from __future__ import annotations

import httpx
import pytest

from functions.local.harness import local_server

pytestmark = pytest.mark.e2e

LOGIN = "/srv/admin/index/login"
LIMIT = 3


def _forged(n: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"198.51.100.{n}", "X-Real-IP": f"198.51.100.{n}", "Accept-Language": "en"}


def test_a_forged_forwarded_for_neither_escapes_the_login_limit_nor_reaches_the_admin_log(tmp_path) -> None:
    env = {"CITYOPS_RATE_ADMIN_LOGIN_LIMIT": str(LIMIT), "CITYOPS_RATE_ADMIN_LOGIN_WINDOW": "3600"}
    with local_server(tmp_path, table_prefix="peer-", env=env) as server:
        password = server.wait_for_output("password:", timeout=60).split("password:")[1].strip()
        with httpx.Client(base_url=server.base_url, timeout=60, trust_env=False) as client:
            # 1 of the limit: the first admin logs in, claiming another address.
            answer = client.post(LOGIN, json={"username": "admin", "password": password}, headers=_forged(1))
            assert answer.status_code == 200 and answer.json()["code"] == 1, answer.text
            token = answer.json()["data"]["userInfo"]["token"]
            log = client.get(
                "/srv/admin/auth/adminLog/index", headers={"batoken": token, "Accept-Language": "en"}
            ).json()["data"]["list"]
            logins = [row for row in log if row["url"] == LOGIN]
            assert logins and {row["ip"] for row in logins} == {"127.0.0.1"}, logins
            info = client.get("/srv/admin/routine/adminInfo/index", headers={"batoken": token}).json()
            assert info["data"]["info"]["last_login_ip"] == "127.0.0.1"

            # The rest of the limit, each call from a "new" forged address; then every call is refused.
            wrong = {"username": "nobody-here", "password": "Wrong_pass1"}
            for n in range(2, LIMIT + 1):
                assert client.post(LOGIN, json=wrong, headers=_forged(n)).status_code == 200
            refused = [client.post(LOGIN, json=wrong, headers=_forged(n)).status_code for n in range(10, 15)]
            assert refused == [429] * 5
