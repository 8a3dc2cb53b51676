"""Issue 32 §2: where a move puts a row (`functions.services.records.new_weighs`): rows shown by weigh,
highest first (ties newest first); the rows from the moved one to its target keep their weighs among
themselves (a move to a neighbour swaps two), and tied weighs are numbered afresh so that the order
asked for is the only one the weighs give."""

from __future__ import annotations

import json

from functions.models.design import Record
from functions.services.records import new_weighs


def rows(*weighs: int) -> list[Record]:
    """Rows #1… with these weighs (and a price that must never change)."""
    return [
        Record("business/x", n, design="business/x", data=json.dumps({"price": 18600000, "weigh": w}))
        for n, w in enumerate(weighs, start=1)
    ]


def shown(items: list[Record], changes: list[tuple[Record, int]]) -> list[int]:
    weigh = {int(r.id): json.loads(r.data)["weigh"] for r in items} | {int(r.id): w for r, w in changes}
    return [i for i in sorted(weigh, key=lambda i: (-weigh[i], -i))]


def test_a_move_to_the_neighbour_swaps_two_weighs() -> None:
    items = rows(60, 50, 40)
    changes = new_weighs(items, "weigh", 1, 2)
    assert [(int(r.id), w) for r, w in changes] == [(2, 60), (1, 50)]
    assert shown(items, changes) == [2, 1, 3]


def test_a_drag_over_several_rows_shifts_the_rows_between() -> None:
    items = rows(60, 50, 40, 30)
    assert shown(items, new_weighs(items, "weigh", 4, 1)) == [4, 1, 2, 3]
    assert shown(items, new_weighs(items, "weigh", 1, 3)) == [2, 3, 1, 4]
    assert {int(r.id) for r, _ in new_weighs(items, "weigh", 1, 3)} == {1, 2, 3}  # row 4 untouched


def test_tied_weighs_are_numbered_afresh_in_the_order_asked_for() -> None:
    items = rows(0, 0, 0, 0)  # shown newest first: 4, 3, 2, 1
    changes = new_weighs(items, "weigh", 4, 3)
    assert shown(items, changes) == [3, 4, 2, 1]
    assert sorted(w for _, w in changes) == [10, 20, 30, 40]
    assert new_weighs(items, "weigh", 4, 4) == [] and new_weighs(items, "weigh", 4, 99) == []


def test_a_tie_at_the_edge_of_the_span_is_numbered_afresh_too() -> None:
    items = rows(50, 40, 40, 30)  # rows 2 and 3 tie: 1, 3, 2, 4
    changes = new_weighs(items, "weigh", 1, 3)
    assert shown(items, changes) == [3, 1, 2, 4]
    assert shown(items, new_weighs(items, "weigh", 1, 3, step=1)) == [3, 1, 2, 4]
