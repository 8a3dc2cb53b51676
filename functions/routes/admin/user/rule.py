"""Member rules (the member center's menus and routes): `/admin/user/rule/index|add|edit|del|sortable`
(permissions `user/rule/<action>`), a tree table; storage rules in `functions.services.rules`."""

from typing import Any, Literal

from functions.models.listing import PART
from functions.models.rule import UserRule, sort_key
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.shapes import edit_form, row_shape
from functions.routes.admin.table.shared import RULE_COLUMNS, RuleFields, RuleName, RuleTableBase, rule_values
from functions.services import rules as rules_service


class MemberRuleIn(RuleFields):
    type: Literal["route", "menu_dir", "menu", "nav_user_menu", "nav", "button"] = "menu"
    name: RuleName
    no_login_valid: bool = False


MemberRuleRow = row_shape("MemberRuleRow", UserRule, f"{RULE_COLUMNS} no_login_valid")


class MemberRuleTable(RuleTableBase):
    path = "user/rule"
    model = UserRule
    add_schema = MemberRuleIn
    edit_schema = edit_form(MemberRuleIn)
    row_model = MemberRuleRow

    def source(self, ctx: AdminContext) -> list[Any]:
        return sorted(UserRule.by_part.query(PART), key=sort_key)

    def create(self, body: Any, ctx: AdminContext) -> Any:
        return rules_service.create_rule(UserRule, rule_values(body))

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return rules_service.update_rule(UserRule, item, rule_values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return rules_service.delete_rules(UserRule, items)


table = MemberRuleTable()
router = table.router()
