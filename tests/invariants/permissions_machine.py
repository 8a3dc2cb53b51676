"""The permissions machine: a limited admin (`limited`, in a group holding `GRANTED`) and the super admin
act on groups, admins and menu rules in any order — the limited admin adds groups with any rules,
edits groups (its own included) to add rules, moves them, deletes them, adds admins into any group; the
super admin deletes a menu rule and restores it from the recycle bin, adds a new design (new rules).

Invariant: the limited admin's allowed set never grows — the rules its groups hold (read by the super
admin) and the menu it is shown (read by itself) stay within what it was given; every group it made
holds only rules it holds itself.
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, multiple, rule

from tests.api.admin_support import make_group, rule_ids, unique
from tests.invariants.backoffice import BackOffice, Checks, logged_in_admin
from tests.invariants.budget import Counter

GRANTED = [
    "auth",
    "auth/group",
    "auth/group/index",
    "auth/group/add",
    "auth/group/edit",
    "auth/group/del",
    "auth/admin",
    "auth/admin/index",
    "auth/admin/add",
    "auth/admin/edit",
    "routine",
    "routine/attachment",
    "routine/attachment/index",
]
OTHERS = [
    "auth/rule",
    "auth/rule/index",
    "auth/rule/del",
    "user/user",
    "user/user/index",
    "routine/config",
    "crud/crud",
]
NAMES = itertools.count(1)


class PermissionsMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    groups = Bundle("groups")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        self.granted = set(rule_ids(GRANTED))
        self.others = rule_ids(OTHERS)
        self.group = make_group(sorted(self.granted))
        self.limited = logged_in_admin(self.office.api, group_id=self.group)
        self.as_limited = BackOffice(self.office.api, self.limited)
        self.mine: set[int] = set()  # groups the limited admin made

    @rule(
        target=groups,
        pid=st.sampled_from(["own", "top", "made"]),
        rules=st.lists(st.integers(0, 40), max_size=6),
    )
    def add_group(self, pid: str, rules: list[int]) -> Any:
        """The limited admin adds a group under its own, at the top or under one it made, with any rules."""
        self.counter.step()
        parent = {"own": self.group, "top": 0, "made": max(self.mine, default=self.group)}[pid]
        pool = sorted(self.granted) + self.others
        chosen = sorted({pool[i % len(pool)] for i in rules})
        answer = self.as_limited.post(
            "auth/group/add", {"pid": parent, "name": unique("g"), "rules": chosen, "status": "enable"}
        )
        if not answer.ok:
            return multiple()
        self.mine.add(int(answer.data["id"]))
        return int(answer.data["id"])

    @rule(group=st.one_of(groups, st.just(0)), rules=st.lists(st.integers(0, 40), max_size=6))
    def edit_group(self, group: int, rules: list[int]) -> None:
        """The limited admin edits a group it made, or its own (group 0 here), adding any rules."""
        self.counter.step()
        target = group or self.group
        current = self.as_limited.get("auth/group/edit", id=target)
        if not current.ok:
            return
        pool = sorted(self.granted) + self.others
        row = current.data["row"]
        chosen = sorted(
            {
                *[int(r) for r in row.get("rules") or [] if str(r).isdigit()],
                *(pool[i % len(pool)] for i in rules),
            }
        )
        self.as_limited.post("auth/group/edit", {**row, "rules": chosen, "id": target})

    @rule(group=groups)
    def delete_group(self, group: int) -> None:
        self.counter.step()
        self.as_limited.delete("auth/group/del", [group])

    @rule(group=st.one_of(groups, st.just(0), st.just(1)))
    def add_admin(self, group: int) -> None:
        """The limited admin adds an admin into a group (its own, one it made, the super group #1)."""
        self.counter.step()
        target = group or self.group
        body = {
            "username": unique("a")[:15],
            "nickname": "N",
            "password": "Admin_pass1",
            "group_arr": [target],
        }
        self.as_limited.post("auth/admin/add", body)

    @rule(which=st.integers(0, 40))
    def delete_and_restore_rule(self, which: int) -> None:
        """The super admin deletes a menu rule (held by the limited admin or not) and restores it."""
        self.counter.step()
        pool = sorted(self.granted) + self.others
        victim = pool[which % len(pool)]
        gone = self.office.delete("auth/rule/del", [victim])
        if not gone.ok:
            return
        logs = [r for r in self.office.log("dataRecycleLog", "auth/rule") if int(r["item_id"]) == victim]
        if logs:
            self.office.post("security/dataRecycleLog/restore", {"ids": [int(logs[0]["id"])]})

    @invariant()
    def check_allowed_set_never_grows(self) -> None:
        groups, _ = self.office.walk("auth/group", limit=1000)
        flat: list[dict[str, Any]] = []
        stack = list(groups)
        while stack:
            node = stack.pop()
            flat.append(node)
            stack.extend(node.get("children") or [])
        by_id = {int(g["id"]): g for g in flat}
        admin = self.office.get("auth/admin/edit", id=self.limited.id)
        assert admin.ok, admin
        holds: set[int] = set()
        for group_id in admin.data["row"]["group_arr"]:
            group = by_id.get(int(group_id))
            rules = group.get("rules") if group else []
            self._check(rules != ["*"], f"the limited admin is now in a super group #{group_id}")
            holds |= {int(r) for r in rules or [] if str(r).isdigit()}
        self._check(
            holds <= self.granted, f"the limited admin's groups now hold {sorted(holds - self.granted)}"
        )
        for made in self.mine & set(by_id):
            rules = {int(r) for r in by_id[made].get("rules") or [] if str(r).isdigit()}
            self._check(
                by_id[made].get("rules") != ["*"] and rules <= self.granted,
                f"group #{made} made by the limited admin holds {by_id[made].get('rules')}",
            )
        shown = self.as_limited.get("index/index")
        assert shown.ok, shown
        names: set[str] = set()
        stack = list(shown.data["menus"])
        while stack:
            node = stack.pop()
            names.add(node.get("name", ""))
            stack.extend(node.get("children") or [])
        allowed_names = set(GRANTED) | {"dashboard"}
        self._check(
            names <= allowed_names, f"the limited admin's menu now shows {sorted(names - allowed_names)}"
        )
