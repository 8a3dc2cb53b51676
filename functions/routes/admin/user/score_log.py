"""Members' points log: `/admin/user/scoreLog/index` (read-only) and `POST /admin/user/scoreLog/add`
(permission `user/scoreLog/add`): add to or, negative, deduct from a member's points (the route is
`AccountLogTable`'s, shared with user/moneyLog)."""

from pydantic import Field

from functions.models.account_log import ScoreLog
from functions.routes.admin.user.account_log import AccountAdjust, AccountLogTable
from functions.services import wallet


class ScoreAdjust(AccountAdjust):
    score: int = Field(ge=-wallet.MAX_POINTS, le=wallet.MAX_POINTS)

    def amount(self) -> int:
        return int(self.score)


class ScoreLogTable(AccountLogTable):
    path = "user/scoreLog"
    model = ScoreLog
    adjust_schema = ScoreAdjust


table = ScoreLogTable()
router = table.router()
