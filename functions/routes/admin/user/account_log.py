"""The table of a member's balance log and of its points log (`user/moneyLog`, `user/scoreLog`: each
module configures it with its model and the amount field of its `POST add`)."""

from typing import Annotated, Any, ClassVar

from pydantic import Field

from functions.core.responses import ApiError, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema, Text
from functions.models.account_log import MoneyLog
from functions.models.unique import owner_of
from functions.models.user import USERNAME_SCOPE, User, cents_to_yuan
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.reading import key_value
from functions.routes.admin.table.shapes import row_shape
from functions.services import crud_table, listing, wallet

AccountLogRow = row_shape(
    "AccountLogRow",
    MoneyLog,
    "id seq user_id username nickname change before after memo admin_id create_time",
    "A balance (amounts in yuan strings) or points (integers) log row.",
    username=str,
    nickname=str,
    change=str | int,
    before=str | int,
    after=str | int,
)


class AccountAdjust(Schema):
    """The body of an account log's `POST add`; a subclass adds the amount field (`money`, `score`)."""

    user_id: int
    memo: Text = Field("", max_length=255)

    def amount(self) -> int:
        """The change asked for, in cents or points."""
        raise NotImplementedError


class AccountLogTable(Table):
    """A member's balance or points log (read-only), rows with the member's username and nickname;
    money amounts in yuan strings. A filter on `user_id`, or a quick search that is a member's exact
    username, reads that member's rows only (the table's own key: `user_id`, `seq`).

    Besides the index, `POST add` (permission `<path>/add`, body `adjust_schema`) adds to or, negative,
    deducts from the member's balance or points through `functions.services.wallet` (member and log
    row in one transaction) and answers the log row (`after` in yuan for money)."""

    adjust_schema: ClassVar[type[AccountAdjust]] = AccountAdjust

    @property
    def kind(self) -> str:
        """ "money" or "score": the model's (`functions.services.wallet`'s name for it)."""
        return str(self.model.kind)

    def router(self) -> APIRouter:
        router = super().router()
        table, perm, adjust_schema = self, f"{self.path}/add", self.adjust_schema

        @router.post(
            "/add",
            name=self.name("add"),
            response_model=self.answers()[1],
            response_model_exclude_unset=True,
        )
        def adjust(body: adjust_schema, ctx: Annotated[AdminContext, require(perm)]) -> dict[str, Any]:  # type: ignore[valid-type]
            """Add to (or, negative, deduct from) a member's balance (in yuan) or points."""
            amount = body.amount()  # type: ignore[attr-defined]
            if amount == 0:
                raise ApiError("The amount must not be zero")
            row = wallet.change(table.kind, body.user_id, amount, body.memo, admin_id=ctx.id)  # type: ignore[attr-defined]
            if table.kind == "money":
                row["after"] = cents_to_yuan(row["after"])
            return success({"row": row}, "Operation successful")

        return router

    fields = ("id", "user_id", "username", "change", "memo", "admin_id", "create_time")
    quick_search = ("memo", "user_id")
    actions = ("index",)
    row_model = AccountLogRow

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return item.to_dict()

    def key_partition(self, cond: crud_table.Condition) -> listing.Partition | None:
        """A filter on `user_id`: that member's rows (the table's own key)."""
        if cond.field != "user_id":
            return None
        return listing.Partition(self.model, key_value(self.model, "user_id", cond.val))

    def quick_partition(self, text: str) -> listing.Partition | None:
        """A quick search that is a member's exact username: that member's rows."""
        owner = owner_of(USERNAME_SCOPE, text)
        return listing.Partition(self.model, int(owner)) if owner is not None else None

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        ids = sorted({int(r["user_id"]) for r in rows})
        users = {int(u.id): u for u in User.batch_get(ids)} if ids else {}
        for row in rows:
            user = users.get(int(row["user_id"]))
            row["username"] = user.username if user else ""
            row["nickname"] = user.nickname if user else ""
            if self.kind == "money":
                for key in ("change", "before", "after"):
                    row[key] = cents_to_yuan(int(row[key]))
