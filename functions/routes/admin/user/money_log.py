"""Members' balance log: `/admin/user/moneyLog/index` (read-only, amounts in yuan strings) and
`POST /admin/user/moneyLog/add` (permission `user/moneyLog/add`): add to or, negative, deduct from
a member's balance, in yuan (the route is `AccountLogTable`'s, shared with user/scoreLog)."""

from pydantic import Field

from functions.models.account_log import MoneyLog
from functions.routes.admin.user.account_log import AccountAdjust, AccountLogTable
from functions.services import wallet


class MoneyAdjust(AccountAdjust):
    money: str = Field(min_length=1, max_length=20)

    def amount(self) -> int:
        return wallet.yuan_to_cents(self.money)


class MoneyLogTable(AccountLogTable):
    path = "user/moneyLog"
    model = MoneyLog
    adjust_schema = MoneyAdjust


table = MoneyLogTable()
router = table.router()
