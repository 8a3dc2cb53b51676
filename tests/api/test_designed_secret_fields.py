# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Password and token fields of designed tables (issue 36 item 6).

A password field keeps an Argon2id hash: an add sets it (by the product's password rule), an edit that
leaves it empty keeps it, and no answer ever holds the hash — not the list, the edit form, a search, the
recycle bin, the sensitive-data log nor the admin log (which masks it whatever the field is called).
It cannot be searched or sorted. A token field is the server's: a random UUID given on add, never
taken from a request, unique, found by an equality search."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from functions.core.security import verify_password
from functions.models.design import Record, record_pk
from tests.api.admin_support import EN, ZH, AdminUser, delete, get_ok, post, unique  # noqa: F401

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
SECRET = "Gate-2026x"


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def design(name: str, **pin: Any) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("门禁卡", "Gate cards"),
        "fields": [
            {"name": "holder", "title": words("持卡人", "Holder"), "type": "string", "search": True},
            # Not named like a password: the admin log must still mask it.
            {
                "name": "pin",
                "title": words("开门密码", "Door PIN"),
                "type": "password",
                "required": True,
                **pin,
            },
            {"name": "card", "title": words("卡号", "Card number"), "type": "token"},
        ],
    }


class Seen:
    """Every answer's text, to prove that no hash and no password ever leaves the server."""

    def __init__(self, api: httpx.Client, who: AdminUser) -> None:
        self.api, self.who, self.texts = api, who, []

    def _keep(self, response: httpx.Response) -> dict[str, Any]:
        self.texts.append(response.text)
        return dict(response.json())

    def post(self, path: str, body: Any, lang: dict[str, str] = EN) -> dict[str, Any]:
        headers = {**self.who.headers, **lang}
        return self._keep(self.api.post(f"/srv/admin/{path}", json=body, headers=headers))

    def get(self, path: str, **params: Any) -> dict[str, Any]:
        headers = {**self.who.headers, **EN}
        return self._keep(self.api.get(f"/srv/admin/{path}", params=params, headers=headers))

    def never_leaked(self, *secrets: str) -> None:
        for text in self.texts:
            assert "$argon2" not in text
            for secret in secrets:
                assert secret not in text


def stored(table: str, item_id: int) -> dict[str, Any]:
    return Record.get(record_pk(table, False, item_id), item_id, consistent_read=True).values()


@pytest.fixture
def seen(api: httpx.Client, super_admin: AdminUser) -> Seen:
    return Seen(api, super_admin)


def new_table(seen: Seen) -> str:
    name = f"business/k{unique('x')[-8:].lower()}"
    saved = seen.post("crud/crud/generate", {"design": design(name)})
    assert saved["code"] == 1, saved
    return name


@pytest.mark.parametrize(
    ("lang", "pin", "message"),
    [
        (ZH, {"unique": True}, "密码字段不能设为唯一、不能被搜索或排序，也不能有默认值"),
        (EN, {"search": True}, "A password field cannot be unique, searched, sorted or given a default"),
    ],
    ids=["zh", "en"],
)
def test_a_password_field_is_never_unique_or_searched(seen, lang, pin, message) -> None:
    refused = seen.post("crud/crud/generate", {"design": design("business/kbad", **pin)}, lang)
    assert refused["code"] == 0 and message in refused["msg"], refused


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        (ZH, "令牌由服务器生成：没有默认值，也不能设为必填"),
        (EN, "A token is given by the server: it has no default and is never required"),
    ],
    ids=["zh", "en"],
)
def test_a_token_is_never_required(seen, lang, message) -> None:
    doc = design("business/kbad")
    doc["fields"][2]["required"] = True
    refused = seen.post("crud/crud/generate", {"design": doc}, lang)
    assert refused["code"] == 0 and message in refused["msg"], refused


@pytest.mark.parametrize(
    ("lang", "body", "message"),
    [
        (ZH, {"holder": "A"}, "开门密码"),
        (EN, {"holder": "A"}, "Door PIN"),
        (ZH, {"holder": "A", "pin": "12"}, "密码须为 6 到 32 个字符"),
        (EN, {"holder": "A", "pin": "a<b>c&d"}, "The password must be 6 to 32 characters"),
        (EN, {"holder": "A", "pin": True}, "Door PIN"),
    ],
    ids=["zh-missing", "en-missing", "zh-short", "en-forbidden", "en-not-text"],
)
def test_a_new_row_needs_a_password_by_the_password_rule(seen, lang, body, message) -> None:
    table = new_table(seen)
    refused = seen.post(f"{table}/add", body, lang)
    assert refused["code"] == 0 and message in refused["msg"], refused
    assert seen.get(f"{table}/index")["data"]["total"] == 0


