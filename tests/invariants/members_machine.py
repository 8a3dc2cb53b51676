"""The built-in tables machine: members with their balance and points (会员, 余额日志, 积分日志), driven
over HTTP — add a member, add to or deduct from the balance (yuan with cents, a third decimal rounded
half up) and the points, edit the member's profile through the edit form, delete, restore — beside a
model of each member's balance in cents and points.

Invariants: every member's balance and points equal the model exactly (never below zero: a deduction
beyond them is refused and changes nothing); the member's balance and points logs are a chain (each
row's `before` is the previous row's `after`, `after` = `before` + `change`) whose last `after` is the
balance; an edit of the profile never changes the balance or the points; a member restored from the
recycle bin comes back with the same balance, points and id; the list total equals the model."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, multiple, rule

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import Counter

MAX_CENTS = 100_000_000 * 100
MAX_VALUE = 10**15
AMOUNTS = st.one_of(
    st.sampled_from(["0.01", "-0.01", "186000.00", "0.005", "-0.005", "12.345", "100000000", "-1", "0"]),
    st.integers(-(10**7), 10**7).map(lambda m: format(Decimal(m) / 1000, "f")),
)


def cents(yuan: str) -> int:
    return int((Decimal(yuan) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


class MembersMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    members = Bundle("members")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        self.money: dict[int, int] = {}
        self.score: dict[int, int] = {}
        self.deleted: dict[int, tuple[int, int]] = {}
        listed, _ = self.office.walk("user/user", limit=100)
        self.others = {int(r["id"]) for r in listed}  # members of earlier examples (deleted below)
        if self.others:
            gone = self.office.delete("user/user/del", sorted(self.others))
            assert gone.ok, gone
            self.others = set()

    @rule(target=members, nickname=V.line(20).filter(lambda s: s.strip() != ""))
    def add_member(self, nickname: str) -> Any:
        self.counter.step()
        from tests.api.admin_support import PASSWORD, unique

        body = {"username": unique("mem"), "nickname": nickname[:100], "password": PASSWORD}
        answer = self.office.post("user/user/add", body)
        if not answer.ok and answer.status == 400:
            return multiple()  # a nickname the form refuses (its own rules)
        self.expect(answer, True, f"add member {body!r}")
        member = int(answer.data["id"])
        self.money[member], self.score[member] = 0, 0
        return member

    @rule(member=members, amount=AMOUNTS)
    def change_balance(self, member: int, amount: str) -> None:
        self.counter.step()
        change = cents(amount)
        live = member in self.money
        after = self.money.get(member, 0) + change
        ok = live and change != 0 and abs(Decimal(amount)) <= Decimal("100000000") and 0 <= after <= MAX_VALUE
        answer = self.office.post(
            "user/moneyLog/add", {"user_id": member, "money": amount, "memo": "invariants"}
        )
        self.expect(answer, ok, f"change the balance of #{member} by {amount}")
        if answer.ok:
            self.money[member] = after
            self._check(answer.data["row"]["after"] == V.yuan(after), f"balance answer {answer.data}")

    @rule(
        member=members,
        points=st.one_of(st.sampled_from([1, -1, 0, 100_000_000, -100_000_001]), st.integers(-500, 500)),
    )
    def change_points(self, member: int, points: int) -> None:
        self.counter.step()
        live = member in self.score
        after = self.score.get(member, 0) + points
        ok = live and points != 0 and abs(points) <= 100_000_000 and 0 <= after <= MAX_VALUE
        answer = self.office.post(
            "user/scoreLog/add", {"user_id": member, "score": points, "memo": "invariants"}
        )
        if answer.status == 400 and abs(points) > 100_000_000:
            return  # out of the form's bounds: refused by the schema
        self.expect(answer, ok, f"change the points of #{member} by {points}")
        if answer.ok:
            self.score[member] = after

    @rule(member=members, motto=V.line(20))
    def edit_profile(self, member: int, motto: str) -> None:
        """The member's edit form, loaded and saved with another motto: balance and points stay."""
        self.counter.step()
        current = self.office.get("user/user/edit", id=member)
        if member not in self.money:
            self._check(not current.ok, f"deleted member #{member} still opens")
            return
        self._check(current.ok, f"member #{member} does not open: {current}")
        body = {**current.data["row"], "motto": motto, "password": "", "id": member}
        answer = self.office.post("user/user/edit", body)
        if answer.status == 400:
            return  # a value the form refuses
        self.expect(answer, True, f"edit member #{member}")

    @rule(member=members)
    def delete_member(self, member: int) -> None:
        self.counter.step()
        answer = self.office.delete("user/user/del", [member])
        self.expect(answer, member in self.money, f"delete member #{member}")
        if answer.ok:
            self.deleted[member] = (self.money.pop(member), self.score.pop(member))

    @rule(member=members)
    def restore_member(self, member: int) -> None:
        self.counter.step()
        if member not in self.deleted:
            return
        logs = [r for r in self.office.log("dataRecycleLog", "user/user") if int(r["item_id"]) == member]
        self._check(len(logs) == 1, f"deleted member #{member}: recycle bin rows {logs}")
        answer = self.office.post("security/dataRecycleLog/restore", {"ids": [int(logs[0]["id"])]})
        self.expect(answer, True, f"restore member #{member}")
        self.money[member], self.score[member] = self.deleted.pop(member)

    @invariant()
    def check_balances(self) -> None:
        listed, total = self.office.walk("user/user", limit=4)
        got = {int(r["id"]): (r["money"], r["score"]) for r in listed}
        want = {m: (V.yuan(self.money[m]), self.score[m]) for m in self.money}
        self._check(got == want, f"members (balance, points) {got} != model {want}")
        self._check(total == len(want), f"member total {total} != model {len(want)}")

    @invariant()
    def check_log_chains(self) -> None:
        for member in self.money:
            for log, value, to_int in (
                ("user/moneyLog", self.money[member], cents),
                ("user/scoreLog", self.score[member], int),
            ):
                search = json.dumps([{"field": "user_id", "val": member, "operator": "eq"}])
                rows, _ = self.office.walk(log, limit=50, search=search)
                rows.sort(key=lambda r: int(r["id"]))
                running = 0
                for row in rows:
                    before, change, after = (to_int(str(row[k])) for k in ("before", "change", "after"))
                    self._check(before == running and after == before + change, f"{log} of #{member}: {row}")
                    running = after
                self._check(running == value, f"{log} of #{member} ends at {running}, the model at {value}")
