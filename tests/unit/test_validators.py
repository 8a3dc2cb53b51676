"""SPEC §5 validators return a message key on failure and None when the value is fine."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from functions.core.i18n import MESSAGES, t
from functions.core.validators import (
    Account,
    Mobile,
    Password,
    check_account,
    check_email,
    check_float,
    check_mobile,
    check_name,
    check_not_empty,
    check_password,
    check_required,
)


@pytest.mark.parametrize("value", ["abc", "Admin", "a_1", "user_name_12345", "Z99"])
def test_good_accounts(value: str) -> None:
    assert check_account(value) is None


@pytest.mark.parametrize(
    "value", ["ab", "1abc", "_abc", "abc-def", "abc def", "a" * 16, "", "用户名abc", "abc\n", "ａbc"]
)
def test_bad_accounts(value: str) -> None:
    assert check_account(value) == "Please enter the correct account"


@pytest.mark.parametrize("value", ["123456", "a" * 32, "pass word!", "密码密码密码", "P@ss#w0rd$%^*()"])
def test_good_passwords(value: str) -> None:
    assert check_password(value) is None


@pytest.mark.parametrize(
    "value",
    ["12345", "a" * 33, "abc&def", "abc<def", "abc>def", 'abc"def', "abc'def", "abc\ndef", "ab\tcdef"],
)
def test_bad_passwords(value: str) -> None:
    assert check_password(value) == "Please enter the correct password"


@pytest.mark.parametrize("value", ["13812345678", "19900000000", "15012345678"])
def test_good_mobiles(value: str) -> None:
    assert check_mobile(value) is None


@pytest.mark.parametrize(
    "value",
    ["12812345678", "1381234567", "138123456789", "+8613812345678", "1381234567a", "１３８１２３４５６７８"],
)
def test_bad_mobiles(value: str) -> None:
    assert check_mobile(value) == "Please enter the correct mobile number"


def test_email() -> None:
    assert check_email("ops@example.com") is None
    assert check_email("张三@例子.中国") is None
    for bad in ["", "ops", "ops@", "@example.com", "ops@@example.com", "ops example@example.com"]:
        assert check_email(bad) == "Please enter the correct email address"


def test_name_required_content_float() -> None:
    assert check_name("field_name") is None and check_name("_x1") is None
    assert check_name("1field") == "Please enter the correct name"
    assert check_name("field-name") == "Please enter the correct name"
    assert check_required("x") is None and check_required(0) is None
    assert check_required("  ") == check_required(None) == check_required([]) == "Required"
    assert check_not_empty("hello") is None
    assert check_not_empty(" \n") == "Content cannot be empty"
    for good in ["1", "-2.5", ".5", "3.", 4, 1.5]:
        assert check_float(good) is None
    for bad in ["abc", "1e5", "1.2.3", "", True, float("nan"), float("inf")]:
        assert check_float(bad) == "Floating point number"


def test_every_message_key_is_in_the_catalogue() -> None:
    keys = {
        check_account(""),
        check_password(""),
        check_mobile(""),
        check_email(""),
        check_name(""),
        check_required(""),
        check_not_empty(""),
        check_float("x"),
    }
    for key in keys:
        assert key in MESSAGES
        assert t(key, "zh-cn") != t(key, "en")


def test_annotated_types_raise_the_message_key() -> None:
    class Registration(BaseModel):
        username: Account
        password: Password
        mobile: Mobile

    ok = Registration(username="alice", password="secret1", mobile="13812345678")
    assert ok.username == "alice"
    with pytest.raises(ValidationError) as caught:
        Registration(username="1", password="<bad>", mobile="1")
    errors = {e["loc"][0]: str(e["ctx"]["error"]) for e in caught.value.errors()}
    assert errors == {
        "username": "Please enter the correct account",
        "password": "Please enter the correct password",
        "mobile": "Please enter the correct mobile number",
    }
