"""The tree-design machine: a designed table with `tree: true` (rows under a parent row, an integer field
`pid`, 0 = top) and a drag-sort `weigh`, driven over HTTP like an editor would — add a row under any
row, move a row under another one (the edit form's parent), drag and arrow sort among siblings, delete
(one or several), restore from the recycle bin — beside a model of each row's name, parent and weigh.

Invariants, after every step:
- the list (a tree, read whole) holds every live row exactly once, each under its own parent, a row at
  the top only when its parent is 0 — so no row is ever its own ancestor and no row hangs under a
  deleted one; the total equals the model;
- every row's values equal the model; siblings are listed by weight, highest first (ties newest first),
  and a drag or arrow move puts the moved row exactly at the target's place among its siblings and
  changes no other row;
- a move under itself or one of its descendants, under a row that does not exist, a delete that would
  leave children behind, and a restore under a parent that is gone are refused and change nothing;
- the recycle bin holds exactly the deleted rows; a restored row comes back with its id, name and parent.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, multiple, rule

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import SKIP, Counter

NAMES = itertools.count(1)
GHOST = 987_654_321  # an id no row has


@dataclass
class Node:
    name: str
    pid: int
    weigh: int = 0
    # Where a move placed the row among rows of its weigh (higher first); None: newest first by id.
    place: float | None = field(default=None, compare=False)


@dataclass
class Forest:
    rows: dict[int, Node] = field(default_factory=dict)
    bin: dict[int, Node] = field(default_factory=dict)

    def descendants(self, root: int) -> set[int]:
        found: set[int] = set()
        stack = [root]
        while stack:
            top = stack.pop()
            for row_id, node in self.rows.items():
                if node.pid == top and row_id not in found:
                    found.add(row_id)
                    stack.append(row_id)
        return found

    def siblings(self, pid: int) -> list[int]:
        """The rows under `pid` in the list's order: weight, highest first, ties where a move placed
        them, else newest first."""
        ids = [i for i, n in self.rows.items() if n.pid == pid]
        return sorted(ids, key=lambda i: (-self.rows[i].weigh, -(self.rows[i].place or i)))


def tree_design(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "title": V.words("不变量树", "Invariant tree"),
        "tree": True,
        "fields": [
            {"name": "name", "title": V.words("名称", "Name"), "type": "string", "max": 40},
            {"name": "pid", "title": V.words("上级", "Parent"), "type": "integer"},
            {"name": "weigh", "title": V.words("权重", "Weight"), "type": "weigh", "sort": True},
        ],
    }


class TreeTableMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    rows = Bundle("rows")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        self.name = ""
        self.f = Forest()

    # --- helpers --------------------------------------------------------------------------------
    def listed(self) -> tuple[list[dict[str, Any]], int]:
        answer = self.office.get(f"{self.name}/index", limit=100)
        assert answer.ok, answer
        return answer.data["list"], int(answer.data["total"])

    def weighs_as_listed(self) -> dict[int, int]:
        top, _ = self.listed()
        return {int(r["id"]): int(r["weigh"]) for r in _flat(top)}

    def parent_refusal(self, row_id: int | None, pid: int) -> str | None:
        if pid == 0:
            return None
        if pid not in self.f.rows:
            return "no such parent"
        if row_id is not None and (pid == row_id or pid in self.f.descendants(row_id)):
            return "under itself"
        return None

    # --- rules ----------------------------------------------------------------------------------
    @initialize()
    def create_table(self) -> None:
        self.counter.step()
        self.name = f"business/tree{next(NAMES)}x{id(self) % 100_000}"
        self.expect(self.office.generate(tree_design(self.name)), True, "save a tree design")

    @rule(
        target=rows,
        parent=st.one_of(st.just(0), rows, st.just(GHOST)),
        name=V.line(12).filter(lambda s: len(s) <= 40),
    )
    def add(self, parent: int, name: str) -> Any:
        """Add a row under `parent` (0: at the top): the new row comes first among its siblings."""
        self.counter.step()
        reason = self.parent_refusal(None, parent)
        answer = self.office.post(f"{self.name}/add", {"name": name, "pid": parent})
        self.expect(answer, reason is None, f"add {name!r} under #{parent} ({reason or 'accepted'})")
        if not answer.ok:
            return multiple()
        row_id = int(answer.data["id"])
        weigh = self.weighs_as_listed().get(row_id, 0)
        self.f.rows[row_id] = Node(name, parent, weigh)
        first = self.f.siblings(parent)[0]
        self._check(first == row_id, f"row #{row_id} added under #{parent} is not first: #{first} is")
        return row_id

    @rule(row=rows, parent=st.one_of(st.just(0), rows, st.just(GHOST)), name=V.line(12))
    def reparent(self, row: int, parent: int, name: str) -> None:
        """The edit form: the row saved with another parent (and maybe another name)."""
        self.counter.step()
        loaded = self.office.get(f"{self.name}/edit", id=row)
        if row not in self.f.rows:
            self._check(not loaded.ok, f"deleted row #{row} still opens in the edit form")
            return
        self._check(loaded.ok, f"row #{row} does not open: {loaded}")
        name = name[:40]
        body = {**loaded.data["row"], "pid": parent, "name": name, "id": row}
        reason = self.parent_refusal(row, parent)
        answer = self.office.post(f"{self.name}/edit", body)
        self.expect(answer, reason is None, f"move #{row} under #{parent} ({reason or 'accepted'})")
        if answer.ok:
            self.f.rows[row].pid, self.f.rows[row].name = parent, name

    def _drag(self, moved: int, target: int, what: str) -> None:
        live = moved in self.f.rows and target in self.f.rows
        same = live and self.f.rows[moved].pid == self.f.rows[target].pid
        before = {i: n.weigh for i, n in self.f.rows.items()}
        order = self.f.siblings(self.f.rows[moved].pid) if live else []
        answer = self.office.post(f"{self.name}/sortable", {"id": moved, "targetId": target})
        self.expect(answer, same, f"{what} #{moved} onto #{target} (same parent: {same})")
        if not answer.ok or moved == target:
            return
        expected = [i for i in order if i != moved]
        at = expected.index(target) + (1 if order.index(moved) < order.index(target) else 0)
        expected.insert(at, moved)
        weighs = self.weighs_as_listed()
        others = {
            i: (before[i], weighs.get(i)) for i in before if i not in order and weighs.get(i) != before[i]
        }
        self._check(not others, f"{what}: rows that are not siblings changed weight: {others}")
        for i in order:
            self.f.rows[i].weigh = weighs[i]
        # Among equal weighs a move places the row (a hidden place): the model takes the places from
        # the order asked for, which the list must then show (`check_tree`).
        for rank, i in enumerate(reversed(expected), start=1):
            self.f.rows[i].place = rank / (len(expected) + 1) * min(expected)
        got = self.f.siblings(self.f.rows[moved].pid)
        self._check(got == expected, f"{what} #{moved} onto #{target}: siblings {got}, expected {expected}")

    @rule(moved=rows, onto=rows)
    def drag(self, moved: int, onto: int) -> None:
        self.counter.step()
        if moved != onto:
            self._drag(moved, onto, "drag sort")

    @rule(row=rows, down=st.booleans())
    def arrow(self, row: int, down: bool) -> None:
        """The ↑/↓ buttons: the row and its neighbour among its siblings."""
        self.counter.step()
        if row not in self.f.rows:
            return
        order = self.f.siblings(self.f.rows[row].pid)
        at = order.index(row) + (1 if down else -1)
        if 0 <= at < len(order):
            self._drag(row, order[at], "arrow sort")

    @rule(ids=st.lists(rows, min_size=1, max_size=3, unique=True))
    def delete(self, ids: list[int]) -> None:
        """Delete one row or several: refused while a row outside them hangs under one of them."""
        self.counter.step()
        live = {i for i in ids if i in self.f.rows}
        orphans = [i for i, n in self.f.rows.items() if n.pid in live and i not in live]
        answer = self.office.delete(f"{self.name}/del", ids)
        self.expect(answer, bool(live) and not orphans, f"delete {ids} (children left: {orphans})")
        if answer.ok:
            for i in live:
                self.f.bin[i] = self.f.rows.pop(i)

    @rule(row=rows)
    def restore(self, row: int) -> None:
        """Restore a row from the recycle bin: refused while its parent is deleted."""
        self.counter.step()
        if row not in self.f.bin or "restore" in SKIP:
            return
        logs = [r for r in self.office.log("dataRecycleLog", self.name) if int(r["item_id"]) == row]
        self._check(len(logs) == 1, f"deleted row #{row}: recycle bin rows {logs}")
        pid = self.f.bin[row].pid
        ok = pid == 0 or pid in self.f.rows
        answer = self.office.post("security/dataRecycleLog/restore", {"ids": [int(logs[0]["id"])]})
        self.expect(answer, ok, f"restore #{row} under #{pid} (parent {'live' if ok else 'deleted'})")
        if answer.ok:
            self.f.rows[row] = self.f.bin.pop(row)

    # --- invariants -----------------------------------------------------------------------------
    @invariant()
    def check_tree(self) -> None:
        """Every live row once, under its own parent; values, order and total as the model says."""
        if not self.name:
            return
        top, total = self.listed()
        seen: list[int] = []

        def visit(nodes: list[dict[str, Any]], parent: int) -> None:
            ids = [int(n["id"]) for n in nodes]
            self._check(
                ids == self.f.siblings(parent), f"under #{parent}: {ids}, model {self.f.siblings(parent)}"
            )
            for node in nodes:
                row_id = int(node["id"])
                seen.append(row_id)
                self._check(
                    int(node["pid"]) == parent, f"row #{row_id} (pid {node['pid']}) listed under #{parent}"
                )
                want = self.f.rows.get(row_id)
                got = Node(node["name"], int(node["pid"]), int(node["weigh"]))
                self._check(got == want, f"row #{row_id}: {got}, model {want}")
                visit(node.get("children") or [], row_id)

        visit(top, 0)
        self._check(len(seen) == len(set(seen)), f"a row is listed twice: {seen}")
        self._check(
            set(seen) == set(self.f.rows), f"rows listed {sorted(seen)} != model {sorted(self.f.rows)}"
        )
        self._check(total == len(self.f.rows), f"list total {total} != model {len(self.f.rows)}")
        for row_id in self.f.rows:  # the model itself: no row is its own ancestor
            chain, pid = {row_id}, self.f.rows[row_id].pid
            while pid:
                self._check(
                    pid not in chain and pid in self.f.rows, f"row #{row_id}: broken parent chain at #{pid}"
                )
                chain.add(pid)
                pid = self.f.rows[pid].pid

    @invariant()
    def check_recycle_bin(self) -> None:
        if not self.name:
            return
        kept = self.office.log("dataRecycleLog", self.name)
        ids = sorted(int(r["item_id"]) for r in kept)
        self._check(ids == sorted(self.f.bin), f"recycle bin {ids} != model {sorted(self.f.bin)}")


def _flat(rows: list[dict[str, Any]]) -> Any:
    for row in rows:
        yield row
        yield from _flat(row.get("children") or [])
