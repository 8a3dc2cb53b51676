"""The back office over HTTP, as the invariant machines use it: the super admin's calls, the list walk,
the logs. Every call goes through the real API (uvicorn, DynamoDB Local); nothing here reads the
database directly."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx

from tests.api.admin_support import EN, AdminUser


@dataclass
class Answer:
    status: int
    code: int
    msg: str
    data: Any

    @property
    def ok(self) -> bool:
        return self.status == 200 and self.code == 1


@dataclass
class BackOffice:
    api: httpx.Client
    admin: AdminUser

    def _answer(self, response: httpx.Response) -> Answer:
        assert response.status_code < 500, f"HTTP {response.status_code}: {response.text[:500]}"
        body = response.json()
        return Answer(response.status_code, body.get("code"), body.get("msg", ""), body.get("data"))

    def _send(self, method: str, path: str, **kwargs: Any) -> Answer:
        """One call as the admin; an expired access token (body code 409) is refreshed as the web app
        does (`/srv/api/common/refreshToken`, rotating the refresh token) and the call sent again."""
        for _ in range(2):
            headers = {**self.admin.headers, **EN}
            response = self.api.request(method, f"/srv/admin/{path}", headers=headers, timeout=60, **kwargs)
            answer = self._answer(response)
            if answer.code != 409:
                return answer
            fresh = self.api.post(
                "/srv/api/common/refreshToken", json={"refresh_token": self.admin.refresh_token}, timeout=60
            ).json()
            assert fresh["code"] == 1, f"the admin's session could not be refreshed: {fresh}"
            self.admin.token, self.admin.refresh_token = (
                fresh["data"]["token"],
                fresh["data"]["refresh_token"],
            )
        return answer

    def get(self, path: str, **params: Any) -> Answer:
        return self._send("GET", path, params=params)

    def post(self, path: str, body: Any) -> Answer:
        return self._send("POST", path, json=body)

    def delete(self, path: str, ids: list[int], **params: Any) -> Answer:
        return self._send("DELETE", path, params={"ids[]": ids, **params})

    def delete_where(self, path: str, **params: Any) -> Answer:
        """A DELETE naming its row by other parameters than ids (a config item: group and name)."""
        return self._send("DELETE", path, params=params)

    def upload(self, name: str, data: bytes, mimetype: str, topic: str) -> Answer:
        """One file through the back office's upload (multipart: file, topic)."""
        return self._send(
            "POST", "ajax/upload", files={"file": (name, data, mimetype)}, data={"topic": topic}
        )

    # --- lists -------------------------------------------------------------------------------
    def walk(self, path: str, limit: int = 3, **params: Any) -> tuple[list[dict[str, Any]], int]:
        """Every row of a list, page after page by cursor; and the first page's total."""
        rows: list[dict[str, Any]] = []
        first = self.get(f"{path}/index", limit=limit, **params)
        assert first.ok, first
        total = int(first.data["total"])
        page = first.data
        for _ in range(1000):
            rows.extend(page["list"])
            if not page.get("cursor"):
                break
            following = self.get(f"{path}/index", limit=limit, cursor=page["cursor"], **params)
            assert following.ok, following
            page = following.data
        return rows, total

    def log(self, log: str, table: str) -> list[dict[str, Any]]:
        """Every row about `table` of the recycle bin or the sensitive-data log (newest first)."""
        search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
        rows, _ = self.walk(f"security/{log}", limit=100, search=search)
        return rows

    # --- designs ------------------------------------------------------------------------------
    def generate(self, design: dict[str, Any], confirm: bool = False) -> Answer:
        return self.post("crud/crud/generate", {"design": design, "confirm": confirm})

    def design_summary(self, name: str) -> dict[str, Any] | None:
        answer = self.get("crud/crud/index")
        assert answer.ok, answer
        return next((d for d in answer.data["list"] if d["name"] == name), None)


def logged_in_admin(api: httpx.Client, *, is_super: bool = False, group_id: int | None = None) -> AdminUser:
    """`tests.api.admin_support.make_admin`, with a login that may take a minute (a loaded machine)."""
    from functions.models.admin import Admin
    from tests.api.admin_support import PASSWORD, unique

    username = unique("adm")
    admin = Admin.create(username, PASSWORD, is_super=is_super, group_ids=[group_id] if group_id else [])
    body = {"username": username, "password": PASSWORD, "keep": True}
    answer = api.post("/srv/admin/index/login", json=body, timeout=120).json()
    assert answer["code"] == 1, answer
    info = answer["data"]["userInfo"]
    return AdminUser(int(admin.id), username, info["token"], info["refresh_token"], group_id, info)


class Checks:
    """The two checks every machine makes: an invariant (`_check`) and the API's answer to a write against
    the model's verdict (`expect`); a broken one is counted (`counter`, set by the test) and asserted."""

    counter: Any  # budget.Counter

    def _check(self, ok: bool, message: str) -> None:
        if not ok:
            self.counter.failed(message)
        assert ok, message

    def expect(self, answer: Answer, accepted: bool, what: str) -> None:
        self._check(
            accepted == answer.ok,
            f"{what}: the model expected {'success' if accepted else 'a refusal'}; the API answered "
            f"HTTP {answer.status} code {answer.code} {answer.msg!r} {answer.data!r}",
        )
