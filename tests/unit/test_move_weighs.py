"""Issue 32: where a move puts a row (`functions.services.row_order.new_places`): rows shown by weigh,
highest first, then by their place among equal weighs (newest first until a move places them). A move
writes the moved row alone — its weigh between its new neighbours' and its place between theirs —
and only when two neighbours have no room left between them a bounded window of rows around it."""

from __future__ import annotations

import json
from typing import Any

from functions.models.design import Record
from functions.services.designs import DesignDoc
from functions.services.row_order import MOVE_WINDOWS, RANK, new_places, sort_key

DOC = DesignDoc.model_validate(
    {
        "name": "business/x",
        "title": {"zh": "测试", "en": "Test"},
        "fields": [
            {"name": "price", "title": {"zh": "价格", "en": "Price"}, "type": "money"},
            {
                "name": "weigh",
                "title": {"zh": "权重", "en": "Weight"},
                "type": "weigh",
                "sort": True,
                "max": 100,
            },
        ],
    }
)


def rows(*weighs: int, places: list[int] | None = None) -> list[Record]:
    """Rows #1… with these weighs (and a price that must never change), placed newest first among equal
    weighs unless `places` are given."""
    return [
        Record(
            "business/x",
            n,
            design="business/x",
            data=json.dumps({"price": 18600000, "weigh": w}),
            n1=places[n - 1] if places else sort_key(w, n),
        )
        for n, w in enumerate(weighs, start=1)
    ]


def shown(items: list[Record], changes: list[tuple[Record, int]]) -> list[int]:
    place = {int(r.id): int(r.n1) for r in items} | {int(r.id): p for r, p in changes}
    assert all(p // RANK <= 100 for _, p in changes)  # the field's maximum holds
    return sorted(place, key=lambda i: -place[i])


def move(items: list[Record], moved: int, target: int) -> list[tuple[Record, int]]:
    by_id: dict[int, Any] = {int(r.id): r for r in items}
    return new_places(DOC, by_id[moved], by_id[target], items)


def test_a_move_to_the_neighbour_writes_the_moved_row_only() -> None:
    items = rows(60, 50, 40)
    changes = move(items, 1, 2)
    assert [int(r.id) for r, _ in changes] == [1]
    assert 40 < changes[0][1] // RANK < 50 + 1
    assert shown(items, changes) == [2, 1, 3]


def test_a_drag_over_several_rows_writes_the_moved_row_only() -> None:
    items = rows(60, 50, 40, 30)
    assert shown(items, move(items, 4, 1)) == [4, 1, 2, 3]
    assert shown(items, move(items, 1, 3)) == [2, 3, 1, 4]
    assert [int(r.id) for r, _ in move(items, 1, 3)] == [1]
    assert [int(r.id) for r, _ in move(items, 4, 1)] == [4]


def test_tied_weighs_are_placed_without_writing_the_others() -> None:
    items = rows(0, 0, 0, 0)  # shown newest first: 4, 3, 2, 1
    changes = move(items, 4, 3)
    assert shown(items, changes) == [3, 4, 2, 1]
    assert [(int(r.id), p // RANK) for r, p in changes] == [(4, 0)]  # the weigh shown stays 0
    assert move(items, 4, 4) == []


def test_the_top_keeps_the_weigh_field_bounds() -> None:
    items = rows(100, 90)
    changes = move(items, 2, 1)
    assert shown(items, changes) == [2, 1]
    assert changes[0][1] // RANK == 100  # the field's maximum: never above it


def test_no_room_between_two_neighbours_places_a_bounded_window_afresh() -> None:
    count = 6 * MOVE_WINDOWS[0]
    places = [10 * RANK + (count - n) * 10**6 for n in range(count)]
    middle = count // 2
    places[middle - 1] = places[middle] + 1  # rows middle and middle + 1: no room between them
    items = rows(*[10] * count, places=places)
    changes = move(items, count, middle + 1)  # the last row up, between rows middle and middle + 1
    order = list(range(1, count + 1))
    order.remove(count)
    order.insert(middle, count)
    assert shown(items, changes) == order
    assert count in {int(r.id) for r, _ in changes}
    assert len(changes) <= 2 * MOVE_WINDOWS[0] + 1  # a window around the gap, not the table
    assert all(p // RANK == 10 for _, p in changes)  # weighs shown stay as they were


def test_no_room_at_the_top_places_the_top_rows_afresh() -> None:
    items = rows(100, 100, 100, places=[101 * RANK - 1, 101 * RANK - 2, 101 * RANK - 3])
    changes = move(items, 3, 1)
    assert shown(items, changes) == [3, 1, 2]
    assert all(p // RANK == 100 for _, p in changes)
