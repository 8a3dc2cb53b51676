"""Members' points log: `/admin/user/scoreLog/index` (read-only) and `POST /admin/user/scoreLog/add`
(permission `user/scoreLog/add`): add to or, negative, deduct from a member's points through
`functions.services.wallet`."""

from typing import Annotated, Any

from pydantic import Field

from functions.core.responses import ApiError, success
from functions.core.validators import Schema, Text
from functions.models.account_log import ScoreLog
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table import AccountLogTable
from functions.services import wallet


class ScoreLogTable(AccountLogTable):
    path = "user/scoreLog"
    model = ScoreLog
    kind = "score"


class ScoreAdjust(Schema):
    user_id: int
    score: int = Field(ge=-wallet.MAX_POINTS, le=wallet.MAX_POINTS)
    memo: Text = Field("", max_length=255)


router = ScoreLogTable().router()


@router.post("/add", name="user_scoreLog_add")
def adjust_score(
    body: ScoreAdjust, ctx: Annotated[AdminContext, require("user/scoreLog/add")]
) -> dict[str, Any]:
    """Add to (or, negative, deduct from) a member's points."""
    if body.score == 0:
        raise ApiError("The amount must not be zero")
    row = wallet.change_score(body.user_id, body.score, body.memo, admin_id=ctx.id)
    return success({"row": row}, "Operation successful")
