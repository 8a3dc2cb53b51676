# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The data engine: a table designed through the CRUD generator's API is usable at once — rows added,
listed, searched, sorted, filtered through its indexes, edited and deleted with each field type's
validation (clear messages in both languages) — permissions follow its rules, and design changes that
lose data need a confirmation."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    ZH,
    AdminUser,
    get,
    make_admin,
    post,
    unique,
)


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("测试工单", "Test orders"),
        "description": words("用于测试", "For tests"),
        "fields": [
            {
                "name": "code",
                "title": words("编号", "Code"),
                "type": "string",
                "required": True,
                "unique": True,
                "max": 20,
                "pattern": "^[A-Z0-9-]+$",
                "search": True,
            },
            {
                "name": "title",
                "title": words("标题", "Title"),
                "type": "string",
                "required": True,
                "search": True,
            },
            {
                "name": "priority",
                "title": words("优先级", "Priority"),
                "type": "select",
                "index": True,
                "options": [
                    {"value": "low", "label": words("低", "Low")},
                    {"value": "high", "label": words("高", "High")},
                ],
            },
            {"name": "due", "title": words("截止时间", "Due"), "type": "datetime", "sort": True},
            {"name": "fee", "title": words("费用", "Fee"), "type": "money"},
            {"name": "done", "title": words("完成", "Done"), "type": "switch"},
            {"name": "day", "title": words("日期", "Day"), "type": "date"},
            {"name": "at", "title": words("时间", "At"), "type": "time"},
            {"name": "color", "title": words("颜色", "Colour"), "type": "color"},
            {"name": "photos", "title": words("照片", "Photos"), "type": "images"},
            {"name": "body", "title": words("内容", "Body"), "type": "richtext", "list": False},
            {
                "name": "labels",
                "title": words("标签", "Labels"),
                "type": "selects",
                "options": [
                    {"value": "a", "label": words("甲", "A")},
                    {"value": "b", "label": words("乙", "B")},
                ],
            },
            {"name": "pairs", "title": words("参数", "Pairs"), "type": "array"},
            {"name": "count", "title": words("数量", "Count"), "type": "integer", "min": 0, "max": 100},
            {"name": "state", "title": words("状态", "State"), "type": "status"},
        ],
    }


@pytest.fixture(scope="module")
def table(api: httpx.Client, super_admin: AdminUser) -> str:
    name = f"business/t{unique('x')[-8:].lower()}"
    saved = post(api, "crud/crud/generate", super_admin, {"design": design(name)})
    assert saved["code"] == 1, saved
    assert saved["data"]["version"] == 1
    return name


def row(code: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "title": f"Row {code}", "priority": "low", "due": 1_800_000_000, **extra}


def test_a_generated_table_is_usable_at_once(api, super_admin, table) -> None:
    added = post(
        api,
        f"{table}/add",
        super_admin,
        row(
            "A-1",
            fee="12.5",
            done=True,
            body='<p onclick="x()">Hi<script>bad()</script></p>',
            labels=["a", "b"],
            pairs=[{"key": "k", "value": "v"}],
        ),
    )
    assert added["code"] == 1 and added["msg"] == "Added successfully"
    listed = get(api, f"{table}/index", super_admin)
    assert listed["code"] == 1
    first = listed["data"]["list"][0]
    assert first["code"] == "A-1" and first["fee"] == "12.50" and first["done"] is True
    assert first["body"] == "<p>Hi</p>"  # sanitised on the server
    assert first["labels"] == ["a", "b"] and first["pairs"] == [{"key": "k", "value": "v"}]
    assert listed["data"]["total"] == 1 and listed["data"]["sortable"] == ["id", "create_time", "due"]
    one = get(api, f"{table}/edit", super_admin, id=first["id"])
    assert one["data"]["row"]["title"] == "Row A-1"
    edited = post(api, f"{table}/edit", super_admin, {**one["data"]["row"], "title": "Changed", "fee": "3"})
    assert edited["code"] == 1
    assert get(api, f"{table}/edit", super_admin, id=first["id"])["data"]["row"]["fee"] == "3.00"


