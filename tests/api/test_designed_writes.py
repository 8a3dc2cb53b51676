# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Issue 32: no write of a designed table changes a value it was not asked to change, and every change
the public site shows schedules a publish.

- A move (drag sort, ↑/↓) writes weighs only: money and every other value stay to the cent, also past
  the money field's bound; the list is ordered by weigh (highest first) by default, so the moved row
  is where it was put, also when the weighs tied.
- Paths that save a stored row again (inline switch and batch edit: the edit form's values plus one
  change; a rollback; a confirmed design change that retypes a field) keep every other value.
- A URL name (项目案例's 网址名 and the certificates') is unique: a clear message in both languages; a
  field made unique on a table whose rows share a value is refused in the generator, and the seed's
  upgrade keeps the rows (the oldest keeps the value, the others must change theirs to be saved).
- Restore, move, delete and design changes of a published table schedule a publish (one hook)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from functions.core.settings import get_settings
from functions.services import attachment_usage
from functions.services import publish_jobs as publish_service
from tests.api.admin_support import EN, ZH, AdminUser, get, get_ok, ok, post, unique  # noqa: F401

DESIGNS = Path(__file__).resolve().parents[2] / "functions" / "data" / "designs"


def words(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def goods_design(name: str, publish: str = "") -> dict[str, Any]:
    """Like 服务产品 (business/good): a money price with a bound, a weigh sorted through the index."""
    return {
        "name": name,
        "title": words("服务产品测试", "Products test"),
        "publish": publish,
        "fields": [
            {"name": "name", "title": words("名称", "Name"), "type": "string", "required": True},
            {
                "name": "price",
                "title": words("参考价格", "Price"),
                "type": "money",
                "min": 0,
                "max": 1_000_000,
            },
            {"name": "body", "title": words("介绍", "Body"), "type": "richtext", "list": False},
            {"name": "tags", "title": words("标签", "Tags"), "type": "city"},
            {"name": "pairs", "title": words("参数", "Pairs"), "type": "array"},
            {"name": "rate", "title": words("比率", "Rate"), "type": "float"},
            {"name": "weigh", "title": words("权重", "Weight"), "type": "weigh", "sort": True},
            {"name": "status", "title": words("状态", "Status"), "type": "status", "index": True},
        ],
    }


def new_table(api: httpx.Client, who: AdminUser, doc: dict[str, Any]) -> str:
    assert post(api, "crud/crud/generate", who, {"design": doc})["code"] == 1
    return str(doc["name"])


def add(api: httpx.Client, who: AdminUser, table: str, **values: Any) -> int:
    answer = post(api, f"{table}/add", who, values)
    assert answer["code"] == 1, answer
    return int(answer["data"]["id"])


def read(api: httpx.Client, who: AdminUser, table: str, item_id: int) -> dict[str, Any]:
    return dict(get_ok(api, f"{table}/edit", who, id=item_id)["row"])


def names(api: httpx.Client, who: AdminUser, table: str) -> list[str]:
    return [r["name"] for r in get_ok(api, f"{table}/index", who)["list"]]


def move(api: httpx.Client, who: AdminUser, table: str, item_id: int, target: int) -> dict[str, Any]:
    return post(api, f"{table}/sortable", who, {"id": item_id, "targetId": target})


def without(row: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in keys}


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The publishes scheduled (reason, source), with automatic publishing on and no build."""
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(get_settings(), "publish_auto", True)
    monkeypatch.setattr(
        publish_service,
        "schedule_publish",
        lambda reason, *, by=None, source="save", subject="": calls.append((reason, source)),
    )
    return calls


def test_a_move_writes_weighs_only_and_keeps_money_to_the_cent(api, super_admin) -> None:
    table = new_table(api, super_admin, goods_design(f"business/g{unique('x')[-8:].lower()}"))
    common = {
        "body": "<p>Hi <strong>there</strong></p>",
        "tags": ["32", "3201"],
        "pairs": [{"key": "unit", "value": "m²"}],
        "rate": 0.1,
    }
    ids = [
        add(api, super_admin, table, name=n, price=p, weigh=w, **common)
        for n, p, w in (("A", "186000.00", 30), ("B", "999999.99", 20), ("C", "0.01", 10))
    ]
    before = {i: read(api, super_admin, table, i) for i in ids}
    for _ in range(3):  # ↓ on A three times (A ↔ B, then back and forth): never ×100, never refused
        assert move(api, super_admin, table, ids[0], ids[1])["msg"] == "Sorted successfully"
        assert [read(api, super_admin, table, i)["price"] for i in ids] == ["186000.00", "999999.99", "0.01"]
        assert move(api, super_admin, table, ids[1], ids[0])["msg"] == "Sorted successfully"
    assert move(api, super_admin, table, ids[0], ids[1])["code"] == 1
    after = {i: read(api, super_admin, table, i) for i in ids}
    for i in ids:  # only the weigh changed: money, rich text, lists and update_time as they were
        assert without(after[i], "weigh") == without(before[i], "weigh")
    weighs = [after[i]["weigh"] for i in (ids[1], ids[0], ids[2])]
    assert weighs == sorted(weighs, reverse=True)  # the moved row's weigh lies between its neighbours'
    assert names(api, super_admin, table) == ["B", "A", "C"]  # by weigh, highest first
    # A drag over two rows puts the row where it was dropped.
    assert move(api, super_admin, table, ids[2], ids[1])["code"] == 1
    assert names(api, super_admin, table) == ["C", "B", "A"]
    assert [read(api, super_admin, table, i)["price"] for i in ids] == ["186000.00", "999999.99", "0.01"]


def test_a_move_among_tied_weighs_moves_the_row_and_a_new_row_comes_first(api, super_admin) -> None:
    table = new_table(api, super_admin, goods_design(f"business/g{unique('x')[-8:].lower()}"))
    for n in ("A", "B", "C", "D"):
        add(api, super_admin, table, name=n, price="5.00")  # each new row first: weighs 0, 10, 20, 30
    assert names(api, super_admin, table) == ["D", "C", "B", "A"]
    listed = {r["name"]: r for r in get_ok(api, f"{table}/index", super_admin)["list"]}
    # Tied weighs (e.g. rows saved with 0 before the weigh order, placed newest first): the move shows.
    from functions.models.design import Record
    from functions.services.row_order import sort_key

    for r in listed.values():
        item = Record.get(table, r["id"])
        values = item.values() | {"weigh": 0}
        item.update(actions=[Record.data.set(json.dumps(values)), Record.n1.set(sort_key(0, r["id"]))])
    down = move(api, super_admin, table, listed["D"]["id"], listed["C"]["id"])
    assert down["code"] == 1
    assert names(api, super_admin, table) == ["C", "D", "B", "A"]
    assert {r["price"] for r in get_ok(api, f"{table}/index", super_admin)["list"]} == {"5.00"}
    ordered = get_ok(api, f"{table}/design", super_admin)["design"]["order"]
    assert ordered == {"field": "weigh", "direction": "desc"}


def test_switch_batch_edit_and_rollback_keep_every_other_value(api, super_admin) -> None:
    table = new_table(api, super_admin, goods_design(f"business/g{unique('x')[-8:].lower()}"))
    item = add(api, super_admin, table, name="A", price="186000.00", body="<p>x</p>", tags=["32"], rate=1.5)
    row = read(api, super_admin, table, item)
    # The inline switch and batch edit: the edit form's values plus one change (webapp saveWith).
    for patch in ({"status": "disable"}, {"name": "A2"}, {"status": "enable"}):
        assert (
            post(api, f"{table}/edit", super_admin, {**read(api, super_admin, table, item), **patch})["code"]
            == 1
        )
    now = read(api, super_admin, table, item)
    assert without(now, "name", "update_time") == without(row, "name", "update_time") and now["name"] == "A2"
    # A rollback of the watched price gives the logged value back, to the cent.
    rule = {"table": table, "title": "price", "fields": ["price"], "status": "enable"}
    assert post(api, "security/sensitiveData/add", super_admin, rule)["code"] == 1
    edited = {**now, "price": "1.05"}
    assert post(api, f"{table}/edit", super_admin, edited)["code"] == 1
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    (change,) = get_ok(api, "security/sensitiveDataLog/index", super_admin, search=search)["list"]
    assert post(api, "security/sensitiveDataLog/rollback", super_admin, {"ids": [change["id"]]})["code"] == 1
    back = read(api, super_admin, table, item)
    assert without(back, "update_time") == without(now, "update_time")


def test_a_confirmed_retype_converts_values_as_an_editor_would_retype_them(api, super_admin) -> None:
    doc = goods_design(f"business/g{unique('x')[-8:].lower()}")
    doc["fields"].append({"name": "qty", "title": words("数量", "Quantity"), "type": "integer"})
    table = new_table(api, super_admin, doc)
    item = add(api, super_admin, table, name="A", price="186000.50", qty=5, rate=2.5)
    for field in doc["fields"]:
        field["type"] = {"price": "float", "qty": "money", "rate": "integer"}.get(
            field["name"], field["type"]
        )
    confirmed = post(api, "crud/crud/generate", super_admin, {"design": doc, "confirm": True})
    assert confirmed["code"] == 1, confirmed
    row = read(api, super_admin, table, item)
    # 186000.50 yuan is the float 186000.5 (not 18600050 cents), 5 is 5.00 yuan (not 0.05), and a
    # rate of 2.5 is no integer: the new type's default.
    assert (row["price"], row["qty"], row["rate"]) == (186000.5, "5.00", 0)
    assert row["name"] == "A" and row["status"] == "enable"


def test_a_row_restored_after_a_retype_is_converted_like_the_rows_that_stayed(api, super_admin) -> None:
    """Found by the invariant campaign (designed tables, step 502): a row in the recycle bin while its
    table's field changed type came back holding the old type's value (a float in a text field, which
    its edit form then refused). Restored, it reads as the live rows that the change converted."""
    from tests.api.admin_support import delete

    doc = goods_design(f"business/g{unique('x')[-8:].lower()}")
    doc["fields"].append({"name": "qty", "title": words("数量", "Quantity"), "type": "integer"})
    table = new_table(api, super_admin, doc)
    kept = add(api, super_admin, table, name="Kept", price="186000.50", qty=5, rate=2.5)
    stayed = add(api, super_admin, table, name="Stayed", price="186000.50", qty=5, rate=2.5)
    assert delete(api, f"{table}/del", super_admin, [kept])["code"] == 1
    for field in doc["fields"]:
        field["type"] = {"price": "float", "qty": "money", "rate": "string"}.get(field["name"], field["type"])
    doc["fields"] = [f for f in doc["fields"] if f["name"] != "pairs"]
    assert post(api, "crud/crud/generate", super_admin, {"design": doc, "confirm": True})["code"] == 1
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    (log,) = get_ok(api, "security/dataRecycleLog/index", super_admin, search=search)["list"]
    assert post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [log["id"]]})["code"] == 1
    restored, live = read(api, super_admin, table, kept), read(api, super_admin, table, stayed)
    assert (restored["price"], restored["qty"], restored["rate"]) == (186000.5, "5.00", "")
    own = ("id", "name", "weigh", "create_time", "update_time")
    assert without(restored, *own) == without(live, *own)
    assert "pairs" not in restored
    # The restored row saves again through its edit form as it is (its values fit their fields).
    assert post(api, f"{table}/edit", super_admin, {**restored, "name": "Kept again"})["code"] == 1


PROJECT = {"category": "sanitation", "start_date": "2026-01-01"}


def project_design(name: str) -> dict[str, Any]:
    doc = json.loads((DESIGNS / "project.json").read_text(encoding="utf-8"))
    return {**doc, "name": name, "publish": ""}


def test_a_url_name_is_unique_with_a_clear_message(api, super_admin) -> None:
    for file in ("project", "award", "qualification"):
        slug = next(
            f
            for f in json.loads((DESIGNS / f"{file}.json").read_text(encoding="utf-8"))["fields"]
            if f["name"] == "slug"
        )
        assert slug["unique"] is True, file
    table = new_table(api, super_admin, project_design(f"business/p{unique('x')[-8:].lower()}"))
    first = add(api, super_admin, table, name="河滨公园", slug="riverside-park", **PROJECT)
    second = add(api, super_admin, table, name="东湖", slug="east-lake", **PROJECT)
    taken = {**read(api, super_admin, table, second), "slug": "riverside-park"}
    assert post(api, f"{table}/edit", super_admin, taken, EN)["msg"] == "URL name already exists"
    assert post(api, f"{table}/edit", super_admin, taken, ZH)["msg"] == "网址名已存在"
    assert (
        post(api, f"{table}/add", super_admin, {"name": "x", "slug": "riverside-park", **PROJECT}, EN)["code"]
        == 0
    )
    assert read(api, super_admin, table, second)["slug"] == "east-lake"
    assert read(api, super_admin, table, first)["slug"] == "riverside-park"
    add(
        api, super_admin, table, name="无网址名一", slug="", **PROJECT
    )  # empty: the row's number is its address
    add(api, super_admin, table, name="无网址名二", slug="", **PROJECT)


def test_making_a_field_unique_over_shared_values(api, super_admin) -> None:
    from functions.services import designs

    name = f"business/p{unique('x')[-8:].lower()}"
    doc = project_design(name)
    for field in doc["fields"]:
        field.pop("unique", None)
    table = new_table(api, super_admin, doc)
    older = add(api, super_admin, table, name="甲", slug="same", **PROJECT)
    newer = add(api, super_admin, table, name="乙", slug="same", **PROJECT)
    add(api, super_admin, table, name="丙", slug="other", **PROJECT)
    made = {**doc, "fields": [{**f, "unique": f["name"] == "slug"} for f in doc["fields"]]}
    refused = post(api, "crud/crud/generate", super_admin, {"design": made, "confirm": True}, EN)
    assert (
        refused["msg"] == f'Cannot make URL name unique: rows #{older}, #{newer} hold the same value "same"'
    )
    refused = post(api, "crud/crud/generate", super_admin, {"design": made, "confirm": True}, ZH)
    assert refused["msg"] == f"无法将网址名设为唯一：记录 #{older}, #{newer} 的值相同（“same”）"
    # The seed's upgrade of a design file: applied, the rows kept; the oldest keeps the value.
    designs.save_design(designs.DesignDoc.model_validate(made), confirm=True, keep_duplicates=True)
    assert read(api, super_admin, table, newer)["slug"] == "same"
    kept = read(api, super_admin, table, newer)
    assert post(api, f"{table}/edit", super_admin, kept, EN)["msg"] == "URL name already exists"
    assert post(api, f"{table}/edit", super_admin, {**kept, "slug": "same-2"})["code"] == 1
    assert post(api, f"{table}/edit", super_admin, read(api, super_admin, table, older))["code"] == 1
    assert post(api, f"{table}/add", super_admin, {"name": "丁", "slug": "other", **PROJECT}, EN)["msg"] == (
        "URL name already exists"
    )


def test_every_change_of_a_published_table_schedules_a_publish(api, super_admin, published) -> None:
    from tests.api.admin_support import delete

    table = new_table(api, super_admin, goods_design(f"business/g{unique('x')[-8:].lower()}", "good"))
    private = new_table(api, super_admin, goods_design(f"business/h{unique('x')[-8:].lower()}"))
    first = add(api, super_admin, table, name="A", price="1.00")
    second = add(api, super_admin, table, name="B", price="2.00")
    add(api, super_admin, private, name="A", price="1.00")
    assert len(published) == 3  # the design saved, two rows added; nothing for the private table
    published.clear()
    assert move(api, super_admin, table, first, second)["code"] == 1
    assert published and published[-1][1] == "record"
    published.clear()
    assert delete(api, f"{table}/del", super_admin, [first])["code"] == 1
    assert [source for _, source in published] == ["delete"]


def test_a_restore_of_a_published_row_schedules_a_publish(api, super_admin, published) -> None:
    from tests.api.admin_support import delete

    table = new_table(api, super_admin, goods_design(f"business/g{unique('x')[-8:].lower()}", "good"))
    first = add(api, super_admin, table, name="A", price="1.00")
    assert delete(api, f"{table}/del", super_admin, [first])["code"] == 1
    published.clear()
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    (kept,) = get_ok(api, "security/dataRecycleLog/index", super_admin, search=search)["list"]
    assert post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})["code"] == 1
    assert published == [(f"{table} #{first} restored", "restore")]
    assert read(api, super_admin, table, first)["price"] == "1.00"


def test_the_public_pages_list_the_rows_in_the_order_of_the_back_office(
    api, super_admin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from functions.core.settings import REPO_ROOT
    from functions.publish import export, site_records
    from functions.publish.site_data.checks import load_records

    doc = {
        "name": f"business/s{unique('x')[-8:].lower()}",
        "title": words("业务板块测试", "Services test"),
        "publish": "service",
        "fields": [
            {"name": "title", "title": words("名称", "Title"), "type": "string", "required": True},
            {"name": "icon", "title": words("图标", "Icon"), "type": "icon"},
            {"name": "weigh", "title": words("权重", "Weight"), "type": "weigh", "sort": True},
            {"name": "status", "title": words("状态", "Status"), "type": "status", "index": True},
        ],
    }
    table = new_table(api, super_admin, doc)
    ids = {title: add(api, super_admin, table, title=title) for title in ("甲", "乙", "丙", "丁")}
    assert move(api, super_admin, table, ids["丁"], ids["乙"])["code"] == 1  # dragged two rows down
    shown = [r["title"] for r in get_ok(api, f"{table}/index", super_admin)["list"]]
    assert shown == ["丙", "乙", "丁", "甲"]
    monkeypatch.setitem(export.EXPORTS, "services", site_records.Export(table, site_records.service_record))
    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    export.export_site_data(content / "data")
    assert [s["title"]["zh-cn"] for s in load_records(content)["services"]] == shown


def test_the_seed_upgrades_the_design_files_over_rows_that_share_a_url_name(dynamodb, tmp_path: Path) -> None:
    """An installation seeded with the design files as they were (URL names not unique, lists newest
    first), with two projects sharing a URL name: the upgrade applies every file, keeps every row as it
    was, and the newer of the two must take another URL name at its next save."""
    from functions.services import designs, records
    from tests.conftest import isolated

    before = tmp_path / "designs"
    before.mkdir()
    for path in DESIGNS.glob("*.json"):  # each file one version older: no unique URL name, newest first
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["order"] = {"field": "id", "direction": "desc"}  # as stored before: newest first
        doc["version"] = max(1, doc["version"] - 1)
        doc["fields"] = [
            {k: v for k, v in f.items() if f["name"] != "slug" or k != "unique"} for f in doc["fields"]
        ]
        (before / path.name).write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with isolated(dynamodb):
        designs.load_design_files(before)
        designs.load_demo_rows()
        project = designs.load_doc(designs.get_design("business/project"))  # type: ignore[arg-type]
        assert project.order.field == "id"
        model = records.fields.request_model(project.name, 0, [f.model_dump() for f in project.fields])
        values = {"name": "重名项目", "category": "sanitation", "start_date": "2026-01-01"}
        older = records.create_row(project, model.model_validate(values | {"slug": "shared-name"}))
        newer = records.create_row(project, model.model_validate(values | {"slug": "shared-name"}))
        kept = {int(r.id): r.data for r in records.rows_of(project, 100)}
        upgraded = designs.load_design_files()
        assert {"business/project", "business/good", "business/award"} <= set(upgraded)
        project = designs.load_doc(designs.get_design("business/project"))  # type: ignore[arg-type]
        assert project.order.field == "weigh" and next(f for f in project.fields if f.name == "slug").unique
        assert {int(r.id): r.data for r in records.rows_of(project, 100)} == kept  # no row changed
        fresh = model.model_validate(values | {"slug": "shared-name"})
        with pytest.raises(records.ApiError) as refused:
            records.update_row(project, records.Record.get(project.name, int(newer.id)), fresh)
        assert refused.value.msg == "{field} already exists"
        records.update_row(
            project, records.Record.get(project.name, int(older.id)), fresh
        )  # the oldest keeps it


def test_a_carousel_slide_needs_its_picture(api, super_admin) -> None:
    """The home page shows a slide only with its picture: a slide without one is refused on save (it
    was accepted, then left out of the site without a word)."""
    doc = json.loads((DESIGNS / "lunbo.json").read_text(encoding="utf-8"))
    table = new_table(
        api, super_admin, {**doc, "name": f"business/l{unique('x')[-8:].lower()}", "publish": ""}
    )
    slide = {"title": "清晨的街道", "link": "/about/", "status": "enable"}
    refused = post(api, f"{table}/add", super_admin, slide, EN)
    assert refused["code"] == 0
    assert refused["msg"].startswith("Parameter Image:"), refused["msg"]
    assert post(api, f"{table}/add", super_admin, slide, ZH)["msg"].startswith("参数 图片")
    assert get_ok(api, f"{table}/index", super_admin)["total"] == 0
    add(api, super_admin, table, **slide, image="/images/carousel/street.jpg")


def files_design(name: str, uniques: int) -> dict[str, Any]:
    """Two picture galleries and a download list (50 each at most) and `uniques` unique codes."""
    codes = [
        {"name": f"code{i}", "title": words(f"编码{i}", f"Code {i}"), "type": "string", "unique": True}
        for i in range(uniques)
    ]
    galleries = [
        {"name": n, "title": words(zh, en), "type": t}
        for n, zh, en, t in (
            ("photos", "照片", "Photos", "images"),
            ("plans", "图纸", "Plans", "images"),
            ("docs", "文档", "Documents", "files"),
        )
    ]
    return {
        "name": name,
        "title": words("文件测试", "Files test"),
        "fields": [{"name": "name", "title": words("名称", "Name"), "type": "string"}, *codes, *galleries],
    }


def test_a_row_with_the_most_files_and_unique_fields_saves_moves_to_the_bin_and_back(
    api, super_admin
) -> None:
    """A row's write is one transaction (at most 100 items): its files and unique fields are bounded so
    that the largest row swaps every file and every unique value in one edit, goes to the recycle bin
    and comes back. Past the bounds the save is refused with a clear message and nothing changes (on
    the old code an edit swapping 60 files answered 500: the transaction had 126 items)."""
    from tests.api.admin_support import delete

    too_many = files_design(f"business/f{unique('x')[-8:].lower()}", 6)
    assert post(api, "crud/crud/generate", super_admin, {"design": too_many}, EN)["msg"] == (
        "A table can have at most 5 unique fields"
    )
    assert post(api, "crud/crud/generate", super_admin, {"design": too_many}, ZH)["msg"] == (
        "一个表最多只能有 5 个唯一字段"
    )
    assert get(api, f"{too_many['name']}/index", super_admin)["code"] != 1  # no table was made

    table = new_table(api, super_admin, files_design(f"business/f{unique('x')[-8:].lower()}", 5))

    def files(tag: str, count: int) -> list[str]:
        return [f"/storage/default/{tag}-{i}.png" for i in range(count)]

    def values(tag: str) -> dict[str, Any]:
        codes = {f"code{i}": f"{tag}-{i}" for i in range(5)}
        return {
            "name": tag,
            **codes,
            "photos": files(f"{tag}p", 20),
            "plans": files(f"{tag}q", 10),
            "docs": [],
        }

    row = add(api, super_admin, table, **{**values("a"), "docs": files("ad", 10)})
    swapped = {**values("b"), "docs": files("bd", 10), "id": row}
    assert post(api, f"{table}/edit", super_admin, swapped)["code"] == 1
    assert without(read(api, super_admin, table, row), "id", "create_time", "update_time", "admin_id") == (
        without(swapped, "id")
    )
    used = attachment_usage.usage(["/storage/default/ap-0.png", "/storage/default/bp-0.png"])
    assert [u["id"] for u in used.get("/storage/default/bp-0.png", [])] == [row]
    assert not used.get("/storage/default/ap-0.png")

    over = {**swapped, "docs": files("cd", 11)}
    for lang, message in (
        (EN, "A row can hold at most 40 files (pictures and attachments together)"),
        (ZH, "每行最多只能包含 40 个文件（图片和附件合计）"),
    ):
        assert post(api, f"{table}/edit", super_admin, over, lang)["msg"] == message
        assert post(api, f"{table}/add", super_admin, {**over, "id": None}, lang)["msg"] == message
    assert read(api, super_admin, table, row)["docs"] == files("bd", 10)

    assert delete(api, f"{table}/del", super_admin, [row])["code"] == 1
    search = json.dumps([{"field": "table", "val": table, "operator": "eq"}])
    (kept,) = get_ok(api, "security/dataRecycleLog/index", super_admin, search=search)["list"]
    assert post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [kept["id"]]})["code"] == 1
    assert read(api, super_admin, table, row)["photos"] == files("bp", 20)
