"""Where the rows of a designed table with a drag-sort field (type `weigh`) stand: their places, a
move's new places and writing them (`functions.services.records.move_row` runs a move).

A row's place is its weigh and, within equal weighs, its place in the sort slot `n1` (see `RANK`);
a move writes the moved row alone, or a bounded window of rows around it when its neighbours have no
room left between them (`MOVE_WINDOWS`), whatever the table's size.
"""

from __future__ import annotations

import json
from typing import Any

from functions.core.responses import ApiError
from functions.core.validators import INT_MAX
from functions.models.base import failed_condition
from functions.models.design import Record
from functions.services.design_doc import DesignDoc


def weigh_field(doc: DesignDoc) -> str | None:
    """The design's drag-sort field (type `weigh`), or None."""
    return next((f.name for f in doc.fields if f.type == "weigh"), None)


def _weigh(item: Record, field: str) -> int:
    value = item.values().get(field)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


WEIGH_STEP = 10  # a row added (or moved) to the top comes this much above the highest weigh
# The sort slot `n1` of a weigh field is the row's place in the list: its weigh times `RANK` plus its
# place among rows of the same weigh (hidden; `PLACE` apart, newest first, until a move places it).
# So the list is weigh, highest first, and between any two neighbours there is room for a moved row:
# a move writes that one row, and only when two neighbours have no room left between them (about 20
# moves into one gap) a window of rows around it (`MOVE_WINDOWS`), whatever the table's size.
# |weigh| <= 2^53 keeps `n1` within DynamoDB's 38 digits.
RANK = 10**22
PLACE = 10**6
MOVE_WINDOWS = (8, 64, 512)