PICTURE = '<img src="/storage/default/20261129/photo.png" alt="江边步道" class="img-medium">'
TABLE = (
    '<table><tbody><tr><th colspan="2" rowspan="1"><p>路段</p></th></tr>'
    '<tr><td colspan="1" rowspan="1"><p>东</p></td><td colspan="1" rowspan="1"><p>西</p></td></tr>'
    "</tbody></table>"
)


@pytest.mark.parametrize("lang", [ZH, EN], ids=["zh", "en"])
def test_rich_text_keeps_uploaded_pictures_and_tables_and_nothing_else(api, super_admin, table, lang) -> None:
    """A picture of an upload with its alt text and size, and a table, are kept as the editor wrote
    them; a picture's event handler, a javascript:, data: or foreign address, sizes by attribute or
    style, and table attributes other than colspan/rowspan are removed."""
    code = f"RT-{lang['Accept-Language'][:2].upper()}"
    bad = (
        '<img src="/storage/default/x.png" alt="x" onerror="alert(1)" width="900" style="width:9px" '
        'class="img-full evil">'
        '<img src="javascript:alert(1)" alt="js"><img src="https://evil.example/x.png" alt="far">'
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">'
        '<img src="/storage/../var/x.png" alt="up">'
        '<table border="1" style="width:2000px"><colgroup><col></colgroup><tbody><tr>'
        '<td colspan="2" onclick="x()" style="color:red" headers="h">c</td></tr></tbody></table>'
    )
    added = post(api, f"{table}/add", super_admin, row(code, body=PICTURE + TABLE + bad), lang)
    assert added["code"] == 1 and added["msg"] == ("添加成功" if lang is ZH else "Added successfully"), added
    saved = next(r for r in get(api, f"{table}/index", super_admin, quick_search=code)["data"]["list"])
    body = saved["body"]
    assert body.startswith(PICTURE + TABLE), body
    rest = body[len(PICTURE + TABLE) :]
    assert rest == (
        '<img src="/storage/default/x.png" alt="x" class="img-full">'
        '<img alt="js"><img alt="far"><img alt="inline"><img alt="up">'
        '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>'
    ), rest


def test_search_sort_and_index_filters(api, super_admin, table) -> None:
    for n, (priority, due) in enumerate(
        (("high", 1_700_000_300), ("low", 1_700_000_100), ("high", 1_700_000_200))
    ):
        assert post(api, f"{table}/add", super_admin, row(f"S-{n}", priority=priority, due=due))["code"] == 1
    by_due = get(api, f"{table}/index", super_admin, order="due,asc", limit=3)["data"]["list"]
    assert [r["code"] for r in by_due] == ["S-1", "S-2", "S-0"]
    high = get(
        api, f"{table}/index", super_admin, search='[{"field":"priority","operator":"eq","val":"high"}]'
    )
    assert sorted(r["code"] for r in high["data"]["list"]) == ["S-0", "S-2"]
    quick = get(api, f"{table}/index", super_admin, quick_search="s-2")["data"]["list"]
    assert [r["code"] for r in quick] == ["S-2"]
    refused = get(api, f"{table}/index", super_admin, order="title,asc")
    assert refused["code"] == 0 and refused["msg"] == "Sorting by this column is not supported"


def test_the_default_order_of_a_design_sorts_the_list(api, super_admin) -> None:
    name = f"business/o{unique('x')[-8:].lower()}"
    wrong = {**design(name), "order": {"field": "title", "direction": "asc"}}
    refused = post(api, "crud/crud/generate", super_admin, {"design": wrong}, ZH)
    assert refused["code"] == 0 and "默认排序只能按 ID、创建时间或索引排序字段" in refused["msg"]
    ordered = {**design(name), "order": {"field": "due", "direction": "asc"}, "form_columns": 2}
    assert post(api, "crud/crud/generate", super_admin, {"design": ordered})["code"] == 1
    for code, due in (("L", 1_700_000_300), ("E", 1_700_000_100), ("M", 1_700_000_200)):
        assert post(api, f"{name}/add", super_admin, row(code, due=due))["code"] == 1
    listed = get(api, f"{name}/index", super_admin)["data"]["list"]
    assert [r["code"] for r in listed] == ["E", "M", "L"]  # earliest due first, without an order asked
    newest = get(api, f"{name}/index", super_admin, order="id,desc")["data"]["list"]
    assert [r["code"] for r in newest] == ["M", "E", "L"]  # a column the admin chose still wins
    saved = get(api, f"{name}/design", super_admin)["data"]["design"]
    assert saved["order"] == {"field": "due", "direction": "asc"} and saved["form_columns"] == 2


