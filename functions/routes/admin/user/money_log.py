"""Members' balance log: `/admin/user/moneyLog/index` (read-only, amounts in yuan strings) and
`POST /admin/user/moneyLog/add` (permission `user/moneyLog/add`): add to or, negative, deduct from
a member's balance, in yuan (the route is `AccountLogTable`'s, shared with user/scoreLog)."""

from typing import Any

from pydantic import Field

from functions.models.account_log import MoneyLog
from functions.routes.admin.table import AccountAdjust, AccountLogTable
from functions.services import wallet


class MoneyAdjust(AccountAdjust):
    money: str = Field(min_length=1, max_length=20)


class MoneyLogTable(AccountLogTable):
    path = "user/moneyLog"
    model = MoneyLog
    kind = "money"
    adjust_schema = MoneyAdjust

    def amount(self, body: Any) -> int:
        return wallet.yuan_to_cents(body.money)


router = MoneyLogTable().router()