def test_the_password_is_kept_hashed_and_never_answered(seen, super_admin) -> None:
    table = new_table(seen)
    # A token sent by the client is not read: the server gives its own.
    added = seen.post(f"{table}/add", {"holder": "Li Lei", "pin": SECRET, "card": "chosen-by-me"})
    assert added["code"] == 1, added
    item = int(added["data"]["id"])
    kept = stored(table, item)
    assert kept["pin"].startswith("$argon2id$") and verify_password(kept["pin"], SECRET)
    listed = seen.get(f"{table}/index")["data"]["list"]
    assert listed[0]["pin"] is True  # only that a password is set
    card = listed[0]["card"]
    assert UUID.fullmatch(card), card
    row = seen.get(f"{table}/edit", id=item)["data"]["row"]
    assert row["pin"] is True and row["card"] == card

    # An edit that leaves the password empty keeps it (and the token, whatever is sent).
    edited = seen.post(f"{table}/edit", {**row, "pin": "", "holder": "Li Lei 2", "card": "x"})
    assert edited["code"] == 1, edited
    after = stored(table, item)
    assert after["pin"] == kept["pin"] and after["card"] == card and after["holder"] == "Li Lei 2"
    # The edit form's row posted back as read (batch edit, inline switch): nothing changes either.
    assert seen.post(f"{table}/edit", {**row, "pin": ""})["code"] == 1
    assert stored(table, item)["pin"] == kept["pin"]
    refused = seen.post(f"{table}/edit", {**row, "pin": "12"}, ZH)
    assert refused["code"] == 0 and "密码须为 6 到 32 个字符" in refused["msg"]
    # A new one replaces it.
    assert seen.post(f"{table}/edit", {**row, "pin": "New-pin-7"})["code"] == 1
    changed = stored(table, item)["pin"]
    assert changed != kept["pin"] and verify_password(changed, "New-pin-7")
    seen.never_leaked(SECRET, "New-pin-7")


def test_a_password_cannot_be_searched_or_sorted_and_a_token_is_found_by_equality(seen) -> None:
    table = new_table(seen)
    for holder in ("A", "B"):
        assert seen.post(f"{table}/add", {"holder": holder, "pin": SECRET})["code"] == 1
    rows = seen.get(f"{table}/index")["data"]["list"]
    assert len({r["card"] for r in rows}) == 2  # each row its own token
    for operator, val in (("like", "$argon2"), ("eq", True), ("notnull", None)):
        search = json.dumps([{"field": "pin", "operator": operator, "val": val}])
        refused = seen.get(f"{table}/index", search=search)
        assert refused["code"] == 0 and refused["msg"] == "The search condition is invalid", refused
    refused = seen.get(f"{table}/index", order="pin,asc")
    assert refused["code"] == 0
    wanted = rows[1]
    search = json.dumps([{"field": "card", "operator": "eq", "val": wanted["card"]}])
    found = seen.get(f"{table}/index", search=search)["data"]["list"]
    assert [r["holder"] for r in found] == [wanted["holder"]]
    seen.never_leaked(SECRET)


def test_logs_and_the_recycle_bin_never_hold_the_password(seen, api, super_admin) -> None:
    table = new_table(seen)
    rule = {"table": table, "title": "pin", "fields": ["pin", "holder"], "status": "enable"}
    assert seen.post("security/sensitiveData/add", rule)["code"] == 1
    item = int(seen.post(f"{table}/add", {"holder": "Han Mei", "pin": SECRET})["data"]["id"])
    row = seen.get(f"{table}/edit", id=item)["data"]["row"]
    assert seen.post(f"{table}/edit", {**row, "pin": "Other-pin-8"})["code"] == 1
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    (change,) = seen.get("security/sensitiveDataLog/index", search=search)["data"]["list"]
    assert change["field"] == "pin" and change["secret"] is True  # only that it changed
    refused = seen.post("security/sensitiveDataLog/rollback", {"ids": [change["id"]]})
    assert refused["code"] == 0
    # The admin log masks the field although its name is not a password's.
    logged = seen.get("auth/adminLog/index", quick_search=f"/srv/admin/{table}/", limit=20)["data"]["list"]
    writes = [r for r in logged if r["url"].endswith(("/add", "/edit"))]
    assert len(writes) == 2 and all('"pin":"******"' in r["data"] for r in writes), writes
    assert delete(api, f"{table}/del", super_admin, ids=[item])["code"] == 1
    (kept,) = seen.get("security/dataRecycleLog/index", search=search)["data"]["list"]
    assert kept["row"]["pin"] is True and kept["row_shown"]["pin"] == "******"
    assert seen.post("security/dataRecycleLog/restore", {"ids": [kept["id"]]})["code"] == 1
    assert verify_password(stored(table, item)["pin"], "Other-pin-8")  # restored byte for byte
    seen.never_leaked(SECRET, "Other-pin-8")


def test_a_token_field_added_to_a_table_with_rows_gives_each_row_its_own(seen) -> None:
    name = f"business/k{unique('x')[-8:].lower()}"
    doc = design(name)
    doc["fields"] = doc["fields"][:2]
    assert seen.post("crud/crud/generate", {"design": doc})["code"] == 1
    for holder in ("A", "B"):
        assert seen.post(f"{name}/add", {"holder": holder, "pin": SECRET})["code"] == 1
    assert seen.post("crud/crud/generate", {"design": design(name)})["code"] == 1
    cards = [r["card"] for r in seen.get(f"{name}/index")["data"]["list"]]
    assert len(set(cards)) == 2 and all(UUID.fullmatch(c) for c in cards), cards
