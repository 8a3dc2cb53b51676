"""Sessions and captchas over HTTP: access tokens (409/302), refresh rotation and replay, logout,
revocation, the captcha image and its single-use, case-insensitive, expiring answers."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from functions.core.security import create_access_token, hash_refresh_token
from functions.models.captcha import Captcha
from functions.models.session import RefreshToken, Session
from functions.services import captcha, sessions

from .members_support import auth, logged_in, new_member, solve_captcha, uid

pytestmark = pytest.mark.usefixtures("fast_hashing")

INDEX = "/srv/api/user/index"
REFRESH = "/srv/api/common/refreshToken"
LOGOUT = "/srv/api/user/logout"


def _sid(token: str) -> str:
    from functions.core.security import decode_access_token

    return decode_access_token(token).sid


def test_access_token_opens_the_member_index(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    body = api.get(INDEX, headers=auth(tokens["token"])).json()
    assert body["code"] == 1
    assert body["data"]["userInfo"]["username"] == user.username
    assert isinstance(body["data"]["menus"], list)
    # The token is also accepted as a query parameter (image URLs).
    assert api.get(INDEX, params={"ba-user-token": tokens["token"]}).json()["code"] == 1


def test_missing_bad_and_foreign_tokens_answer_302_user_login(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    admin_token = create_access_token(user.id, "admin", _sid(tokens["token"]))
    for headers in ({}, auth("garbage"), auth(tokens["token"] + "x"), auth(admin_token)):
        response = api.get(INDEX, headers=headers)
        assert response.status_code == 200
        body = response.json()
        assert body["code"] == 302, headers
        assert body["data"] == {"routeName": "userLogin"}
    # A member token is not an admin token either.
    assert sessions.login_route("admin") == "adminLogin"


def test_expired_access_token_answers_409(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    expired = create_access_token(user.id, "user", _sid(tokens["token"]), now=1_000_000, ttl_seconds=60)
    body = api.get(INDEX, headers=auth(expired)).json()
    assert body["code"] == 409
    assert body["msg"] == "登录状态已过期"


def test_refresh_rotates_and_a_replayed_token_revokes_the_whole_session(api: httpx.Client) -> None:
    user = new_member()
    first = logged_in(api, user)
    assert first["refresh_token"].startswith("u.")
    body = api.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json()
    assert body["code"] == 1
    data = body["data"]
    assert data["type"] == "user-refresh"
    assert data["refresh_token"] != first["refresh_token"]
    assert api.get(INDEX, headers=auth(data["token"])).json()["code"] == 1
    # Only the hash is stored.
    assert RefreshToken.get(hash_refresh_token(data["refresh_token"])).used is False

    # Past the grace window of its rotation (two tabs refreshing at once), the old token is a replay.
    used = RefreshToken.get(hash_refresh_token(first["refresh_token"]), consistent_read=True)
    used.update(actions=[RefreshToken.rotated_at.set(int(used.rotated_at) - 31)])
    replay = api.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json()
    assert replay["code"] == 302
    assert replay["data"]["routeName"] == "userLogin"
    session = Session.get(_sid(first["token"]), consistent_read=True)
    assert session.revoked is True
    assert session.revoke_reason == "refresh-replay"
    # The newest refresh token and every access token of the session are dead too.
    assert api.post(REFRESH, json={"refresh_token": data["refresh_token"]}).json()["code"] == 302
    assert api.get(INDEX, headers=auth(data["token"])).json()["code"] == 302
    assert api.get(INDEX, headers=auth(first["token"])).json()["code"] == 302


def test_unknown_refresh_tokens_name_the_login_page_of_their_kind(api: httpx.Client) -> None:
    for token, route in (
        ("u.nope", "userLogin"),
        ("a.nope", "adminLogin"),
        ("", "userLogin"),
        ("x" * 300, "userLogin"),
    ):
        body = api.post(REFRESH, json={"refresh_token": token}).json()
        assert body["code"] == 302
        assert body["data"]["routeName"] == route
    # Missing body field: treated as empty.
    assert api.post(REFRESH, json={}).json()["code"] == 302


def test_without_remember_there_is_no_refresh_token(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user, keep=False)
    assert tokens["refresh_token"] == ""
    session = Session.get(_sid(tokens["token"]))
    assert session.remember is False
    assert api.get(INDEX, headers=auth(tokens["token"])).json()["code"] == 1


def test_logout_revokes_at_once(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    body = api.post(
        LOGOUT, json={"refresh_token": tokens["refresh_token"]}, headers=auth(tokens["token"])
    ).json()
    assert body["code"] == 1
    assert body["msg"] == "已退出登录"
    assert api.get(INDEX, headers=auth(tokens["token"])).json()["code"] == 302
    assert api.post(REFRESH, json={"refresh_token": tokens["refresh_token"]}).json()["code"] == 302
    # Logging out again is harmless.
    assert api.post(LOGOUT, json={"refresh_token": tokens["refresh_token"]}).json()["code"] == 1


def test_logout_with_only_the_access_token_revokes_a_short_session(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user, keep=False)
    assert api.post(LOGOUT, json={"refresh_token": ""}, headers=auth(tokens["token"])).json()["code"] == 1
    assert api.get(INDEX, headers=auth(tokens["token"])).json()["code"] == 302


def test_revoke_all_keeps_only_the_excepted_session(api: httpx.Client) -> None:
    user = new_member()
    one, two, three = (logged_in(api, user) for _ in range(3))
    assert sessions.revoke_all("user", user.id, except_sid=_sid(two["token"])) == 2
    assert api.get(INDEX, headers=auth(one["token"])).json()["code"] == 302
    assert api.get(INDEX, headers=auth(two["token"])).json()["code"] == 1
    assert api.get(INDEX, headers=auth(three["token"])).json()["code"] == 302


def test_disabled_member_is_sent_to_login(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    user.update(actions=[type(user).status.set("disable")])
    body = api.get(INDEX, headers=auth(tokens["token"])).json()
    assert body["code"] == 302
    assert body["data"]["routeName"] == "userLogin"


def test_index_index_carries_the_member_when_logged_in(api: httpx.Client) -> None:
    user = new_member()
    tokens = logged_in(api, user)
    data = api.get("/srv/api/index/index", headers=auth(tokens["token"])).json()["data"]
    assert data["userInfo"]["id"] == user.id
    assert data["userInfo"]["money"] == "0.00"
    assert api.get("/srv/api/index/index", headers=auth("bad")).json()["data"]["userInfo"] is None


# --- Captcha -------------------------------------------------------------------------------------


def test_captcha_image_is_a_png_and_bad_ids_are_refused(api: httpx.Client) -> None:
    response = api.get("/srv/api/common/captcha", params={"id": uid("cap")})
    assert response.status_code == 200
    assert response.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert response.headers["cache-control"] == "no-store"
    for bad in ("", "short", "has space!!", "x" * 65, "<script>"):
        refused = api.get("/srv/api/common/captcha", params={"id": bad})
        assert refused.status_code == 400
        assert refused.json()["code"] == 0


def test_captcha_is_case_insensitive_and_single_use(api: httpx.Client) -> None:
    solved = solve_captcha(api)
    assert captcha.check_captcha(solved["captchaId"], "  " + solved["captchaInfo"].upper() + " ")
    assert not captcha.check_captcha(solved["captchaId"], solved["captchaInfo"])


def test_a_wrong_captcha_answer_uses_the_captcha_up(api: httpx.Client) -> None:
    solved = solve_captcha(api)
    assert not captcha.check_captcha(solved["captchaId"], "wrong")
    assert not captcha.check_captcha(solved["captchaId"], solved["captchaInfo"])


def test_an_expired_captcha_is_refused(api: httpx.Client) -> None:
    solved = solve_captcha(api)
    item = Captcha.get(solved["captchaId"])
    item.expires_at = datetime.fromtimestamp(1_000_000, tz=UTC)
    item.save()
    assert not captcha.check_captcha(solved["captchaId"], solved["captchaInfo"])


def test_reloading_the_image_replaces_the_answer(api: httpx.Client) -> None:
    solved = solve_captcha(api)
    for _ in range(5):  # five new answers: at least one differs from the first
        api.get("/srv/api/common/captcha", params={"id": solved["captchaId"]})
        if Captcha.get(solved["captchaId"], consistent_read=True).answer != solved["captchaInfo"]:
            break
    else:
        raise AssertionError("the answer never changed")
    assert not captcha.check_captcha(solved["captchaId"], solved["captchaInfo"])


def test_two_tabs_refreshing_at_once_both_get_the_same_new_pair(api: httpx.Client) -> None:
    from concurrent.futures import ThreadPoolExecutor

    user = new_member()
    first = logged_in(api, user)
    tabs = [httpx.Client(base_url=api.base_url, timeout=10, trust_env=False) for _ in range(2)]
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(
                pool.map(
                    lambda tab: tab.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json(), tabs
                )
            )
    finally:
        for tab in tabs:
            tab.close()
    assert [a["code"] for a in answers] == [1, 1], answers
    assert answers[0]["data"] == answers[1]["data"]
    pair = answers[0]["data"]
    assert pair["refresh_token"] != first["refresh_token"]
    # The session lives on: the new pair works, and so does a later refresh with it.
    assert Session.get(_sid(first["token"]), consistent_read=True).revoked is False
    assert api.get(INDEX, headers=auth(pair["token"])).json()["code"] == 1
    assert api.post(REFRESH, json={"refresh_token": pair["refresh_token"]}).json()["code"] == 1


def test_a_token_used_again_within_the_grace_window_gets_the_same_pair(api: httpx.Client) -> None:
    user = new_member()
    first = logged_in(api, user)
    one = api.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json()
    two = api.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json()
    assert one["code"] == two["code"] == 1
    assert one["data"] == two["data"]
    assert Session.get(_sid(first["token"]), consistent_read=True).revoked is False
    # After the window the same token is a replay: the whole session ends.
    used = RefreshToken.get(hash_refresh_token(first["refresh_token"]), consistent_read=True)
    used.update(actions=[RefreshToken.rotated_at.set(int(used.rotated_at) - 30)])
    assert api.post(REFRESH, json={"refresh_token": first["refresh_token"]}).json()["code"] == 302
    session = Session.get(_sid(first["token"]), consistent_read=True)
    assert session.revoked is True and session.revoke_reason == "refresh-replay"
    assert api.get(INDEX, headers=auth(one["data"]["token"])).json()["code"] == 302
