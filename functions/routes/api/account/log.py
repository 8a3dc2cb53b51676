"""The member's balance and points logs (member token): `GET /api/account/balance` /
`GET /api/account/integral` `?page=1&limit=10` (limit 1–100) → `{list, total}`, newest first; rows
`{id, seq, user_id, change, before, after, memo, create_time}`; balance amounts in yuan strings."""

from __future__ import annotations

import builtins
from typing import Annotated, Any

from fastapi import Query

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.models.user import User
from functions.routes.deps import member_rule
from functions.routes.shapes import LogRow
from functions.services import members, wallet

router = APIRouter(prefix="/account", tags=["account"])


class LogPage(Model):
    list: builtins.list[LogRow]
    total: int


Page = Query(default=1, ge=1, le=100000)
Limit = Query(default=10, ge=1, le=100)


@router.get("/balance", name="account_balance", response_model=Envelope[LogPage])
def balance(
    user: Annotated[User, member_rule("account/balance")], page: int = Page, limit: int = Limit
) -> dict[str, Any]:
    """The balance log, newest first (amounts in yuan strings)."""
    data = wallet.list_log("money", user, page, limit)
    data["list"] = [members.money_row(row) for row in data["list"]]
    return success(data)


@router.get("/integral", name="account_integral", response_model=Envelope[LogPage])
def integral(
    user: Annotated[User, member_rule("account/integral")], page: int = Page, limit: int = Limit
) -> dict[str, Any]:
    """The points log, newest first."""
    return success(wallet.list_log("score", user, page, limit))
