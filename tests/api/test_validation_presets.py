"""Issue 36 item 3: validation presets chosen per text field in the generator, each with an optional
message in both languages; the API runs them as the form does (`functions/services/presets.py`, the
shared cases in tests/unit/test_presets.py)."""

from __future__ import annotations

from typing import Any

from tests.api.admin_support import EN, ZH, get_ok, post, unique


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def contacts(name: str, **phone: Any) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("联系人", "Contacts"),
        "fields": [
            {
                "name": "phone",
                "title": words("手机", "Phone"),
                "type": "string",
                "presets": [{"name": "mobile", "message": words("手机号要 11 位", "A phone has 11 digits")}],
                **phone,
            },
            {
                "name": "idno",
                "title": words("身份证", "ID card"),
                "type": "string",
                "presets": [{"name": "idcard"}],
            },
            {
                "name": "note",
                "title": words("备注", "Note"),
                "type": "textarea",
                "presets": [{"name": "chinese"}],
            },
        ],
    }


def test_presets_refuse_with_the_designers_message_or_their_own_in_both_languages(api, super_admin) -> None:
    table = f"business/v{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": contacts(table)})["code"] == 1
    good = {"phone": "13800138000", "idno": "11010519491231002X", "note": "城市运营"}
    cases = [
        ({"phone": "1380013800"}, "Parameter Phone: A phone has 11 digits", "参数 手机：手机号要 11 位"),
        (
            {"idno": "110105194912310021"},
            "Parameter ID card: Please enter a correct ID card number",
            "参数 身份证：请输入正确的身份证号码",
        ),
        (
            {"note": "city 运营"},
            "Parameter Note: Please enter Chinese characters only",
            "参数 备注：只能输入汉字",
        ),
    ]
    for bad, english, chinese in cases:
        assert post(api, f"{table}/add", super_admin, {**good, **bad}, EN)["msg"] == english
        assert post(api, f"{table}/add", super_admin, {**good, **bad}, ZH)["msg"] == chinese
    assert get_ok(api, f"{table}/index", super_admin)["total"] == 0  # every refusal wrote nothing
    answer = post(api, f"{table}/add", super_admin, good)
    assert answer["code"] == 1, answer
    assert (
        post(api, f"{table}/add", super_admin, {"phone": "", "idno": "", "note": ""})["code"] == 1
    )  # empty passes
    row = get_ok(api, f"{table}/edit", super_admin, id=answer["data"]["id"])["row"]
    assert post(api, f"{table}/edit", super_admin, {**row, "phone": "12345"}, EN)["msg"] == (
        "Parameter Phone: A phone has 11 digits"
    )
    design = get_ok(api, "crud/crud/edit", super_admin, name=table)
    saved = next(f for f in design["design"]["fields"] if f["name"] == "phone")
    assert saved["presets"] == [
        {"name": "mobile", "message": words("手机号要 11 位", "A phone has 11 digits")}
    ]


def test_a_preset_only_fits_a_text_field_and_once(api, super_admin) -> None:
    number = {
        "name": f"business/v{unique('x')[-8:].lower()}",
        "title": words("数字", "Numbers"),
        "fields": [
            {"name": "n", "title": words("数", "N"), "type": "integer", "presets": [{"name": "integer"}]}
        ],
    }
    answer = post(api, "crud/crud/generate", super_admin, {"design": number}, EN)
    assert answer["code"] == 0 and "Validation presets apply to text fields" in answer["msg"], answer
    answer = post(api, "crud/crud/generate", super_admin, {"design": number}, ZH)
    assert "验证规则只适用于文本字段" in answer["msg"], answer
    twice = contacts(f"business/v{unique('x')[-8:].lower()}")
    twice["fields"][1]["presets"] = [{"name": "idcard"}, {"name": "idcard"}]
    answer = post(api, "crud/crud/generate", super_admin, {"design": twice}, EN)
    assert answer["code"] == 0 and "Validation presets must be unique" in answer["msg"], answer
