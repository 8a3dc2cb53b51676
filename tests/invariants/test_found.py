"""What the invariant machines found on the code as it was when issue 33 was filed (f41d47e), kept as
the shortest sequences of steps, written as the machines print them (`state = …Machine()` then one
call per step). Each failed on that code (they were `xfail(strict=True)` until the fixes of issue 32
were merged; all six turned XPASS then) and passes now: a plain regression test of the defect named
above it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice
from tests.invariants.budget import Counter
from tests.invariants.designed_machine import DesignedTableMachine
from tests.invariants.publish_machine import PublishMachine


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
