"""Login lockout, one implementation for members (`functions.services.members`) and admins
(`functions.services.admin_auth`).

`MAX_FAILURES` (5) consecutive wrong passwords lock an account for `LOCK_MINUTES` (15); while it is
locked even the right password is refused, and a right password resets the count.

Every attempt is **reserved before the password hash is checked**: one conditional UpdateItem adds
1 to the account's `login_failures` only while it is below `MAX_FAILURES` and the account is not
locked. So a burst of parallel guesses gets at most `MAX_FAILURES` hash checks; the others are
refused with the lockout message without touching the hash. Then:
- wrong password: the attempt stays counted; the one that holds the last number locks the account
  (`lock_until`, count back to 0);
- right password: `succeeded()` resets the count and the lock (with the caller's own updates).
A reservation refused because the count is full while no lock is set (attempts still in flight, or
left over by a process that died between reserving and checking) sets the lock itself, so the
account cannot stay refused forever.
"""

from __future__ import annotations

import math
from typing import Any

from pynamodb.exceptions import UpdateError

from functions.models.base import BaseModel, now

MAX_FAILURES = 5
LOCK_MINUTES = 15


class Locked(Exception):
    """The account is locked until `lock_until` (unix seconds)."""

    def __init__(self, lock_until: int) -> None:
        super().__init__(lock_until)
        self.lock_until = lock_until

    @property
    def minutes(self) -> int:
        """Minutes left, rounded up (at least 1)."""
        return max(1, math.ceil((self.lock_until - now()) / 60))


def locked_until(account: BaseModel, current: int | None = None) -> int:
    """`lock_until` when the account is locked now, else 0."""
    until = int(getattr(account, "lock_until", 0) or 0)
    return until if until > (now() if current is None else current) else 0


def reserve(account: Any) -> int:
    """Count one login attempt of `account` (a model with `login_failures` and `lock_until`) before
    its password is checked; returns the attempt's number (1 … MAX_FAILURES). Raises `Locked`."""
    model = type(account)
    current = now()
    if locked_until(account, current):
        raise Locked(int(account.lock_until))
    not_locked = model.lock_until.does_not_exist() | (model.lock_until <= current)
    below_max = model.login_failures.does_not_exist() | (model.login_failures < MAX_FAILURES)
    try:
        account.update(actions=[model.login_failures.add(1)], condition=not_locked & below_max)
    except UpdateError as exc:
        if exc.cause_response_code != "ConditionalCheckFailedException":
            raise
        account.refresh(consistent_read=True)
        until = locked_until(account, current)
        if not until:  # the count is full but nobody has locked yet: lock now
            until = _lock(account, current)
        raise Locked(until) from None
    return int(account.login_failures)


def failed(account: Any, attempt: int) -> None:
    """The reserved `attempt` had a wrong password: the last allowed one locks the account (raises
    `Locked`); the others stay counted."""
    if attempt >= MAX_FAILURES:
        raise Locked(_lock(account, now()))


def succeeded(account: Any, *actions: Any) -> None:
    """A right password: reset the count and the lock, together with the caller's `actions`."""
    model = type(account)
    account.update(actions=[model.login_failures.set(0), model.lock_until.set(0), *actions])


def remaining(attempt: int) -> int:
    """How many wrong passwords are left after the reserved `attempt` failed."""
    return MAX_FAILURES - attempt


def _lock(account: Any, current: int) -> int:
    model = type(account)
    until = current + LOCK_MINUTES * 60
    account.update(actions=[model.lock_until.set(until), model.login_failures.set(0)])
    return until