def sort_key(weigh: int, item_id: int, previous: float | None = None) -> int:
    """`n1` of a row whose weigh is the sort field: `previous` while it still agrees with the weigh (an
    edit keeps where a move put the row), else the default place among equal weighs (newest first).
    A bare weigh (`n1` as stored before places) is not a place."""
    if previous is not None and previous // RANK == weigh and previous % RANK and previous != weigh:
        return int(previous)
    return weigh * RANK + (item_id % (RANK // PLACE)) * PLACE


def _key(item: Record, field: str, indexed: bool) -> int:
    return sort_key(_weigh(item, field), int(item.id), item.n1 if indexed else None)


class _Order:
    """The rows a move is among, by place (highest first): the design's sort index (one Query per
    look), or `siblings` read already (a tree's, or a weigh field that is not indexed)."""

    def __init__(self, field: str, indexed: bool, pk: str, siblings: list[Record] | None, moved: int) -> None:
        self.field, self.indexed, self.pk, self.moved = field, indexed, pk, moved
        self.rows = None
        if siblings is not None:
            placed = [(r, _key(r, field, indexed)) for r in siblings if int(r.id) != moved]
            self.rows = sorted(placed, key=lambda pair: -pair[1])

    def near(self, key: int, above: bool, count: int) -> list[tuple[Record, int]]:
        """Up to `count` rows placed above (or below) `key`, the nearest first (the moved row left out)."""
        if self.rows is not None:
            if above:
                return [pair for pair in reversed(self.rows) if pair[1] > key][:count]
            return [pair for pair in self.rows if pair[1] < key][:count]
        condition = Record.n1 > key if above else Record.n1 < key
        found = Record.by_n1.query(
            self.pk, range_key_condition=condition, scan_index_forward=above, limit=count + 1
        )
        return [(r, _key(r, self.field, True)) for r in found if int(r.id) != self.moved][:count]


def _between(low: int, high: int, top: bool, bottom: bool) -> int | None:
    """A place strictly between `low` and `high` (None: no room): `WEIGH_STEP` weighs from the only
    neighbour at the top or the bottom of the list, else halfway."""
    if high - low < 2:
        return None
    if top and low + WEIGH_STEP * RANK < high:
        key = low + WEIGH_STEP * RANK
    elif bottom and high - WEIGH_STEP * RANK > low:
        key = high - WEIGH_STEP * RANK
    else:
        key = (low + high) // 2
    return key + 1 if key % RANK == 0 and key + 1 < high else key


def _spread(count: int, low: int, high: int) -> list[int] | None:
    """`count` places evenly between `low` and `high` (both excluded), highest first; None: no room."""
    gap = (high - low) // (count + 1)
    return [high - gap * (n + 1) for n in range(count)] if gap >= 2 else None


def new_places(
    doc: DesignDoc, moved: Record, target: Record, siblings: list[Record] | None = None
) -> list[tuple[Record, int]]:
    """Move `moved` to the place of `target` (after it when moving down, before it when moving up) and
    answer the (row, place) pairs to write: the moved row's alone, or when its neighbours have no room
    between them, a window of at most `MOVE_WINDOWS[-1]` rows around it (see `RANK`)."""
    field = weigh_field(doc)
    if field is None or int(moved.id) == int(target.id):
        return []
    indexed = doc.slots().get("n1") == field
    spec = next(f for f in doc.fields if f.name == field)
    ceiling = (int(spec.max) if spec.max is not None else INT_MAX) + 1  # weighs stay in the field's bounds
    floor = int(spec.min) if spec.min is not None else -INT_MAX
    high_end, low_end = ceiling * RANK, floor * RANK - 1  # excluded
    order = _Order(field, indexed, str(target.pk), siblings, int(moved.id))
    moved_key, target_key = _key(moved, field, indexed), _key(target, field, indexed)
    if siblings is not None and not any(int(r.id) == int(target.id) for r in siblings):
        return []
    if moved_key > target_key:  # down: after the target
        above, below = [(target, target_key)], order.near(target_key, False, 1)
    else:  # up: before the target
        above, below = order.near(target_key, True, 1), [(target, target_key)]
    high = above[0][1] if above else high_end
    low = below[0][1] if below else low_end
    key = _between(low, high, not above, not below)
    if key is not None:
        return [(moved, key)] if key != moved_key else []
    for size in MOVE_WINDOWS:  # no room: place a window of rows around the gap afresh
        upper = above + order.near(above[-1][1], True, size - len(above)) if above else []
        lower = below + order.near(below[-1][1], False, size - len(below)) if below else []
        beyond_up = order.near(upper[-1][1], True, 1) if upper else []
        beyond_down = order.near(lower[-1][1], False, 1) if lower else []
        window = [*reversed(upper), (moved, moved_key), *lower]
        # At an end of the list (nothing beyond the window): room of one weigh past its last row.
        top, bottom = (upper[-1] if upper else lower[0])[1], (lower[-1] if lower else upper[0])[1]
        places = _spread(
            len(window),
            beyond_down[0][1] if beyond_down else max(low_end, bottom - RANK),
            beyond_up[0][1] if beyond_up else min(high_end, top + RANK),
        )
        if places is not None:
            return [(row, place) for (row, old), place in zip(window, places, strict=True) if old != place]
    raise ApiError("The rows changed meanwhile: reload the list and try again")


def put_on_top(doc: DesignDoc, values: dict[str, Any]) -> None:
    field = weigh_field(doc)
    if field is None or values.get(field) not in (0, None) or doc.time_series:
        return
    if doc.slots().get("n1") != field:
        return
    highest = next(iter(Record.by_n1.query(doc.name, scan_index_forward=False, limit=1)), None)
    if highest is None or highest.n1 is None:
        return
    ceiling = next((f.max for f in doc.fields if f.name == field), None)
    weigh = int(highest.n1) // RANK + WEIGH_STEP
    if ceiling is None or weigh <= ceiling:
        values[field] = weigh


def write_weighs(doc: DesignDoc, field: str, changes: list[tuple[Record, int]]) -> bool:
    """Write new places (`new_places`): per row one UpdateItem of the weigh in its stored values (the
    rest of `data` byte for byte; `data` untouched when the weigh stays) and of the sort slot `n1` when
    the weigh is in it — never a re-save of the row, so no value goes through the input form again and
    `update_time` stays. Each row only while it is as read (a concurrent edit or move wins; False: read
    again and retry). One transaction (a window is at most `MOVE_WINDOWS[-1]` rows: 100 per one)."""
    indexed = doc.slots().get("n1") == field
    for start in range(0, len(changes), 100):
        chunk = changes[start : start + 100]

        def build(tx: Any, chunk: list[tuple[Record, int]] = chunk) -> None:
            for item, place in chunk:
                values = item.values()
                actions = []
                if _weigh(item, field) != place // RANK or field not in values:
                    values[field] = place // RANK
                    actions.append(
                        Record.data.set(json.dumps(values, ensure_ascii=False, separators=(",", ":")))
                    )
                condition = Record.data == item.data
                if indexed:
                    actions.append(Record.n1.set(place))
                    condition &= Record.n1 == item.n1 if item.n1 is not None else Record.n1.does_not_exist()
                if actions:
                    tx.update(item, actions=actions, condition=condition)

        if failed_condition(build) is not None:
            return False
    return True
