"""Money and points change only together with their log row, in one transaction, and concurrent
changes lose nothing (`functions.services.wallet`, against DynamoDB Local)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from functions.core.responses import ApiError
from functions.models.account_log import MoneyLog, ScoreLog
from functions.models.user import User
from functions.services import wallet
from functions.services.member_info import member_info

from .members_support import new_member

pytestmark = pytest.mark.usefixtures("fast_hashing")


def test_fifty_parallel_point_changes_lose_nothing(dynamodb) -> None:
    user = new_member()
    amounts = [(i % 7) + 1 if i % 5 else -1 for i in range(50)]
    wallet.change_score(user.id, 100, "opening")  # so the deductions never go below zero

    with ThreadPoolExecutor(max_workers=16) as pool:
        rows = list(pool.map(lambda a: wallet.change_score(user.id, a, f"change {a}"), amounts))

    final = User.find(user.id)
    assert final.score == 100 + sum(amounts)
    assert final.score_log_count == 51
    logs = list(ScoreLog.query(user.id, consistent_read=True))
    assert len(logs) == 51
    assert [int(log.seq) for log in logs] == list(range(1, 52))
    # Each row starts where the previous one ended: a gap-free chain.
    for previous, current in zip(logs, logs[1:], strict=False):
        assert int(current.before) == int(previous.after)
        assert int(current.after) == int(current.before) + int(current.change)
    assert int(logs[-1].after) == final.score
    assert sorted(int(r["change"]) for r in rows) == sorted(amounts)
    assert len({r["id"] for r in rows}) == 50


def test_money_is_integer_cents_with_a_log_row(dynamodb) -> None:
    user = new_member()
    row = wallet.change_money(user.id, 1234, "top-up", admin_id=7)
    assert row == {**row, "change": 1234, "before": 0, "after": 1234, "memo": "top-up"}
    log = MoneyLog.get(user.id, 1)
    assert log.admin_id == 7
    assert User.find(user.id).money == 1234
    assert member_info(User.find(user.id))["money"] == "12.34"


def test_refused_changes_write_nothing(dynamodb) -> None:
    user = new_member()
    wallet.change_money(user.id, 100, "in")
    with pytest.raises(ApiError) as caught:
        wallet.change_money(user.id, -101, "too much")
    assert caught.value.msg == "Insufficient balance"
    with pytest.raises(ApiError) as caught:
        wallet.change_score(user.id, -1, "none yet")
    assert caught.value.msg == "Insufficient points"
    with pytest.raises(ApiError):
        wallet.change_money(user.id, 0, "zero")
    with pytest.raises(TypeError):
        wallet.change_money(user.id, 1.5, "float")  # type: ignore[arg-type]
    with pytest.raises(ApiError) as caught:
        wallet.change_money(999_999_999, 5, "nobody")
    assert caught.value.msg == "The member does not exist"
    fresh = User.find(user.id)
    assert (fresh.money, fresh.money_log_count, fresh.score, fresh.score_log_count) == (100, 1, 0, 0)
    assert len(list(MoneyLog.query(user.id))) == 1
    assert list(ScoreLog.query(user.id)) == []


def test_parallel_deductions_never_overdraw(dynamodb) -> None:
    user = new_member()
    wallet.change_money(user.id, 1000, "in")

    def take(_: int) -> bool:
        try:
            wallet.change_money(user.id, -300, "take")
        except ApiError:
            return False
        return True

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(take, range(8)))
    assert results.count(True) == 3
    assert User.find(user.id).money == 100
    assert len(list(MoneyLog.query(user.id, consistent_read=True))) == 4
