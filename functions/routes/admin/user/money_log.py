"""Members' balance log: `/admin/user/moneyLog/index` (read-only, amounts in yuan strings) and
`POST /admin/user/moneyLog/add` (permission `user/moneyLog/add`): add to or, negative, deduct from
a member's balance through `functions.services.wallet` (member and log row in one transaction)."""

from typing import Annotated, Any

from pydantic import Field

from functions.core.responses import ApiError, success
from functions.core.validators import Schema, Text
from functions.models.account_log import MoneyLog
from functions.models.user import cents_to_yuan
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table import AccountLogTable
from functions.services import wallet


class MoneyLogTable(AccountLogTable):
    path = "user/moneyLog"
    model = MoneyLog
    kind = "money"


class MoneyAdjust(Schema):
    user_id: int
    money: str = Field(min_length=1, max_length=20)
    memo: Text = Field("", max_length=255)


router = MoneyLogTable().router()


@router.post("/add", name="user_moneyLog_add")
def adjust_money(
    body: MoneyAdjust, ctx: Annotated[AdminContext, require("user/moneyLog/add")]
) -> dict[str, Any]:
    """Add to (or, negative, deduct from) a member's balance, in yuan."""
    cents = wallet.yuan_to_cents(body.money)
    if cents == 0:
        raise ApiError("The amount must not be zero")
    row = wallet.change_money(body.user_id, cents, body.memo, admin_id=ctx.id)
    return success({"row": {**row, "after": cents_to_yuan(row["after"])}}, "Operation successful")
