"""What the invariant machines found on the code as it was when issue 33 was filed (f41d47e), kept as
the shortest sequences of steps, written as the machines print them (`state = …Machine()` then one
call per step). Each failed on that code (they were `xfail(strict=True)` until the fixes of issue 32
were merged; all six turned XPASS then) and passes now: a plain regression test of the defect named
above it.
"""

# ruff: noqa: F811 - the fixture imported from uploads_support is a parameter of a test
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.api.uploads_support import MAX_BYTES, upload_env  # noqa: F401 - a fixture
from tests.invariants import values as V
from tests.invariants.attachments_machine import AttachmentsMachine
from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter
from tests.invariants.config_machine import GROUP, ConfigMachine
from tests.invariants.designed_machine import DesignedTableMachine
from tests.invariants.publish_machine import PublishMachine
from tests.invariants.tree_machine import TreeTableMachine


def field(name: str, kind: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "title": V.words(f"{name}字段", name.title()), "type": kind, **extra}


def designed(office: BackOffice) -> DesignedTableMachine:
    DesignedTableMachine.office = office
    DesignedTableMachine.counter = Counter("found")
    return DesignedTableMachine()


def site(publishing: Path) -> PublishMachine:
    PublishMachine.counter = Counter("found")
    return PublishMachine()


# Found: issue 32 item 1: a move validates the stored cents again as typed yuan, multiplying money by 100
def test_found_a_move_multiplies_money_by_100(office: BackOffice) -> None:
    state = designed(office)
    state.create_table(
        design={
            "title": V.words("服务产品", "Services"),
            "fields": [field("string", "string"), field("money", "money"), field("weigh", "weigh")],
            "time_series": False,
            "order": {"field": "id", "direction": "desc"},
        }
    )
    rows_0 = state.add(as_typed=True, values={"string": "A", "money": "186000.00", "weigh": 1})
    rows_1 = state.add(as_typed=True, values={"string": "B", "money": "0.05", "weigh": 2})
    state.move_drag(moved=rows_0, onto=rows_1)
    state.check_rows_equal_the_model()
    state.teardown()


# Found: issue 32 item 1 (design change with confirm): a retyped field kept answering the old value in
# the old type (a year 2026 as a switch); now it is converted as an editor would retype it.
def test_found_a_retyped_field_answers_its_old_value(office: BackOffice) -> None:
    state = designed(office)
    state.create_table(
        design={
            "title": V.words("改类型", "Retyped"),
            "fields": [field("string", "string"), field("year", "year")],
            "time_series": False,
            "order": {"field": "id", "direction": "desc"},
        }
    )
    state.add(as_typed=True, values={"string": "A", "year": 2026})
    state.retype(name="year", kind="switch")
    state.check_rows_equal_the_model()
    state.teardown()


# Found: issue 32 item 3: two projects with one URL name are both accepted and the publish drops one
def test_found_two_projects_with_one_address_lose_one(publishing: Path) -> None:
    state = site(publishing)
    state.clean_table()
    state.add(text="A", slug="alpha", status="enable", weigh=0)
    state.add(text="B", slug="alpha", status="enable", weigh=0)
    state.publish()
    state.teardown()


# Found: issue 32 item 3: a URL name equal to another project's fallback address (project-<id>) drops one
def test_found_a_url_name_taking_another_projects_fallback_address(publishing: Path) -> None:
    state = site(publishing)
    state.clean_table()
    first = state.add(text="A", slug="", status="enable", weigh=0)
    state.add(text="B", slug=f"project-{first}", status="enable", weigh=0)
    state.publish()
    state.teardown()


# Found: issue 32 item 4: restoring a published row from the recycle bin schedules no publish
def test_found_a_restore_schedules_no_publish(publishing: Path) -> None:
    state = site(publishing)
    state.clean_table()
    projects_0 = state.add(text="A", slug="alpha", status="enable", weigh=0)
    state.delete(row=projects_0)
    state.restore(row=projects_0)
    state.teardown()


# Found: issue 32 item 7: a project's name is published as live markup (no HTML escaping)
def test_found_row_text_published_as_markup(publishing: Path) -> None:
    state = site(publishing)
    state.clean_table()
    state.add(text="<b>bold</b>", slug="bold", status="enable", weigh=0)
    state.publish()
    state.teardown()


# Found (issue 33, tree designs): a row deleted together with its parent could be restored alone, hanging
# under the deleted parent (listed at the top with a parent that does not exist, and no longer savable)
def test_found_a_row_restored_under_a_deleted_parent(office: BackOffice) -> None:
    TreeTableMachine.office = office
    TreeTableMachine.counter = Counter("found")
    state = TreeTableMachine()
    state.create_table()
    rows_0 = state.add(parent=0, name="A")
    rows_1 = state.add(parent=rows_0, name="B")
    state.delete(ids=[rows_0, rows_1])
    state.restore(row=rows_1)
    state.check_tree()
    state.restore(row=rows_0)
    state.restore(row=rows_1)
    state.check_tree()
    state.teardown()


# Found (issue 33, attachments): the same content uploaded again under another name reused the row but
# left the second copy of the file stored, referred to by no row (never removed)
def test_found_a_reupload_under_another_name_leaves_a_stray_file(office: BackOffice, upload_env: Any) -> None:
    AttachmentsMachine.office = office
    AttachmentsMachine.counter = Counter("found")
    AttachmentsMachine.upload_dir = upload_env.upload_dir
    AttachmentsMachine.max_bytes = MAX_BYTES
    state = AttachmentsMachine()
    state.create_design()
    rows_0 = state.upload(content=0, name=0, topic=0)
    state.upload(content=0, name=1, topic=0)
    state.check_files()
    state.delete(ids=[rows_0])
    state.purge(row=rows_0)
    state.check_files()
    state.teardown()


# Found (issue 33, config): a number item accepted "nan", "inf" and "1e300" (not a number a browser can
# hold); now refused, and the item keeps its value
def test_found_a_config_number_takes_nan_and_infinity(office: BackOffice) -> None:
    ConfigMachine.office = office
    ConfigMachine.counter = Counter("found")
    state = ConfigMachine()
    body = {"group": GROUP, "name": "inv_a", "title": "数字", "type": "number", "value": "12"}
    state.expect(office.post("routine/config/add", body), True, "add a number item")
    state.items[GROUP]["inv_a"] = ("number", 12)
    for typed in ("nan", "inf", "-inf", "1e400", "1e300"):
        answer = office.post("routine/config/edit", {"group": GROUP, "values": {"inv_a": typed}})
        state.expect(answer, False, f"save {typed!r} in a number item")
        state.check_items()
    state.teardown()
