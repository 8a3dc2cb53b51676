"""The designed-table machine: a table made through the CRUD generator, driven over HTTP like an editor
would (add, edit, batch edit, status switch, arrow and drag sort, delete, batch delete, restore,
sensitive edit and rollback, design changes, delete and rebuild from the CRUD log), beside a plain
in-memory model of what the table must hold. After every step the invariants are checked
(`check_*`). Rules named in `SOAK_SKIP` are left out (to look past a defect already known); `weigh-order`
there leaves out the checks that a table with a weigh lists by it and a moved row lands where dropped.

The model (`Model`) is a dict of rows by id — each the values the API must answer, money in yuan
strings — plus the recycle bin (rows as they were deleted) and the unique values taken. Whether a
write must be accepted is decided by `values.problem` and the unique keys, never by asking the server.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
)

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import SKIP, Counter

NAMES = itertools.count(1)
WATCHED = ["string", "money", "status"]  # the sensitive-data rule of every machine's table


def enabled(name: str) -> bool:
    return name not in SKIP


@dataclass
class Row:
    values: dict[str, Any]  # field -> the answer's value
    create_time: int = 0
    update_time: int = 0

    def answer(self, row_id: int) -> dict[str, Any]:
        return {"id": row_id, **self.values, "create_time": self.create_time, "update_time": self.update_time}


@dataclass
class Model:
    fields: list[dict[str, Any]]
    rows: dict[int, Row] = field(default_factory=dict)
    bin: dict[int, Row] = field(default_factory=dict)  # deleted rows, as they were

    def field(self, name: str) -> dict[str, Any]:
        return next(f for f in self.fields if f["name"] == name)

    def unique_fields(self) -> list[str]:
        return [f["name"] for f in self.fields if f.get("unique")]

    def taken(self, name: str, but: int | None = None) -> set[str]:
        return {
            key
            for row_id, row in self.rows.items()
            if row_id != but and (key := V.unique_key(row.values.get(name))) is not None
        }


class DesignedTableMachine(Checks, RuleBasedStateMachine):
    """See the module docstring. `office` and `counter` are set by the test before it runs."""

    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    rows = Bundle("rows")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        self.name = ""
        self.design: dict[str, Any] = {}
        self.model: Model | None = None
        self.written: set[int] = set()  # rows written by this step: their update_time moves
        self.extra = 0

    # --- helpers --------------------------------------------------------------------------------
    @property
    def m(self) -> Model:
        assert self.model is not None
        return self.model

    def refusal_of(self, body: dict[str, Any], row_id: int | None) -> str | None:
        """Why the model refuses saving `body` (every field the form sends) as row `row_id` (None: add)."""
        for f in self.m.fields:
            if f["name"] in body:
                reason = V.problem(f, body[f["name"]])
            else:
                reason = "required" if f.get("required") else None
            if reason:
                return f"{f['name']}: {reason}"
        for name in self.m.unique_fields():
            key = V.unique_key(body.get(name))
            if key is not None and key in self.m.taken(name, but=row_id):
                return f"{name}: taken"
        return None

    def expected_values(self, body: dict[str, Any]) -> dict[str, Any]:
        return {f["name"]: V.shown(f, body.get(f["name"])) for f in self.m.fields}

    def read(self, row_id: int) -> dict[str, Any] | None:
        answer = self.office.get(f"{self.name}/edit", id=row_id)
        return answer.data["row"] if answer.ok else None

    def stamp(self, row_id: int) -> None:
        """After a write of `row_id`: its times as stored (the values are checked by the invariants)."""
        row = self.read(row_id)
        assert row is not None, f"row #{row_id} is gone after a write"
        self.m.rows[row_id].create_time = int(row["create_time"])
        self.m.rows[row_id].update_time = int(row["update_time"])

    def save(self, row_id: int, patch: dict[str, Any], what: str) -> None:
        """An edit as the edit form, batch edit and status switch send it: the row as the edit form
        loads it, with `patch` over it."""
        current = self.read(row_id)
        if row_id not in self.m.rows:
            assert current is None, f"{what}: row #{row_id} is deleted but the edit form loads it"
            return
        assert current is not None, f"{what}: row #{row_id} is in the model but the edit form cannot load it"
        body = {**current, **patch, "id": row_id}
        reason = self.refusal_of(
            {k: v for k, v in body.items() if k in {f["name"] for f in self.m.fields}}, row_id
        )
        answer = self.office.post(f"{self.name}/edit", body)
        self.expect(answer, reason is None, f"{what} #{row_id} {patch!r} (model: {reason or 'accepted'})")
        if answer.ok:
            self.m.rows[row_id].values = self.expected_values(body)
            self.stamp(row_id)

    # --- the table ------------------------------------------------------------------------------
    @initialize(design=V.designs())
    def create_table(self, design: dict[str, Any]) -> None:
        self.counter.step()
        self.name = f"business/inv{next(NAMES)}x{id(self) % 100_000}"
        self.design = {**design, "name": self.name}
        answer = self.office.generate(self.design)
        self.expect(answer, True, "save a new design")
        self.model = Model(fields=[dict(f) for f in design["fields"]])
        watched = [f["name"] for f in design["fields"] if f["name"] in WATCHED]
        if watched:
            rule = self.office.post(
                "security/sensitiveData/add",
                {"table": self.name, "title": "invariants", "fields": watched, "status": "enable"},
            )
            self.expect(rule, True, "add the sensitive-data rule of the table")

    @rule(target=rows, values=st.one_of(V.full_rows(), V.row_values()), as_typed=st.booleans())
    def add(self, values: dict[str, Any], as_typed: bool) -> Any:
        """Add a row: the values as typed (maybe refused), or as corrected after the form's messages."""
        self.counter.step()
        if not as_typed:
            values = V.repaired(self.m.fields, values)
        reason = self.refusal_of(values, None)
        answer = self.office.post(f"{self.name}/add", values)
        self.expect(answer, reason is None, f"add {values!r} (model: {reason or 'accepted'})")
        if not answer.ok:
            return multiple()
        row_id = int(answer.data["id"])
        assert row_id not in self.m.rows and row_id not in self.m.bin, f"id #{row_id} given twice"
        self.m.rows[row_id] = Row(self.expected_values(values))
        self.stamp(row_id)
        weigh = next((f for f in self.m.fields if f["type"] == "weigh"), None)
        if weigh is not None and weigh.get("sort") and self.m.rows[row_id].values["weigh"] == 0:
            placed = self.read(row_id) or {}
            others = [r.values["weigh"] for i, r in self.m.rows.items() if i != row_id]
            on_top = placed.get("weigh") == 0 or placed.get("weigh", 0) > max(others, default=0)
            self._check(on_top, f"a row added with weigh 0 did not come first: {placed.get('weigh')}")
            self.m.rows[row_id].values["weigh"] = placed.get("weigh", 0)
        return row_id

    @precondition(lambda self: enabled("edit"))
    @rule(row=rows, patch=V.row_values(), as_typed=st.booleans())
    def edit(self, row: int, patch: dict[str, Any], as_typed: bool) -> None:
        self.counter.step()
        if not as_typed:
            patch = {k: v for k, v in V.repaired(self.m.fields, patch).items() if k in patch}
        self.save(row, patch, "edit")

    @precondition(lambda self: enabled("batch"))
    @rule(
        ids=st.lists(rows, min_size=1, max_size=4, unique=True),
        change=st.sampled_from(V.TYPES).flatmap(lambda name: st.tuples(st.just(name), V.VALUES[name])),
    )
    def batch_edit(self, ids: list[int], change: tuple[str, Any]) -> None:
        """The batch edit: one field set to one value on each selected row, one edit after another."""
        self.counter.step()
        name, value = change
        if name not in {f["name"] for f in self.m.fields}:
            return
        for row_id in ids:
            self.save(row_id, {name: value}, "batch edit")

    @precondition(lambda self: enabled("switch"))
    @rule(row=rows)
    def switch_status(self, row: int) -> None:
        """The status switch in the list: enable <-> disable."""
        self.counter.step()
        if row not in self.m.rows:
            return
        now = self.m.rows[row].values.get("status")
        self.save(row, {"status": "disable" if now == "enable" else "enable"}, "status switch")

    def _move(self, moved: int, target: int, what: str) -> None:
        order = self.design.get("order") or {}
        weigh = next((f["name"] for f in self.m.fields if f["type"] == "weigh" and f.get("sort")), None)
        by_weigh = (
            weigh is not None and order.get("field", weigh) == weigh and order.get("direction") != "asc"
        )
        shown = [int(r["id"]) for r in self.office.walk(self.name, limit=50)[0]] if by_weigh else []
        answer = self.office.post(f"{self.name}/sortable", {"id": moved, "targetId": target})
        both = moved in self.m.rows and target in self.m.rows
        self.expect(answer, both, f"{what} #{moved} onto #{target}")
        if answer.ok and moved != target:
            # A move writes weighs and nothing else: take the weighs as written, every other value must
            # be unchanged (the invariants check them); listed by weigh, the row lands where dropped.
            listed, _ = self.office.walk(self.name, limit=50)
            for row in listed:
                if (
                    int(row["id"]) in self.m.rows
                    and row["weigh"] != self.m.rows[int(row["id"])].values["weigh"]
                ):
                    self.m.rows[int(row["id"])].values["weigh"] = row["weigh"]
                    self.stamp(int(row["id"]))
            if moved in shown and target in shown and enabled("weigh-order"):
                expected = [i for i in shown if i != moved]
                expected.insert(expected.index(target) + int(shown.index(moved) < shown.index(target)), moved)
                got = [int(r["id"]) for r in listed]
                self._check(
                    got == expected, f"{what} #{moved} onto #{target}: listed {got}, expected {expected}"
                )

    @precondition(lambda self: enabled("move"))
    @rule(row=rows, down=st.booleans())
    def move_arrow(self, row: int, down: bool) -> None:
        """The ↑/↓ buttons: the row and its neighbour in the list as shown."""
        self.counter.step()
        shown, _ = self.office.walk(self.name, limit=20)
        ids = [int(r["id"]) for r in shown]
        if row not in ids:
            return
        at = ids.index(row) + (1 if down else -1)
        if 0 <= at < len(ids):
            self._move(row, ids[at], "arrow sort")

    @precondition(lambda self: enabled("move"))
    @rule(moved=rows, onto=rows)
    def move_drag(self, moved: int, onto: int) -> None:
        """Drag sort: a row dropped on another."""
        self.counter.step()
        if moved != onto:
            self._move(moved, onto, "drag sort")

    @precondition(lambda self: enabled("delete"))
    @rule(ids=st.lists(rows, min_size=1, max_size=3, unique=True))
    def delete(self, ids: list[int]) -> None:
        """Delete one row, or several selected rows at once."""
        self.counter.step()
        live = [i for i in ids if i in self.m.rows]
        answer = self.office.delete(f"{self.name}/del", ids)
        self.expect(answer, bool(live), f"delete {ids}")
        if answer.ok:
            assert answer.data["count"] == len(live), f"delete {ids}: count {answer.data}, model {len(live)}"
            for i in live:
                self.m.bin[i] = self.m.rows.pop(i)

    @precondition(lambda self: enabled("restore"))
    @rule(row=rows)
    def restore(self, row: int) -> None:
        """Restore a row from the recycle bin."""
        self.counter.step()
        logs = [r for r in self.office.log("dataRecycleLog", self.name) if int(r["item_id"]) == row]
        if row not in self.m.bin:
            assert not logs, f"row #{row} is not deleted but the recycle bin holds it: {logs}"
            return
        assert len(logs) == 1, f"deleted row #{row}: recycle bin rows {logs}"
        kept = self.m.bin[row]
        taken = [n for n in self.m.unique_fields() if V.unique_key(kept.values.get(n)) in self.m.taken(n)]
        answer = self.office.post("security/dataRecycleLog/restore", {"ids": [int(logs[0]["id"])]})
        self.expect(
            answer, not taken, f"restore #{row} (model: {'taken ' + str(taken) if taken else 'free'})"
        )
        if answer.ok:
            self.m.rows[row] = self.m.bin.pop(row)

    @precondition(lambda self: enabled("rollback"))
    @rule(row=rows)
    def rollback(self, row: int) -> None:
        """Roll back the newest logged change of a watched field of the row."""
        self.counter.step()
        logs = [
            r
            for r in self.office.log("sensitiveDataLog", self.name)
            if int(r["item_id"]) == row and not r.get("rollback_time")
        ]
        if not logs:
            return
        log = logs[0]
        name = log["field"]
        current = self.m.rows[row].values.get(name) if row in self.m.rows else None
        fits = row in self.m.rows and _logged(current) == _logged(log["after"])
        body = {**self.m.rows[row].values, name: log["before"]} if row in self.m.rows else {}
        reason = self.refusal_of(body, row) if fits else "the field changed since"
        answer = self.office.post("security/sensitiveDataLog/rollback", {"ids": [int(log["id"])]})
        self.expect(answer, reason is None, f"rollback of {name} of #{row} to {log['before']!r} ({reason})")
        if answer.ok:
            self.m.rows[row].values[name] = V.shown(self.m.field(name), log["before"])
            self.stamp(row)

    # --- design changes -------------------------------------------------------------------------
    def _save_design(self, fields: list[dict[str, Any]], what: str) -> bool:
        """Save the design with `fields`: a change losing values of a table with rows asks first."""
        design = {**self.design, "fields": fields}
        answer = self.office.generate(design)
        loses = bool(self.m.rows or self.m.bin) and _loses(self.design["fields"], fields)
        if loses and not answer.ok:
            assert answer.data and answer.data.get("changes"), f"{what}: refused without changes: {answer}"
            answer = self.office.generate(design, confirm=True)
        self.expect(answer, True, what)
        self.design = design
        return True

    @precondition(lambda self: enabled("design"))
    @rule(kind=st.sampled_from(V.TYPES))
    def add_field(self, kind: str) -> None:
        """A new field: every row answers its default."""
        self.counter.step()
        self.extra += 1
        new = {
            "name": f"extra{self.extra}",
            "title": V.words(f"新字段{self.extra}", f"Extra {self.extra}"),
            "type": kind,
        }
        if kind in ("radio", "select", "checkbox", "selects"):
            new["options"] = [{"value": v, "label": V.words(v, v)} for v in V.OPTIONS]
        if kind in ("remoteselect", "remoteselects"):
            new["relation"] = {"design": "business/elsewhere", "label": "name"}
        self._save_design([*self.design["fields"], new], f"add field {new['name']} ({kind})")
        self.m.fields.append(new)
        for row in [*self.m.rows.values(), *self.m.bin.values()]:
            row.values[new["name"]] = V.shown(new, None)

    @precondition(lambda self: enabled("retype"))
    @rule(
        name=st.sampled_from(["textarea", "integer", "float", "year", "color", "icon", "date", "time"]),
        kind=st.sampled_from(["string", "textarea", "integer", "year", "float"]),
    )
    def retype(self, name: str, kind: str) -> None:
        """Change a field's type, confirmed: existing values are converted as an editor would retype them
        (the new type's default where it refuses them)."""
        self.counter.step()
        old = next((f for f in self.design["fields"] if f["name"] == name), None)
        if old is None or old["type"] == kind:
            return
        new = {**old, "type": kind, "min": None, "max": None}
        fields = [new if f["name"] == name else f for f in self.design["fields"]]
        self._save_design(fields, f"change the type of {name}: {old['type']} -> {kind}")
        self.m.fields = [dict(new) if f["name"] == name else f for f in self.m.fields]
        for row in self.m.rows.values():
            row.values[name] = V.converted(new, row.values.get(name))
        for (
            row
        ) in self.m.bin.values():  # a deleted row is not converted: restored, it is read as the new type
            row.values[name] = V.converted(new, row.values.get(name))

    @precondition(lambda self: enabled("design"))
    @rule(name=st.sampled_from(["textarea", "float", "color", "array", "city", "files", "year", "icon"]))
    def remove_field(self, name: str) -> None:
        """Remove a field, confirmed: rows no longer answer it."""
        self.counter.step()
        if not any(f["name"] == name for f in self.design["fields"]):
            return
        fields = [f for f in self.design["fields"] if f["name"] != name]
        self._save_design(fields, f"remove field {name}")
        self.m.fields = [f for f in self.m.fields if f["name"] != name]
        for row in [*self.m.rows.values(), *self.m.bin.values()]:
            row.values.pop(name, None)

    @precondition(lambda self: enabled("rebuild"))
    @rule()
    def delete_and_rebuild(self) -> None:
        """Delete the table (its rows go to the recycle bin), then save it again from the CRUD log."""
        self.counter.step()
        summary = self.office.design_summary(self.name)
        assert summary is not None
        gone = self.office.delete("crud/crud/del", [int(summary["id"])], confirm=self.name)  # its name typed
        self.expect(gone, True, "delete the design")
        for row_id in list(self.m.rows):
            self.m.bin[row_id] = self.m.rows.pop(row_id)
        log = self.office.get("crud/log/index", quick_search=self.name, limit=100)
        assert log.ok, log
        saves = [r for r in log.data["list"] if r["name"] == self.name and r["action"] == "save"]
        assert saves, f"no save of {self.name} in the CRUD log"
        newest = max(saves, key=lambda r: int(r["id"]))
        saved = self.office.get("crud/crud/log", id=int(newest["id"]))
        assert saved.ok, saved
        rebuilt = self.office.generate(saved.data["design"])
        self.expect(rebuilt, True, "save the design again from the CRUD log")
        assert _comparable(saved.data["design"]) == _comparable(self.design), (
            "the CRUD log lost a design change"
        )

    # --- invariants -----------------------------------------------------------------------------
    @invariant()
    def check_rows_equal_the_model(self) -> None:
        """Every row read back equals the model (money exact to the cent), each exactly once, in the
        declared order; the list's total, the table's row count and the model agree."""
        if self.model is None:
            return
        listed, total = self.office.walk(self.name, limit=3)
        ids = [int(r["id"]) for r in listed]
        self._check(len(ids) == len(set(ids)), f"the cursor walk returned a row twice: {ids}")
        self._check(set(ids) == set(self.m.rows), f"rows listed {sorted(ids)} != model {sorted(self.m.rows)}")
        self._check(total == len(self.m.rows), f"list total {total} != model {len(self.m.rows)}")
        summary = self.office.design_summary(self.name)
        self._check(summary is not None and summary["rows"] == len(self.m.rows), f"row counter {summary}")
        for row in listed:
            row_id = int(row["id"])
            want = self.m.rows[row_id].answer(row_id)
            got = {k: row.get(k) for k in want}
            diff = {k: (got[k], want[k]) for k in want if not _same(got[k], want[k])}
            self._check(not diff, f"row #{row_id} differs from the model (got, want): {diff}")
        self._check_order(listed)

    def _check_order(self, listed: list[dict[str, Any]]) -> None:
        order = self.design.get("order") or {"field": "id", "direction": "desc"}
        key, descending = order["field"], order["direction"] == "desc"
        has_weigh = any(f["type"] == "weigh" and f.get("sort") for f in self.m.fields)
        if "order" not in self.design and has_weigh and enabled("weigh-order"):
            # A table with a weigh field sorted through the index lists by weight unless its design says
            # otherwise (a design's explicit order wins: found by the campaign of 74a703e, step 319).
            key, descending = "weigh", True
        values = [r[key] for r in listed]
        pairs = list(itertools.pairwise(values))
        if key == "id":
            ok = all((a > b) if descending else (a < b) for a, b in pairs)
        else:
            ok = all((a >= b) if descending else (a <= b) for a, b in pairs)
        self._check(
            ok, f"the list is not in its declared order ({key} {'desc' if descending else 'asc'}): {values}"
        )

    @invariant()
    def check_recycle_bin(self) -> None:
        """The recycle bin holds exactly the deleted rows, each as it was."""
        if self.model is None or not enabled("bin-check"):
            return
        kept = self.office.log("dataRecycleLog", self.name)
        ids = sorted(int(r["item_id"]) for r in kept)
        self._check(ids == sorted(self.m.bin), f"recycle bin {ids} != model {sorted(self.m.bin)}")


def _logged(value: Any) -> Any:
    """A value as the sensitive-data log compares it ("" and None are both empty)."""
    return None if value == "" else value


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, float) or isinstance(got, float):
        number = isinstance(got, int | float) and isinstance(want, int | float)
        return number and not isinstance(got, bool) and float(got) == float(want)  # a number is not text
    return bool(got == want and type(got) is type(want))


def _loses(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> bool:
    old = {f["name"]: f["type"] for f in before}
    new = {f["name"]: f["type"] for f in after}
    return any(name not in new or new[name] != kind for name, kind in old.items())


def _comparable(design: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f["name"], f["type"]) for f in design["fields"]]
