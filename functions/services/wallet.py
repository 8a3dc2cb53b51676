"""Balance (money, integer cents) and points (score) changes of members.

A change is one DynamoDB transaction of two writes: the member row (new value and log number, on
the condition that both still hold what was read) and the log row (on the condition that it does not
exist). When another change got in between, the condition fails and the change is retried on fresh
values (optimistic concurrency), so concurrent changes never lose one another and every change has
exactly one log row. A change that would make the value negative is refused ("Insufficient
balance" / "Insufficient points"); nothing is written then. One change is at most `MAX_CENTS`
(100,000,000 yuan) or `MAX_POINTS` (100,000,000 points) either way, and a value never grows past
`MAX_VALUE`; beyond that "The value is out of range" (DynamoDB and browsers cannot hold any number).

`change_money(user_id, cents, memo, admin_id=None)` and `change_score(user_id, points, memo,
admin_id=None)` return the log row as a dict (`change`, `before`, `after` in cents/points).
"""

from __future__ import annotations

import random
import time
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from pynamodb.exceptions import TransactWriteError

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import ApiError
from functions.models.account_log import MoneyLog, ScoreLog
from functions.models.base import now, transact_write
from functions.models.counter import next_id
from functions.models.listing import count_rows
from functions.models.user import User

MAX_ATTEMPTS = 200
MEMO_MAX = 255
MAX_CENTS = 100_000_000 * 100
MAX_POINTS = 100_000_000
MAX_VALUE = 10**15  # below 2**53: exact in a browser


def yuan_to_cents(value: str | int | float) -> int:
    """A yuan amount as typed ("12.5", "-3") in integer cents, rounded half up; at most 10^8 yuan."""
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise ApiError("Floating point number") from None
    if not amount.is_finite() or abs(amount) > Decimal("100000000"):
        raise ApiError("Floating point number")
    return int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


_RETRYABLE = {"ConditionalCheckFailed", "TransactionConflict"}


class ConcurrentChangeError(Exception):
    """The change could not be applied after `MAX_ATTEMPTS` tries (extreme contention)."""


def _retryable(exc: TransactWriteError) -> bool:
    if exc.cause_response_code == "TransactionInProgressException":
        return True
    reasons = exc.cancellation_reasons or []
    return any(reason is not None and reason.code in _RETRYABLE for reason in reasons)


def change(kind: str, user_id: int | str, amount: int, memo: str, admin_id: int | None) -> dict[str, Any]:
    """Add `amount` (cents for kind "money", points for "score"; negative to deduct) to the member's
    balance or points, with its log row."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError("amount must be an integer")
    if amount == 0:
        raise ApiError("The change amount cannot be zero")
    if abs(amount) > (MAX_CENTS if kind == "money" else MAX_POINTS):
        raise ApiError("The value is out of range")
    memo = (memo or "").strip()[:MEMO_MAX]
    if kind == "money":
        log_model: type[MoneyLog] | type[ScoreLog] = MoneyLog
        value_attr, count_attr = User.money, User.money_log_count
        short = "Insufficient balance"
    else:
        log_model = ScoreLog
        value_attr, count_attr = User.score, User.score_log_count
        short = "Insufficient points"
    log_id = next_id(log_model.logical_name)
    for attempt in range(MAX_ATTEMPTS):
        user = User.find(user_id)
        if user is None:
            raise ApiError("The member does not exist")
        before = int(getattr(user, value_attr.attr_name) or 0)
        count = int(getattr(user, count_attr.attr_name) or 0)
        after = before + amount
        if after < 0:
            raise ApiError(short)
        if after > MAX_VALUE:
            raise ApiError("The value is out of range")
        created = now()
        row = log_model(
            int(user.id),
            count + 1,
            id=log_id,
            change=amount,
            before=before,
            after=after,
            memo=memo,
            admin_id=int(admin_id or 0),
            create_time=created,
        )
        try:
            with transact_write() as tx:
                tx.update(
                    user,
                    actions=[
                        value_attr.set(after),
                        count_attr.set(count + 1),
                        User.update_time.set(created),
                    ],
                    condition=(value_attr == before) & (count_attr == count),
                )
                tx.save(row, condition=log_model.seq.does_not_exist())
                count_rows(tx, row, 1)
        except TransactWriteError as exc:
            if not _retryable(exc):
                raise
            time.sleep(random.uniform(0, min(0.05, 0.002 * (attempt + 1))))
            continue
        return row.to_dict()
    raise ConcurrentChangeError(f"{kind} change for user {user_id} kept conflicting")


def change_money(user_id: int | str, cents: int, memo: str, admin_id: int | None = None) -> dict[str, Any]:
    """Add `cents` (negative to deduct) to the member's balance, with its log row."""
    return change("money", user_id, cents, memo, admin_id)


def change_score(user_id: int | str, points: int, memo: str, admin_id: int | None = None) -> dict[str, Any]:
    """Add `points` (negative to deduct) to the member's points, with its log row."""
    return change("score", user_id, points, memo, admin_id)


def _page_bounds(total: int, page: int, limit: int) -> tuple[int, int] | None:
    high = total - (page - 1) * limit
    if high < 1:
        return None
    return max(1, high - limit + 1), high


def list_log(kind: str, user: User, page: int, limit: int) -> dict[str, Any]:
    """One page of a member's log, newest first: `{"list": [...], "total": n}` (a key-range Query)."""
    log_model: type[MoneyLog] | type[ScoreLog] = MoneyLog if kind == "money" else ScoreLog
    total = int((user.money_log_count if kind == "money" else user.score_log_count) or 0)
    bounds = _page_bounds(total, page, limit)
    rows: list[dict[str, Any]] = []
    if bounds is not None:
        low, high = bounds
        rows = [
            row.to_dict()
            for row in log_model.query(
                int(user.id), log_model.seq.between(low, high), scan_index_forward=False
            )
        ]
    return {"list": rows, "total": total}


def recent_log(kind: str, user: User, since: int, limit: int = 2000) -> list[dict[str, Any]]:
    """The member's rows created at or after `since`, newest first (stops at the first older row)."""
    log_model: type[MoneyLog] | type[ScoreLog] = MoneyLog if kind == "money" else ScoreLog
    rows = []
    for row in log_model.query(int(user.id), scan_index_forward=False, limit=limit):
        if int(row.create_time) < since:
            break
        rows.append(row.to_dict())
    return rows