def tree_design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": words("测试区域", "Test areas"),
        "tree": True,
        "fields": [
            {"name": "name", "title": words("名称", "Name"), "type": "string", "required": True, "search": 1},
            {"name": "pid", "title": words("上级", "Parent"), "type": "integer", "min": 0},
            {"name": "weigh", "title": words("排序", "Order"), "type": "weigh"},
        ],
    }


def test_a_tree_table_lists_rows_under_their_parents_and_keeps_the_tree_sound(api, super_admin) -> None:
    name = f"business/r{unique('x')[-8:].lower()}"
    no_parent = {**tree_design(name), "fields": tree_design(name)["fields"][::2]}
    refused = post(api, "crud/crud/generate", super_admin, {"design": no_parent}, ZH)
    assert refused["code"] == 0 and "树形表需要一个名为 pid 的整数字段" in refused["msg"]
    assert post(api, "crud/crud/generate", super_admin, {"design": tree_design(name)})["code"] == 1

    def add(label: str, pid: int) -> dict[str, Any]:
        return post(api, f"{name}/add", super_admin, {"name": label, "pid": pid})

    assert add("City", 0)["code"] == 1
    [city] = get(api, f"{name}/index", super_admin)["data"]["list"]
    assert add("District", city["id"])["code"] == 1
    tree = get(api, f"{name}/index", super_admin)["data"]["list"]
    assert [(r["name"], [c["name"] for c in r.get("children", [])]) for r in tree] == [("City", ["District"])]
    district = tree[0]["children"][0]
    # A parent that is not there, or a loop, is refused; so is deleting a row that has children.
    assert add("Lost", 999_999)["msg"] == "The parent row does not exist"
    loop = post(api, f"{name}/edit", super_admin, {**city, "pid": district["id"]})
    assert loop["msg"] == "A row cannot be placed under itself or one of its own children"

    def delete(*ids: int) -> dict[str, Any]:
        url = f"/srv/admin/{name}/del"
        return api.delete(url, params={"ids[]": list(ids)}, headers={**super_admin.headers, **EN}).json()

    kept = delete(city["id"])
    assert kept["code"] == 0 and kept["msg"] == "Delete or move its child rows first"
    assert delete(district["id"], city["id"])["code"] == 1
    # A search answers a flat list (the matches, not their ancestors).
    assert add("Town", 0)["code"] == 1
    found = get(api, f"{name}/index", super_admin, quick_search="town")["data"]["list"]
    assert [r["name"] for r in found] == ["Town"]


@pytest.mark.parametrize(
    ("values", "message_en", "message_zh"),
    [
        ({"code": ""}, "Parameter Code: Required", "参数 编号：必填项"),
        ({"code": "bad code"}, "Parameter Code: The value does not have the required format", None),
        ({"priority": "urgent"}, "Parameter Priority: The value is not one of the allowed options", None),
        ({"fee": "abc"}, "Parameter Fee: Floating point number", None),
        (
            {"day": "2026-13-01"},
            "Parameter Day: Please enter a date like 2026-01-31",
            "参数 日期：请输入日期，例如 2026-01-31",
        ),
        ({"at": "25:00"}, "Parameter At: Please enter a time like 09:30", None),
        ({"color": "red"}, "Parameter Colour: Please enter a colour like #1a7f37", None),
        ({"photos": ["javascript:alert(1)"]}, None, None),
        ({"count": 101}, "Parameter Count: The value is out of range", None),
        ({"labels": ["z"]}, "Parameter Labels: The value is not one of the allowed options", None),
        ({"state": "maybe"}, "Parameter State: The value is not one of the allowed options", None),
        ({"done": "perhaps"}, "Parameter Done: Must be true or false", None),
    ],
)
def test_each_field_type_refuses_bad_input_with_a_clear_message(
    api, super_admin, table, values, message_en, message_zh
) -> None:
    body = {**row(unique("V")[-10:].upper()), **values}
    answer = api.post(f"/srv/admin/{table}/add", json=body, headers={**super_admin.headers, **EN})
    data = answer.json()
    assert answer.status_code == 400 and data["code"] == 0, data
    if message_en:
        assert data["msg"] == message_en
    if message_zh:
        zh = post(api, f"{table}/add", super_admin, body, lang=ZH)
        assert zh["msg"].replace(":", "：").replace(" ", "") == message_zh.replace(" ", "")


