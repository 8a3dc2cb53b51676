"""The data-scope machine: admins of two groups limited by their data scope (`own`: its admin `loner`;
`team`: its admins `mate1`, `mate2`) and the super admin add, edit, delete and sort the rows of one
designed table in any order, while the super admin changes either group's scope (all / group / own)
at any time.

Invariant: every admin's list (walked page by page) holds exactly the rows its scope reaches, each with
the values last saved; a write is accepted exactly when the rows it names are within the writer's scope
(a row outside it answers like a missing row), and a refused write changes nothing.
"""

from __future__ import annotations

import itertools
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from tests.api.admin_support import make_group, rule_ids, unique
from tests.invariants.backoffice import BackOffice, Checks, logged_in_admin
from tests.invariants.budget import Counter

ACTORS = ("loner", "mate1", "mate2", "super")
SCOPES = ("all", "group", "own")
MISSING = 999_999_999
TITLES = itertools.count(1)


class DataScopeMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    table: ClassVar[str] = ""
    rows = Bundle("rows")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        cls = type(self)
        if not cls.table:
            cls.table = f"business/{unique('scope')}"
            fields = [
                {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string", "required": True},
                {"name": "weigh", "title": {"zh": "权重", "en": "Weight"}, "type": "weigh", "sort": True},
            ]
            design = {"name": cls.table, "title": {"zh": "范围", "en": "Scope"}, "fields": fields}
            assert self.office.generate(design).ok
        names = [cls.table, *(f"{cls.table}/{a}" for a in ("index", "add", "edit", "del", "sortable"))]
        self.groups = {name: make_group(rule_ids(names)) for name in ("own", "team")}
        self.scope = {"own": "own", "team": "group"}
        for name, scope in self.scope.items():
            self._set_scope(name, scope)
        self.member_of = {"loner": "own", "mate1": "team", "mate2": "team"}
        self.admins = {
            who: BackOffice(self.office.api, logged_in_admin(self.office.api, group_id=self.groups[group]))
            for who, group in self.member_of.items()
        }
        self.admins["super"] = self.office
        self.model: dict[int, tuple[str, str]] = {}  # row id -> (its creator, its title)
        # The rows of earlier examples (the table is shared): their creators are gone from the model.
        for row in self.office.walk(cls.table, limit=100)[0]:
            self.office.delete(f"{cls.table}/del", [int(row["id"])])

    def _set_scope(self, group: str, scope: str) -> None:
        gid = self.groups[group]
        row = self.office.get("auth/group/edit", id=gid)
        assert row.ok, row
        body = {k: row.data["row"][k] for k in ("id", "pid", "name", "rules", "status", "remark")}
        assert self.office.post("auth/group/edit", {**body, "data_scope": scope}).ok

    def reaches(self, who: str, row: int) -> bool:
        if row not in self.model:
            return False
        if who == "super":
            return True
        group = self.member_of[who]
        scope, creator = self.scope[group], self.model[row][0]
        if scope == "all":
            return True
        if scope == "group":
            return creator in {a for a, g in self.member_of.items() if g == group}
        return creator == who

    # --- rules ------------------------------------------------------------------------------
    @rule(target=rows, who=st.sampled_from(ACTORS))
    def add(self, who: str) -> int:
        self.counter.step()
        title = f"t{next(TITLES)}"
        answer = self.admins[who].post(f"{self.table}/add", {"title": title})
        self.expect(answer, True, f"{who} adds a row")
        row = int(answer.data["id"])
        self.model[row] = (who, title)
        return row

    @rule(who=st.sampled_from(ACTORS), row=st.one_of(rows, st.just(MISSING)))
    def edit(self, who: str, row: int) -> None:
        self.counter.step()
        title = f"t{next(TITLES)}"
        allowed = self.reaches(who, row)
        answer = self.admins[who].post(f"{self.table}/edit", {"id": row, "title": title})
        self.expect(answer, allowed, f"{who} edits row {row}")
        if not allowed:
            self._check(answer.msg == "The record does not exist", f"{who} editing row {row}: {answer.msg!r}")
        if answer.ok:
            self.model[row] = (self.model[row][0], title)

    @rule(who=st.sampled_from(ACTORS), row=st.one_of(rows, st.just(MISSING)))
    def delete(self, who: str, row: int) -> None:
        self.counter.step()
        allowed = self.reaches(who, row)
        answer = self.admins[who].delete(f"{self.table}/del", [row])
        self.expect(answer, allowed, f"{who} deletes row {row}")
        if answer.ok:
            del self.model[row]

    @rule(who=st.sampled_from(ACTORS), moved=rows, target=rows)
    def sort(self, who: str, moved: int, target: int) -> None:
        self.counter.step()
        allowed = self.reaches(who, moved) and self.reaches(who, target)
        answer = self.admins[who].post(f"{self.table}/sortable", {"id": moved, "targetId": target})
        self.expect(answer, allowed, f"{who} moves row {moved} to row {target}")

    @rule(group=st.sampled_from(("own", "team")), scope=st.sampled_from(SCOPES))
    def change_scope(self, group: str, scope: str) -> None:
        self.counter.step()
        self._set_scope(group, scope)
        self.scope[group] = scope

    # --- the invariant ------------------------------------------------------------------------
    @invariant()
    def each_admin_lists_exactly_its_scope(self) -> None:
        for who, office in self.admins.items():
            listed, _ = office.walk(self.table, limit=3)
            seen = {int(r["id"]): r["title"] for r in listed}
            expected = {row: title for row, (_, title) in self.model.items() if self.reaches(who, row)}
            self._check(len(listed) == len(seen), f"{who}'s list repeats a row: {listed}")
            self._check(seen == expected, f"{who} lists {seen}, its scope reaches {expected}")
