"""Language negotiation and message translation."""

from __future__ import annotations

import pytest

from functions.core.i18n import (
    MESSAGES,
    STATUS_MESSAGES,
    get_lang,
    negotiate,
    reset_lang,
    set_lang,
    status_message,
    t,
)


@pytest.mark.parametrize(
    ("think_lang", "accept", "expected"),
    [
        (None, None, "zh-cn"),
        (None, "", "zh-cn"),
        (None, "en", "en"),
        (None, "en-US", "en"),
        (None, "en_GB", "en"),
        (None, "zh", "zh-cn"),
        (None, "zh-CN", "zh-cn"),
        (None, "zh-Hans-CN", "zh-cn"),
        (None, "de, en;q=0.1", "en"),
        (None, "en;q=0.2, zh;q=0.9", "zh-cn"),
        (None, "en;q=0, fr", "zh-cn"),
        (None, "en;q=bogus, zh", "zh-cn"),
        ("en", "zh-CN", "en"),
        ("EN", None, "en"),
        ("zh-cn", "en", "zh-cn"),
        ("xx", "en", "en"),
    ],
)
def test_negotiate(think_lang: str | None, accept: str | None, expected: str) -> None:
    assert negotiate(think_lang, accept) == expected


def test_t_uses_the_current_language_and_falls_back() -> None:
    assert get_lang() == "zh-cn"
    assert t("Operation successful") == "操作成功"
    token = set_lang("en")
    try:
        assert t("Operation successful") == "Operation successful"
        assert t("Error requesting address: {url}", url="/x") == "Error requesting address: /x"
        assert t("An unknown literal text") == "An unknown literal text"
    finally:
        reset_lang(token)
    assert t("Error requesting address: {url}", url="/{y}") == "请求地址出错：/{y}"
    assert t("Required", "en") == "Required"
    token = set_lang("fr")
    try:
        assert get_lang() == "zh-cn"
    finally:
        reset_lang(token)


def test_catalogue_has_both_languages_and_status_texts() -> None:
    for key, entry in MESSAGES.items():
        assert entry.get("zh-cn") and entry.get("en"), key
    for status in (302, 400, 401, 403, 404, 405, 408, 409, 413, 429, 500, 501, 502, 503, 504, 505):
        assert STATUS_MESSAGES[status] in MESSAGES
    assert status_message(418, "en") == "Abnormal problem, please contact the website administrator!"
    assert status_message(503, "zh-cn") == "服务不可用！"
