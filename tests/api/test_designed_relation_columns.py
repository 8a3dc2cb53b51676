# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Extra columns of related rows (issue 36 item 4): a relation field names fields of its related table
that the list shows beside it. The list answer gives their values by row id (`labels["<field>.<column>"]`,
as the related table's list shows them: an option's label, not its value), read with this table's
permission; the design answer gives their titles. A column must be a field of the related table that can
be shown — not a password, not another relation — and a relation is never named by a password."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.admin_support import EN, ZH, get_ok, post, unique  # noqa: F401


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def people(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("人员", "People"),
        "fields": [
            {"name": "name", "title": words("姓名", "Name"), "type": "string", "search": True},
            {"name": "phone", "title": words("电话", "Phone"), "type": "string"},
            {
                "name": "kind",
                "title": words("类别", "Kind"),
                "type": "select",
                "options": [{"value": "staff", "label": words("员工", "Staff")}],
            },
            {"name": "pin", "title": words("密码", "PIN"), "type": "password"},
        ],
    }


def tasks(name: str, related: str, **relation: Any) -> dict[str, Any]:
    link = {"design": related, "label": "name", "columns": ["phone", "kind"], **relation}
    return {
        "name": name,
        "title": words("任务", "Tasks"),
        "fields": [
            {"name": "title", "title": words("标题", "Title"), "type": "string"},
            {"name": "owner", "title": words("负责人", "Owner"), "type": "remoteselect", "relation": link},
            {
                "name": "helpers",
                "title": words("协助人", "Helpers"),
                "type": "remoteselects",
                "relation": {"design": related, "label": "name", "columns": ["phone"]},
            },
        ],
    }


@pytest.fixture(scope="module")
def related(api, super_admin) -> str:
    name = f"business/p{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": people(name)})["code"] == 1
    return name


@pytest.mark.parametrize(
    ("lang", "relation", "message"),
    [
        (ZH, {"columns": ["age"]}, "关联表没有字段"),
        (EN, {"columns": ["age"]}, "The related table has no field"),
        (ZH, {"columns": ["pin"]}, "附加列不能是密码字段或另一个关联字段"),
        (EN, {"columns": ["pin"]}, "An extra column cannot be a password or another relation"),
        (ZH, {"label": "pin", "columns": []}, "关联表的显示字段不能是密码字段"),
        (EN, {"label": "pin", "columns": []}, "A relation cannot be named by a password field"),
        (EN, {"design": "business/nowhere"}, "The related table business/nowhere does not exist"),
    ],
    ids=["zh-unknown", "en-unknown", "zh-password", "en-password", "zh-label", "en-label", "en-no-table"],
)
def test_extra_columns_are_fields_of_the_related_table_that_can_be_shown(
    api, super_admin, related, lang, relation, message
) -> None:
    doc = tasks("business/tbad", related, **relation)
    refused = post(api, "crud/crud/generate", super_admin, {"design": doc}, lang)
    assert refused["code"] == 0 and message in refused["msg"], refused


def test_the_list_gives_the_related_rows_columns_by_id_and_the_design_their_titles(
    api, super_admin, related
) -> None:
    ids = []
    for person, phone in (("Li Lei", "13800000001"), ("Han Mei", "")):
        added = post(api, f"{related}/add", super_admin, {"name": person, "phone": phone, "kind": "staff"})
        assert added["code"] == 1, added
        ids.append(added["data"]["id"])
    name = f"business/t{unique('x')[-8:].lower()}"
    assert post(api, "crud/crud/generate", super_admin, {"design": tasks(name, related)})["code"] == 1
    body = {"title": "Fix the pump", "owner": ids[0], "helpers": ids}
    assert post(api, f"{name}/add", super_admin, body)["code"] == 1
    answer = get_ok(api, f"{name}/index", super_admin)
    first, second = (str(i) for i in ids)
    assert answer["labels"]["owner"] == {first: "Li Lei"}
    assert answer["labels"]["owner.phone"] == {first: "13800000001"}
    assert answer["labels"]["owner.kind"] == {first: "Staff"}  # the option's label, not its value
    assert answer["labels"]["helpers.phone"] == {first: "13800000001", second: ""}
    titles = get_ok(api, f"{name}/design", super_admin)["columns"]
    assert titles == {
        "owner.phone": {"zh": "电话", "en": "Phone"},
        "owner.kind": {"zh": "类别", "en": "Kind"},
        "helpers.phone": {"zh": "电话", "en": "Phone"},
    }