def test_a_unique_field_refuses_a_taken_value(api, super_admin, table) -> None:
    assert post(api, f"{table}/add", super_admin, row("U-1"))["code"] == 1
    again = post(api, f"{table}/add", super_admin, row("U-1"))
    assert again["code"] == 0 and again["msg"] == "Code already exists"
    assert post(api, f"{table}/add", super_admin, row("U-1"), lang=ZH)["msg"] == "编号已存在"


def test_permissions_follow_the_designed_rules(api, super_admin, table) -> None:
    lacking = make_admin(api, ["dashboard"])
    refused = get(api, f"{table}/index", lacking)
    assert refused["code"] == 401
    viewer = make_admin(api, [table, f"{table}/index"])
    assert get(api, f"{table}/index", viewer)["code"] == 1
    assert post(api, f"{table}/add", viewer, row("P-1"))["code"] == 401
    missing = api.get("/srv/admin/business/nosuchtable/index", headers={**super_admin.headers, **EN})
    assert missing.status_code == 404


def test_a_change_that_loses_data_needs_a_confirmation_and_deleting_removes_rows_and_rules(
    api, super_admin
) -> None:
    name = f"business/c{unique('y')[-8:].lower()}"
    doc = design(name)
    assert post(api, "crud/crud/generate", super_admin, {"design": doc})["code"] == 1
    assert post(api, f"{name}/add", super_admin, row("C-1"))["code"] == 1
    doc["fields"] = [f for f in doc["fields"] if f["name"] != "color"]
    asked = post(api, "crud/crud/generate", super_admin, {"design": doc})
    assert asked["code"] == 0 and asked["data"]["changes"] == ["removed:color"]
    assert asked["msg"] == "Existing rows lose the values of removed or retyped fields: save again to confirm"
    confirmed = post(api, "crud/crud/generate", super_admin, {"design": doc, "confirm": True})
    assert confirmed["code"] == 1 and confirmed["data"]["version"] == 2
    assert "color" not in get(api, f"{name}/index", super_admin)["data"]["list"][0]
    listed = get(api, "crud/crud/index", super_admin)["data"]["list"]
    mine = next(d for d in listed if d["name"] == name)
    assert mine["rows"] == 1 and mine["version"] == 2
    log = get(api, "crud/log/index", super_admin, quick_search=name)["data"]["list"]
    assert [entry["version"] for entry in log] == [2, 1]
    gone = api.delete(
        "/srv/admin/crud/crud/del",
        params={"ids[]": [mine["id"]], "confirm": name},
        headers={**super_admin.headers, **EN},
    ).json()
    assert gone["code"] == 1
    assert api.get(f"/srv/admin/{name}/index", headers={**super_admin.headers, **EN}).status_code == 404
    from functions.models.rule import AdminRule
    from functions.services.rules import find_by_name

    assert find_by_name(AdminRule, name) is None and find_by_name(AdminRule, f"{name}/add") is None


def test_a_bad_design_is_refused_with_a_message(api, super_admin) -> None:
    doc = design("business/bad")
    doc["fields"].append({"name": "id", "title": words("编号", "Id"), "type": "string"})
    answer = api.post(
        "/srv/admin/crud/crud/generate", json={"design": doc}, headers={**super_admin.headers, **EN}
    ).json()
    assert answer["code"] == 0 and "This field name is reserved" in answer["msg"]


