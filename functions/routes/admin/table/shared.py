"""What the back office's two audiences share (route modules never import each other): the account
form (auth/admin, user/user), the group form (auth/group, user/group), and the menu-rule form and tree
table (auth/rule, user/rule)."""

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from functions.core.i18n import get_lang, t
from functions.core.validators import (
    Account,
    AvatarUrl,
    Motto,
    OptionalEmail,
    OptionalMobile,
    Password,
    Required,
    Schema,
    Text,
    Url,
)
from functions.models.base import WatchedTransaction
from functions.models.rule import AdminRule
from functions.models.unique import Unique, unique_key
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import RowId, Status, row_shape
from functions.services import rules as rules_service

RuleName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_./:\-]+$")]


class AccountEdit(RowId):
    """What the admin and member edit forms add: the row's `id`, and a password that may stay empty
    (unchanged; checked by the rule when given)."""

    password: str = ""


class AccountFields(Schema):
    """What the back office's admin and member forms share; each adds its own group fields. Their edit
    forms add `AccountEdit`'s fields (`edit_form`)."""

    edit_adds: ClassVar[type[Schema]] = AccountEdit

    username: Account
    nickname: Required
    password: Password
    email: OptionalEmail = ""
    mobile: OptionalMobile = ""
    avatar: AvatarUrl = ""
    motto: Motto = ""
    status: Status = "enable"


# The columns the admin and member lists open with, in this order.
ACCOUNT_COLUMNS = ("id", "username", "nickname", "email", "mobile")


class GroupFields(Schema):
    """What the admin and member group forms share; the admin's adds its parent (`pid`)."""

    name: Required
    rules: list[int | str] = Field(default_factory=list)
    status: Status = "enable"
    remark: Text = Field("", max_length=255)


class RuleFields(Schema):
    """What back-office rules and member rules share; each adds its own `type` and `name`."""

    pid: int = 0
    title: Required
    title_en: str = Field("", max_length=100)
    path: str = Field("", max_length=200)
    icon: str = Field("", max_length=100)
    menu_type: Literal["tab", "link", "iframe"] = "tab"
    url: Url = Field("", max_length=500)
    component: str = Field("", max_length=200)
    keepalive: bool = False
    remark: Text = Field("", max_length=255)
    weigh: int = 0
    status: Status = "enable"


RULE_COLUMNS = (
    "id pid type title title_en label name path icon menu_type url component keepalive remark weigh status"
    " create_time update_time"
)
RuleRow = row_shape("RuleRow", AdminRule, RULE_COLUMNS)


def rule_values(body: Schema) -> dict[str, Any]:
    """A rule form's values for `functions.services.rules` (`type` stored as `rule_type`)."""
    values = body.model_dump(exclude={"id"})
    values["rule_type"] = values.pop("type")
    return values


class RuleTableBase(Table):
    """A menu-rule tree (back-office rules, member rules): the list columns, search and actions they share."""

    fields = ("id", "pid", "type", "title", "title_en", "name", "path", "menu_type", "status", "weigh")
    quick_search = ("title", "title_en", "name")
    actions = ("index", "add", "edit", "del", "sortable")
    tree = True
    row_model = RuleRow

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return {**item.to_row(), "label": item.label(get_lang())}

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        scope = rules_service.scope_of(self.model)
        return [(t("Rule name"), item.name, Unique(unique_key(scope, item.name), owner=""))]

    def kept_context(self, item: Any) -> dict[str, Any]:
        """The groups holding the rule: a restore grants it to them again."""
        return {"groups": rules_service.holding_groups(self.model, int(item.id))}

    def restored(self, tx: WatchedTransaction, item: Any, context: dict[str, Any]) -> str:
        gone = rules_service.regrant(tx, self.model, int(item.id), list(context.get("groups") or []))
        if not gone:
            return ""
        names = ", ".join(f"{entry.get('name', '')} (#{entry['id']})" for entry in gone)
        return t("not granted again to the groups deleted since: {groups}", groups=names)
