# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Admin-log titles read in the reader's language, whatever the language of the admin who wrote the
row, and writes that need no menu rule carry a title of their own, not the rule placeholder (issue 17)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.admin_support import AdminUser, ok  # noqa: F401

ZH = {"Accept-Language": "zh-CN"}
EN = {"Accept-Language": "en"}


def log_rows(api: httpx.Client, who: AdminUser, lang: dict[str, str]) -> list[dict[str, Any]]:
    return ok(
        api.get("/srv/admin/auth/adminLog/index", params={"limit": 50}, headers={**who.headers, **lang})
    )["list"]


def test_titles_follow_the_readers_language(api: httpx.Client, super_admin: AdminUser) -> None:
    # Written from a Chinese session …
    cleared = api.post(
        "/srv/admin/ajax/clearCache", headers={**super_admin.headers, **ZH}, json={"type": "all"}
    )
    assert cleared.json()["code"] == 1
    english, chinese = log_rows(api, super_admin, EN), log_rows(api, super_admin, ZH)
    # … read in English and in Chinese.
    assert english[0]["url"].endswith("/ajax/clearCache") and english[0]["title"] == "Clear cache"
    assert chinese[0]["title"] == "清除缓存"
    titles = {r["title"] for r in english}
    assert "<logged-in>" not in titles
    logins = [r["title"] for r in english if r["url"].endswith("/index/login")]
    assert logins and set(logins) == {"Login"}
    assert {r["title"] for r in chinese if r["url"].endswith("/index/login")} == {"登录"}
    # A quick search finds a row by its title in either language.
    for word in ("Clear cache", "清除缓存"):
        found = ok(
            api.get(
                "/srv/admin/auth/adminLog/index",
                params={"quickSearch": word, "limit": 10},
                headers={**super_admin.headers, **EN},
            )
        )["list"]
        assert found and found[0]["title"] == "Clear cache"