def test_export_as_code_downloads_a_zip_of_the_tables_source(api, super_admin, table) -> None:
    import io
    import zipfile

    answer = api.get(
        "/srv/admin/crud/crud/export", params={"name": table}, headers={**super_admin.headers, **EN}
    )
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    assert answer.headers["content-disposition"].endswith(f'{table.replace("/", "-")}.zip"')
    names = zipfile.ZipFile(io.BytesIO(answer.content)).namelist()
    leaf = table.split("/")[1]
    assert f"webapp/src/features/admin/{table}/schema.ts" in names and f"functions/models/{leaf}.py" in names


def test_a_required_field_left_out_is_refused_and_bounds_apply_to_money(api, super_admin) -> None:
    name = f"business/r{unique('z')[-8:].lower()}"
    fields = [
        {"name": "title", "title": words("标题", "Title"), "type": "string", "required": True},
        {"name": "price", "title": words("价格", "Price"), "type": "money", "min": 0, "max": 100},
        {"name": "pic", "title": words("图片", "Picture"), "type": "image"},
    ]
    assert (
        post(api, "crud/crud/generate", super_admin, {"design": {**design(name), "fields": fields}})["code"]
        == 1
    )
    assert post(api, f"{name}/add", super_admin, {"price": "1"})["msg"] == "Parameter Title: Required"
    assert post(api, f"{name}/add", super_admin, {"title": "t", "price": "-5"})["msg"] == (
        "Parameter Price: The value is out of range"
    )
    ok_row = post(api, f"{name}/add", super_admin, {"title": "t", "price": "99.99", "pic": "/images/a.webp"})
    assert ok_row["code"] == 1, ok_row
    for bad in ("//evil.example/x.png", "/images/../secret", "javascript:alert(1)"):
        assert post(api, f"{name}/add", super_admin, {"title": "t", "pic": bad})["code"] == 0


def test_table_pk_and_field_list_answer_for_designed_and_built_in_tables(api, super_admin, table) -> None:
    assert get(api, "ajax/getTablePk", super_admin, table=table)["data"] == {"pk": "id"}
    clean = get(api, "ajax/getTableFieldList", super_admin, table=table, clean=1)["data"]
    assert clean["fieldList"]["fee"] == "Fee" and "create_time" not in clean["fieldList"]
    full = get(api, "ajax/getTableFieldList", super_admin, table=table, clean=0)["data"]["fieldList"]
    assert list(full)[0] == "id" and "update_time" in full
    admin = get(api, "ajax/getTableFieldList", super_admin, table="admin")["data"]
    assert admin["pk"] == "id" and "username" in admin["fieldList"]
    assert get(api, "ajax/getTablePk", super_admin, table="nope")["msg"] == "The table does not exist"


def test_a_time_series_table_keeps_each_month_in_its_own_partition(api, super_admin) -> None:
    from functions.models.design import Record

    name = f"business/p{unique('t')[-8:].lower()}"
    fields = [{"name": "who", "title": words("员工", "Employee"), "type": "string", "search": True}]
    doc = {**design(name), "fields": fields, "time_series": True}
    assert post(api, "crud/crud/generate", super_admin, {"design": doc})["code"] == 1
    ids = [post(api, f"{name}/add", super_admin, {"who": who})["data"]["id"] for who in ("a", "b")]
    month = time.strftime("%Y%m", time.gmtime())
    assert all(str(i).startswith(month) for i in ids)  # the month is in the id
    partition = f"{name}#{month[:4]}-{month[4:]}"
    assert sorted(int(r.id) for r in Record.query(partition)) == sorted(ids)
    listed = get(api, f"{name}/index", super_admin)["data"]
    assert [r["who"] for r in listed["list"]] == ["b", "a"] and listed["total"] == 2
    edited = post(api, f"{name}/edit", super_admin, {"id": ids[0], "who": "c"})
    assert edited["code"] == 1
    assert get(api, f"{name}/edit", super_admin, id=ids[0])["data"]["row"]["who"] == "c"
    gone = api.delete(
        f"/srv/admin/{name}/del", params={"ids[]": ids}, headers={**super_admin.headers, **EN}
    ).json()
    assert gone["data"]["count"] == 2 and get(api, f"{name}/index", super_admin)["data"]["total"] == 0
